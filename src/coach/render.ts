/**
 * `mjlab review`'s text (docs/replay.md, "A review"): per decision, every answer's expected net with its 95% interval and
 * danger, the played and the coach's moves marked; then the summary and the decisions ranked by cost. Seats by wind,
 * tiles in notation (docs/notation.md), decisions numbered as every tool numbers them (review.ts). Every line is
 * made printable (src/text.ts): a record's labels are untrusted text.
 */
import { printable } from '../text.js';
import type { Panel } from './panel.js';
import type { Review } from './review.js';

function signed(x: number): string {
  return `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
}

function pct(x: number): string {
  return `${Math.round(100 * x)}%`;
}

/** The candidates of a panel, one line each; `played`: the answer given, when known. */
export function panelLines(p: Panel, played: string | null): string[] {
  const width = Math.max(...p.candidates.map((c) => c.action.length));
  return p.candidates.map((c) => {
    const marks = [c.action === p.coach ? '← coach' : '', c.action === played ? `← played${c.action === p.coach ? '' : ` (loss ${p.loss.toFixed(2)}, 95% [${signed(p.loss_ci_low)}, ${signed(p.loss_ci_high)}])`}` : '']
      .filter((m) => m !== '')
      .join(' ');
    const danger = c.danger === null ? '           ' : `danger ${pct(c.danger).padStart(4)}`;
    return `    ${c.action.padEnd(width)}  ${signed(c.mean).padStart(8)}  [${signed(c.ci_low).padStart(8)}, ${signed(c.ci_high).padStart(8)}]  ${danger}  ${marks}`.trimEnd();
  });
}

export function renderReview(r: Review, file: string): string {
  const s = r.summary;
  const out = [
    `mjlab review: seat ${r.seat} (${r.recorded}) of ${file}, coach ${r.coach}: ${r.worlds} worlds per answer, review seed ${r.seed}`,
    `values: ${r.seat}'s expected net of the hand after each answer, with its 95% interval; danger: the probability that another seat may declare Mah-Jongg on the discard (${r.belief ? `the belief model ${r.belief.file}, SHA-256 ${r.belief.sha256.slice(0, 12)}…, docs/belief.md` : 'src/infer/danger.ts'})`,
  ];
  for (const d of r.decisions) {
    out.push('');
    out.push(`hand ${d.hand}, decision ${d.decision} (answers event ${d.event}: ${d.answers}) · ${d.phase} · ${d.wind} holds ${d.holding}${d.offer !== null ? ` · offered ${d.offer}` : ''}${d.forced ? ' · forced' : ''}${d.mistake ? ' · MISTAKE' : ''}`);
    out.push(...panelLines(d, d.played));
  }
  out.push('');
  out.push(
    `summary: ${s.decisions} decision${s.decisions === 1 ? '' : 's'} of ${r.seat} (${s.valued} with a choice); agreement with the coach ${pct(s.agreement)}; ` +
      `total expected loss ${s.total_loss.toFixed(2)} points; ${s.mistakes} mistake${s.mistakes === 1 ? '' : 's'} (${s.mistake_rule})`,
  );
  const costly = s.ranked.filter((x) => x.loss > 0);
  out.push(costly.length === 0 ? 'no decision lost anything by the coach\'s values' : 'decisions by cost:');
  for (const x of costly) {
    out.push(`  ${x.loss.toFixed(2).padStart(8)}  hand ${x.hand}, decision ${x.decision}: played ${x.played}, coach ${x.coach}${x.mistake ? '  MISTAKE' : ''}`);
  }
  return `${out.map(printable).join('\n')}\n`;
}
