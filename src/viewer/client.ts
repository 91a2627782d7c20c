/**
 * Replay viewer, browser side (docs/replay.md): draws the table for each position that positions.ts rebuilds
 * from the embedded record, with step / play / jump controls, the keyboard (←/→ step, space play/pause, Home/End),
 * a move list and, once a hand is over, its book-style score breakdown and settlement.
 *
 * Serialised into the page with Function.prototype.toString (html.ts): it must stay self-contained — no imports,
 * no outer references. The DOM is reached through `win`, typed loosely because the project compiles without the
 * DOM library. Stable hooks for tests and readers: ids #wall, #step, #moves, #result, #scores and data-* attributes.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Review, ReviewDecision } from '../coach/review.js';
import type { GameRecord } from '../record/record.js';
import type { CoachPanelWidget } from './coach-panel.js';
import type { Position } from './positions.js';
import type { Widgets } from './widgets.js';

export function viewerClient(
  win: any, record: GameRecord, reconstruct: (r: GameRecord) => Position[], widgets: Widgets, review: Review | null = null, coach: CoachPanelWidget | null = null,
): void {
  const doc = win.document;
  const positions = reconstruct(record);
  const $ = (id: string): any => doc.getElementById(id);
  const { esc, tile } = widgets;

  const WIND_NAME: Record<string, string> = { E: 'East', S: 'South', W: 'West', N: 'North' };
  // Where a seat sits, by its wind: East at the foot of the page, play running counter-clockwise (docs/rules.md "A turn").
  const ROTATION: Record<string, number> = { E: 0, S: -90, W: 180, N: 90 };
  const PLATE: Record<string, string> = { E: 'pos-se', S: 'pos-ne', W: 'pos-nw', N: 'pos-sw' };

  const windOf = (p: Position, seat: number): string => p.seats[seat]?.wind ?? '?';
  /** A seat by the wind it held in the first hand (a match's final scores). */
  const firstWind = (seat: number): string => positions[0]?.seats[seat]?.wind ?? '?';
  const who = (p: Position, seat: number): string => `${windOf(p, seat)} (${record.strategies[seat]})`;

  /** One line of the move list, as render.ts words it. */
  function describe(p: Position): string {
    return widgets.describe(record.hands[p.hand]!.events[p.event]!, (s) => windOf(p, s), (s) => record.strategies[s] ?? '?');
  }

  function meldHtml(m: Position['seats'][number]['melds'][number], p: Position): string {
    const tiles = m.tiles.map((t, i) => {
      if (m.concealed) return tile(t, { down: i === 0 || i === 3, note: 'concealed kong' });
      const claimed = m.claimed === t && m.tiles.indexOf(t) === i;
      return tile(t, claimed ? { cls: 'claimed-in', note: `claimed from ${windOf(p, m.from ?? 0)}` } : {});
    });
    return `<span class="meld${m.concealed ? ' concealed' : ''}" data-meld="${esc(m.text)}" title="${esc(m.text)}">${tiles.join('')}</span>`;
  }

  function seatHtml(p: Position, seat: number): string {
    const s = p.seats[seat]!;
    const rest = s.concealed.slice();
    if (s.drawn !== null) rest.splice(rest.lastIndexOf(s.drawn), 1);
    // The winning tile is set apart like a drawn one, so the reader sees what completed the hand.
    let win: string | null = null;
    if (p.winner === seat && p.winTile !== null && s.drawn === null && rest.includes(p.winTile)) {
      rest.splice(rest.lastIndexOf(p.winTile), 1);
      win = p.winTile;
    }
    const hand = rest.map((t) => tile(t)).join('');
    const drawn =
      s.drawn !== null
        ? tile(s.drawn, { cls: `drawn${p.winner === seat ? ' win' : ''}`, note: p.winner === seat ? 'winning tile' : 'just drawn' })
        : win !== null
          ? tile(win, { cls: 'drawn win', note: 'winning tile' })
          : '';
    const river = s.discards
      .map((d, i) => {
        const last = p.lastDiscard !== null && p.lastDiscard.seat === seat && p.lastDiscard.index === i;
        const cls = `${d.claimedBy !== null ? 'claimed' : ''}${last ? ' last' : ''}`.trim();
        const note = d.claimedBy !== null ? `claimed by ${windOf(p, d.claimedBy)}` : last ? 'last discard' : '';
        const attrs = ` data-claimed-by="${d.claimedBy ?? ''}"`;
        return tile(d.tile, { cls, note, attrs });
      })
      .join('');
    const rot = ROTATION[s.wind] ?? 0;
    return (
      `<div class="side${p.actor === seat ? ' acting' : ''}${p.winner === seat ? ' winner' : ''}" style="transform:rotate(${rot}deg)" ` +
      `data-seat="${seat}" data-wind="${esc(s.wind)}" data-strategy="${esc(record.strategies[seat])}">` +
      `<div class="river${s.discards.length > 36 ? ' dense' : ''}" data-role="discards">${river}</div>` +
      `<div class="melds" data-role="melds">${s.melds.map((m) => meldHtml(m, p)).join('')}</div>` +
      `<div class="hand" data-role="concealed">${hand}${drawn}</div>` +
      `</div>`
    );
  }

  function plateHtml(p: Position, seat: number): string {
    const s = p.seats[seat]!;
    const cum = record.unit === 'match' ? matchScore(p, seat) : null;
    return (
      `<div class="plate ${PLATE[s.wind] ?? ''}${p.actor === seat ? ' acting' : ''}${p.winner === seat ? ' winner' : ''}" data-seat="${seat}">` +
      `<div class="wind" title="${esc(WIND_NAME[s.wind] ?? s.wind)} wind">${esc(s.wind)}</div>` +
      `<div class="who"><b>${esc(WIND_NAME[s.wind] ?? s.wind)}</b>${p.dealer === seat ? ' <span class="dealer">dealer</span>' : ''}<br>` +
      `<span class="strategy">${esc(record.strategies[seat])}</span>` +
      (cum !== null ? `<br><span class="cum" data-score="${cum}" title="score in the match: the start and every hand settled so far">${cum}</span>` : '') +
      (p.winner === seat ? '<br><span class="mj">Mah-Jongg!</span>' : '') +
      `</div>` +
      `<div class="flowers" data-role="flowers">${s.flowers.map((f) => tile(f)).join('')}</div>` +
      `</div>`
    );
  }

  /**
   * A seat's score in the match at position p: its starting score (the final score less every hand's net, so
   * Babcock's 2,000 comes from the record itself), the hands before p's, and p's own once it is settled. At the
   * last position it is the record's final score.
   */
  function matchScore(p: Position, seat: number): number {
    let total = record.result.final_scores[seat] ?? 0;
    for (const hr of record.hands) total -= hr.result.nets[seat] ?? 0;
    for (let h = 0; h < p.hand; h++) total += record.hands[h]!.result.nets[seat] ?? 0;
    if (p.settle) total += p.settle.nets[seat] ?? 0;
    return total;
  }

  /** The book-style breakdown of hand h as far as position p has reached it. */
  function handScoresHtml(h: number, p: Position): string {
    const hr = record.hands[h]!;
    const last = h < p.hand ? positions.filter((q) => q.hand === h).pop()! : p;
    if (last.winner === null && !last.exhausted) return '';
    const r = hr.result;
    return widgets.breakdown({
      hand: h,
      head:
        last.winner !== null
          ? `${who(last, last.winner)} wins ${widgets.winBy(last.winBy ?? '')}${last.winTile ? ` (${last.winTile})` : ''}`
          : 'Drawn hand',
      handScore: last.winner !== null && r.winner_score !== null ? { score: r.winner_score, limit: r.limit_hit } : null,
      washes: last.washes.map((w) => `${who(last, w.seat)} washed the tiles (${w.heads} heads, ${widgets.washPaid(w)}).`),
      seats: last.scores.map((sc) => ({ seat: sc.seat, who: who(last, sc.seat), hand: sc.hand, score: sc.score, lines: sc.lines, winner: sc.seat === last.winner })),
      settle: last.settle
        ? { nets: last.settle.nets, winds: last.seats.map((_, s) => windOf(last, s)), payer: last.settle.payer !== null ? windOf(last, last.settle.payer) : null }
        : null,
    });
  }

  // ---- page skeleton -------------------------------------------------------------------------------------------
  const title = `${record.rules}, seed ${record.seed}, game ${record.game}`;
  $('title').textContent = review !== null ? `Review of ${review.seat} (${widgets.shown(review.recorded)}) by ${widgets.shown(review.coach)}: ${title}` : `Replay: ${title}`;
  $('subtitle').textContent =
    `${record.players} players · ${record.unit === 'match' ? `match of ${record.hands.length} hands` : 'one hand'}` +
    ` · limit ${record.limit ?? 'none'}${record.flowers ? ' · flowers' : ''} · ${record.strategies.map(widgets.shown).join(', ')}`;

  // The review's decisions by the position they answer: hand h's event e (both counted from 1 in the review).
  const decided = new Map<string, ReviewDecision>();
  for (const d of review?.decisions ?? []) decided.set(`${d.hand - 1}:${d.event - 1}`, d);
  const decisionAt = (p: Position): ReviewDecision | undefined => decided.get(`${p.hand}:${p.event}`);
  // The review's own list of mistakes (src/coach/mistake.ts), the one its summary counts.
  const mistakes = review !== null && coach !== null ? coach.mistakeSteps(positions, review.summary.mistake_at) : [];

  // Every event numbered by its place in the hand (1 the first): the number a review's decision names as the event it
  // answers, and the play page's (docs/replay.md, "A review").
  const moves: string[] = [];
  positions.forEach((p) => {
    if (p.event === 0) {
      const hr = record.hands[p.hand]!;
      moves.push(
        `<li class="hand-head" data-hand-head="${p.hand}">Hand ${p.hand + 1}${hr.prevailing ? ` · ${esc(WIND_NAME[hr.prevailing] ?? hr.prevailing)} round` : ''}</li>`,
      );
    }
    const ev = record.hands[p.hand]!.events[p.event]!;
    const d = decisionAt(p);
    const mark = d === undefined ? '' : ` decided${d.mistake ? ' mistake' : ''}" data-decision="${d.decision}`;
    moves.push(`<li data-step="${p.step}" data-event="${p.event + 1}" class="mv mv-${ev.e}${mark}"><span class="n">${p.event + 1}</span>${esc(describe(p))}</li>`);
  });
  $('moves').innerHTML = moves.join('');

  const handSel = $('hand-select');
  handSel.innerHTML = record.hands
    .map((hr, h) => {
      const r = hr.result;
      const end = r.winner_seat !== null ? `${r.winner_wind} ${r.winner_strategy} wins ${r.winner_score ?? ''}` : 'drawn';
      return `<option value="${h}">Hand ${h + 1}: ${esc(end)}</option>`;
    })
    .join('');
  if (record.hands.length < 2) handSel.hidden = true;

  // ---- state and drawing ---------------------------------------------------------------------------------------
  let step = 0;
  let timer: any = null;
  const slider = $('slider');
  slider.max = String(positions.length - 1);

  function draw(): void {
    const p = positions[step]!;
    const seats = p.seats.map((_, s) => s);
    widgets.patch($('table-sides'), [...seats.map((s) => seatHtml(p, s)), ...seats.map((s) => plateHtml(p, s))]);
    const wall = $('wall');
    wall.textContent = String(p.wall);
    wall.dataset.wall = String(p.wall);
    $('round').textContent = p.prevailing ? `${WIND_NAME[p.prevailing] ?? p.prevailing} round` : 'no prevailing wind';
    $('hand-no').textContent = `Hand ${p.hand + 1} of ${record.hands.length}`;
    $('prevailing').textContent = p.prevailing ?? '—';
    $('prevailing').className = p.prevailing ? '' : 'none';
    const st = $('step');
    st.textContent = `${step + 1} / ${positions.length}`;
    st.dataset.step = String(step);
    st.dataset.total = String(positions.length);
    $('now').textContent = describe(p);
    slider.value = String(step);
    handSel.value = String(p.hand);

    const r = record.hands[p.hand]!.result;
    const res = $('result');
    const over = p.winner !== null || p.exhausted;
    res.hidden = !over;
    res.dataset.hand = String(p.hand);
    res.dataset.winnerSeat = p.winner === null ? '' : String(p.winner);
    res.dataset.winnerScore = over && r.winner_score !== null ? String(r.winner_score) : '';
    res.dataset.winBy = p.winBy ?? (p.exhausted ? 'exhausted' : '');
    res.textContent = !over
      ? ''
      : p.winner !== null
        ? `Mah-Jongg: ${who(p, p.winner)} ${widgets.winBy(p.winBy ?? '')}${r.winner_score !== null && p.scores.length ? `, hand score ${r.winner_score}` : ''}`
        : 'Drawn hand';

    const parts: string[] = [];
    for (let h = 0; h <= p.hand; h++) {
      const html = handScoresHtml(h, p);
      if (html) parts.push(html);
    }
    const isEnd = step === positions.length - 1;
    if (isEnd && record.unit === 'match') {
      parts.push(
        `<p class="final" data-role="final-scores">Final scores: ${record.result.final_scores
          .map((s, i) => `${esc(firstWind(i))} (${esc(record.strategies[i])}) ${s}`)
          .join(', ')}</p>`,
      );
    }
    widgets.patch($('scores'), parts.length ? parts : ['<p class="muted">The score breakdown appears when the hand is over.</p>']);

    const list = $('moves');
    const old = list.querySelector('.current');
    if (old) old.classList.remove('current');
    const cur = list.querySelector(`li[data-step="${step}"]`);
    if (cur) {
      cur.classList.add('current');
      const top = cur.offsetTop; // #moves is positioned, so offsets are relative to it
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - cur.offsetHeight) list.scrollTop = top - list.clientHeight / 2;
    }
    if (review !== null && coach !== null) drawCoach(p);
    $('play').textContent = timer === null ? '▶ Play' : '❚❚ Pause';
    $('play').dataset.playing = timer === null ? 'false' : 'true';
  }

  /** The review's panel: the seat's decision at this position (it answers this event), or where the next one is. */
  function drawCoach(p: Position): void {
    const d = decisionAt(p);
    const s = review!.summary;
    $('coach-summary').textContent =
      ` ${review!.seat} (${widgets.shown(review!.recorded)}): agreement ${Math.round(100 * s.agreement)}%, loss ${s.total_loss.toFixed(1)}, ${s.mistakes} mistake${s.mistakes === 1 ? '' : 's'}`;
    const box = $('coach-panel');
    box.title = s.mistake_rule;
    if (d === undefined) {
      const next = positions.find((q) => q.step > p.step && decisionAt(q) !== undefined);
      box.innerHTML = `<p class="muted">No decision of ${esc(review!.seat)} answers this event${next ? ` (the next: hand ${next.hand + 1}, event ${next.event + 1})` : ''}. Coach: ${esc(review!.coach)}.</p>`;
      box.dataset.decision = '';
      return;
    }
    const head = `hand ${d.hand}, decision ${d.decision}, answers event ${d.event}: ${d.answers} · ${d.wind} holds ${d.holding}${d.offer ? ` · offered ${d.offer}` : ''}`;
    box.innerHTML = coach!.html(d, d.played, head, esc);
    box.dataset.decision = `${d.hand}:${d.decision}`;
  }

  function go(k: number): void {
    step = Math.max(0, Math.min(positions.length - 1, k));
    draw();
  }
  function pause(): void {
    if (timer !== null) win.clearInterval(timer);
    timer = null;
  }
  function play(): void {
    if (timer !== null) return pause(), draw();
    if (step === positions.length - 1) step = 0;
    timer = win.setInterval(() => {
      if (step >= positions.length - 1) {
        pause();
        draw();
      } else go(step + 1);
    }, Number($('speed').value));
    draw();
  }

  $('first').onclick = () => (pause(), go(0));
  $('prev').onclick = () => (pause(), go(step - 1));
  $('next').onclick = () => (pause(), go(step + 1));
  $('last').onclick = () => (pause(), go(positions.length - 1));
  $('play').onclick = () => play();
  $('speed').onchange = () => {
    if (timer !== null) {
      pause();
      play();
    }
  };
  slider.oninput = () => (pause(), go(Number(slider.value)));
  handSel.onchange = () => {
    pause();
    go(positions.findIndex((p) => p.hand === Number(handSel.value)));
  };
  $('moves').onclick = (e: any) => {
    const li = e.target.closest('li[data-step]');
    if (li) (pause(), go(Number(li.dataset.step)));
  };
  doc.addEventListener('keydown', (e: any) => {
    // A select or a text field keeps its own keys; the move slider does not: its PgUp/PgDn would jump by a tenth of
    // the moves (to the start, in a short game) where the page's keys go to the previous / next hand.
    const t = e.target;
    if (t && (t.tagName === 'SELECT' || (t.tagName === 'INPUT' && t.type !== 'range')) && e.key !== ' ') return;
    const k = e.key;
    if (k === 'ArrowRight') (pause(), go(step + 1));
    else if (k === 'ArrowLeft') (pause(), go(step - 1));
    else if (k === ' ' || k === 'Spacebar') play();
    else if (k === 'Home') (pause(), go(0));
    else if (k === 'End') (pause(), go(positions.length - 1));
    else if (k === 'PageDown') {
      pause();
      const next = positions.findIndex((p) => p.hand === positions[step]!.hand + 1);
      go(next < 0 ? positions.length - 1 : next);
    }
    else if (k === 'PageUp') (pause(), go(positions.findIndex((p) => p.hand === Math.max(0, positions[step]!.hand - 1))));
    else if (k === 'n' && review !== null) (pause(), nextMistake(1));
    else if (k === 'p' && review !== null) (pause(), nextMistake(-1));
    else return;
    e.preventDefault();
  });

  /** To the next (dir 1) or previous (-1) mistake of the review, if there is one that way. */
  function nextMistake(dir: number): void {
    const to = dir > 0 ? mistakes.find((m) => m > step) : [...mistakes].reverse().find((m) => m < step);
    if (to !== undefined) go(to);
  }
  if (review !== null) {
    $('next-mistake').onclick = () => (pause(), nextMistake(1));
    $('prev-mistake').onclick = () => (pause(), nextMistake(-1));
  }

  // Fit the square table to the window; the page stays usable on a laptop screen.
  function fit(): void {
    const avail = Math.min(win.innerWidth - 400, win.innerHeight - 90);
    $('table').style.zoom = String(Math.max(0.5, Math.min(1, avail / 960)));
  }
  win.addEventListener('resize', fit);
  fit();
  // Buttons keep no focus, so space always means play/pause rather than "press the focused button".
  for (const b of doc.querySelectorAll('button')) b.addEventListener('mousedown', (e: any) => e.preventDefault());
  go(0);
  doc.body.dataset.ready = 'true';
}
