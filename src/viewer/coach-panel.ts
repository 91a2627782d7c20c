/**
 * The coach's panel for one decision (docs/replay.md, "A review"), drawn alike on the review page (the replay viewer
 * with a review) and as the hint at `mjlab play`'s table: every legal answer as a bar of its expected net with its
 * 95% interval as a whisker, on one scale with 0 marked, its danger (a discard), and the played and the coach's
 * moves marked. Serialised into both pages with Function.prototype.toString (html.ts): self-contained, no imports,
 * no outer references.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Panel } from '../coach/panel.js';

export interface CoachPanelWidget {
  /** The panel's markup; `played`: the answer given (a review), or null (a hint); `head`: its first line. */
  html(p: Panel, played: string | null, head: string, esc: (s: unknown) => string): string;
  /**
   * The steps of the review page the mistake buttons go to: the review's list of mistakes (its summary's
   * `mistake_at`, src/coach/mistake.ts), each at the position of the event it answers (hand and event from 1).
   */
  mistakeSteps(positions: readonly { hand: number; event: number; step: number }[], at: readonly { hand: number; event: number }[]): number[];
}

export function coachPanel(): CoachPanelWidget {
  const fixed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  function html(p: Panel, played: string | null, head: string, esc: (s: unknown) => string): string {
    let lo = 0;
    let hi = 0;
    for (const c of p.candidates) {
      lo = Math.min(lo, c.ci_low);
      hi = Math.max(hi, c.ci_high);
    }
    const span = hi - lo || 1;
    const at = (x: number): number => (100 * (x - lo)) / span;
    const zero = at(0);
    const rows = p.candidates
      .map((c) => {
        const isCoach = c.action === p.coach;
        const isPlayed = c.action === played;
        const left = Math.min(zero, at(c.mean));
        const width = Math.abs(at(c.mean) - zero);
        const marks = `${isCoach ? '<span class="mark coach-mark">coach</span>' : ''}${isPlayed ? '<span class="mark played-mark">played</span>' : ''}`;
        const danger = c.danger === null ? '' : `<span class="danger" title="danger: the probability that another seat may declare Mah-Jongg on this discard">${Math.round(100 * c.danger)}%</span>`;
        return (
          `<li class="cand${isCoach ? ' is-coach' : ''}${isPlayed ? ' is-played' : ''}" data-action="${esc(c.action)}" data-mean="${c.mean}" data-ci-low="${c.ci_low}" data-ci-high="${c.ci_high}"${c.danger === null ? '' : ` data-danger="${c.danger}"`}>` +
          `<span class="act">${esc(c.action)}</span>` +
          `<span class="bar" title="expected net ${fixed(c.mean)}, 95% interval ${fixed(c.ci_low)} to ${fixed(c.ci_high)}">` +
          `<span class="zero" style="left:${zero.toFixed(1)}%"></span>` +
          `<span class="fill${c.mean < 0 ? ' neg' : ''}" style="left:${left.toFixed(1)}%;width:${width.toFixed(1)}%"></span>` +
          `<span class="ci" style="left:${at(c.ci_low).toFixed(1)}%;width:${(at(c.ci_high) - at(c.ci_low)).toFixed(1)}%"></span></span>` +
          `<span class="val">${fixed(c.mean)}</span>${danger}${marks}</li>`
        );
      })
      .join('');
    const verdict =
      played === null
        ? `coach: <b>${esc(p.coach)}</b>`
        : played === p.coach
          ? `played <b>${esc(played)}</b>: the coach's move`
          : `played <b>${esc(played)}</b>, coach <b>${esc(p.coach)}</b>: loss ${p.loss.toFixed(1)} (95% ${fixed(p.loss_ci_low)} to ${fixed(p.loss_ci_high)})${p.mistake ? ' — <span class="mistake-word">mistake</span>' : ''}`;
    return (
      `<div class="coach-panel${p.mistake ? ' mistake' : ''}" data-coach="${esc(p.coach)}" data-loss="${p.loss}" data-mistake="${p.mistake}">` +
      `<div class="coach-head">${esc(head)}</div><div class="coach-verdict">${verdict}</div>` +
      `<ol class="cands">${rows}</ol>` +
      `<div class="coach-scale">expected net of the hand for ${esc(p.wind)}; bar: mean, line: 95% interval, scale ${fixed(lo)} to ${fixed(hi)}; % = danger</div></div>`
    );
  }
  function mistakeSteps(positions: readonly { hand: number; event: number; step: number }[], at: readonly { hand: number; event: number }[]): number[] {
    const steps: number[] = [];
    for (const m of at) {
      const p = positions.find((q) => q.hand === m.hand - 1 && q.event === m.event - 1);
      if (p !== undefined) steps.push(p.step);
    }
    return steps;
  }
  return { html, mistakeSteps };
}

export const COACH_CSS = `
.coach-panel { background:#23272b; border:1px solid #3a3f45; border-radius:6px; padding:6px 8px; font-size:12px; }
.coach-panel.mistake { border-color:#c2452d; }
.coach-head { color:#c9c3b1; }
.coach-verdict { margin:2px 0 4px; color:#f3efe2; }
.mistake-word { color:#ff8a6b; font-weight:bold; }
.cands { list-style:none; margin:0; padding:0; }
.cand { display:grid; grid-template-columns:92px 1fr 46px 34px 80px; gap:4px; align-items:center; padding:1px 0; }
.cand .act { font-family:'Liberation Mono',monospace; white-space:nowrap; }
.cand .bar { position:relative; height:12px; background:#2f353b; border-radius:2px; }
.cand .zero { position:absolute; top:-2px; bottom:-2px; width:1px; background:#8f8a7d; }
.cand .fill { position:absolute; top:2px; height:8px; background:#4f8f6a; }
.cand .fill.neg { background:#a4533f; }
.cand .ci { position:absolute; top:5px; height:2px; background:#f3efe2; opacity:.8; }
.cand .val { text-align:right; font-variant-numeric:tabular-nums; }
.cand .danger { color:#ffb38a; text-align:right; font-variant-numeric:tabular-nums; }
.cand.is-coach .act { color:var(--gold); font-weight:bold; }
.cand.is-played .act { text-decoration:underline; }
.mark { font-size:10px; border-radius:3px; padding:0 3px; margin-right:2px; }
.coach-mark { background:#6b5514; color:#fff3c8; }
.played-mark { background:#3b4148; color:#f1efe8; border:1px solid #8f8a7d; }
.coach-scale { color:#8f8a7d; margin-top:4px; }
#moves li.decided .n::before { content:'●'; color:#8fae9c; margin-right:2px; }
#moves li.decided.mistake .n::before { color:#ff6b3d; }
#moves { height:360px; }
`;
