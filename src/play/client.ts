/**
 * `mjlab play`'s page, browser side (docs/play.md): draws the table from the person's seat from what the
 * server sends (message.ts: the seat's view, the public events, the finished hands) and sends the person's answers.
 * Own tiles face up at the foot, the other seats' concealed tiles face down, each seat placed by its wind relative to
 * the person's (play runs counter-clockwise: the next player on the right). Only the legal answers of the moment are
 * offered: a tile to discard (click it, or ← → and Enter), and buttons, each with its key, for kongs, Mah-Jongg and
 * the claims on the live discard (outlined in its river), robbing and washing.
 *
 * Serialised into the page with Function.prototype.toString (page.ts): self-contained, no imports, no outer
 * references; the DOM is reached through `win`. Hooks for tests and readers: #status[data-status], #actions
 * button[data-action], the person's tiles [data-index], #notice, #result, #saved[data-file], and
 * `window.mjlabPlay.send(action)` (what a click sends).
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Breakdown, Widgets } from '../viewer/widgets.js';
import type { CoachPanelWidget } from '../viewer/coach-panel.js';

export function playClient(win: any, widgets: Widgets, coach: CoachPanelWidget | null = null): void {
  const doc = win.document;
  const $ = (id: string): any => doc.getElementById(id);
  const { esc, tile, code, concealedOf, meldHtml } = widgets;
  const WINDS = 'ESWN';
  const WIND_NAME: Record<string, string> = { E: 'East', S: 'South', W: 'West', N: 'North' };
  // By the seat's wind relative to the person's: the person at the foot, the next to play on the right.
  const ROTATION = [0, -90, 180, 90];

  let msg: any = null;
  let sel = -1;
  let busy = false;
  /** The hand whose breakdown was last brought into view. */
  let shownBreakdown = -1;
  /** The hint shown (`--coach`, docs/play.md "A hint from the coach") and the moment it answers: it goes when the moment passes. */
  let hint: { token: number; html: string } | null = null;

  /** Tile id (src/tiles) → code (docs/notation.md). */
  const wind = (seat: number): string => WINDS.charAt(msg.view.table[seat]?.seatWind ?? 0);
  const label = (seat: number): string => msg.table.labels[seat] ?? '?';
  const you = (seat: number): boolean => seat === msg.table.seat;
  const named = (seat: number): string => (you(seat) ? `${wind(seat)} (you)` : wind(seat));
  const who = (seat: number): string => `${wind(seat)} (${you(seat) ? 'you' : label(seat)})`;

  /** The legal discards, by tile id. */
  function discardable(): Set<number> {
    const out = new Set<number>();
    if (msg.status !== 'decide') return out;
    for (const a of msg.view.legal) if (a.type === 'discard') out.add(a.tile);
    return out;
  }

  /** The person's concealed tiles in the order shown: the drawn tile set apart at the end. */
  function ownTiles(): number[] {
    const v = msg.view;
    const rest: number[] = v.concealed.slice();
    if (v.drawn !== null) {
      rest.splice(rest.lastIndexOf(v.drawn), 1);
      rest.push(v.drawn);
    }
    return rest;
  }

  /** Score events of the last finished hand, when this hand is over: every scored hand is shown at the end. */
  function shownHands(): Record<number, string> {
    const out: Record<number, string> = {};
    const last = msg.finished[msg.finished.length - 1];
    if (msg.status === 'decide' || !last || last.hand !== msg.hand) return out;
    for (const ev of last.end) if (ev.e === 'score') out[ev.seat] = ev.hand;
    return out;
  }

  function seatHtml(seat: number): string {
    const v = msg.view;
    const sp = v.table[seat];
    const rel = (sp.seatWind - v.seatWind + 4) % 4;
    const live = v.lastDiscard;
    const claimWindow = msg.status === 'decide' && (v.phase === 'claim' || v.phase === 'rob');
    const river = sp.discards
      .map((d: { tile: number; claimed: boolean }, i: number) => {
        const isLast = live !== null && live.by === seat && i === sp.discards.length - 1 && !d.claimed && v.phase !== 'rob';
        const cls = `${d.claimed ? 'claimed' : ''}${isLast ? (claimWindow ? ' live last' : ' last') : ''}`.trim();
        return tile(code(d.tile), { cls, note: d.claimed ? 'claimed' : isLast ? (claimWindow ? 'the live discard: claim it or pass' : 'last discard') : '' });
      })
      .join('');
    let hand: string;
    if (you(seat)) {
      const ok = discardable();
      const tiles = ownTiles();
      hand = tiles
        .map((t, i) => {
          const drawn = v.drawn !== null && i === tiles.length - 1;
          const cls = `own${drawn ? ' drawn' : ''}${ok.has(t) ? ' playable' : ''}${i === sel && ok.size ? ' sel' : ''}`;
          return tile(code(t), { cls, note: drawn ? 'just drawn' : ok.has(t) ? 'click to discard' : '', attrs: ` data-index="${i}" data-id="${t}"` });
        })
        .join('');
    } else {
      const open = shownHands()[seat];
      hand =
        open !== undefined
          ? concealedOf(open).map((c) => tile(c, { cls: 'shown', note: 'shown at the end of the hand' })).join('')
          : Array.from({ length: sp.concealedCount }, () => `<span class="t down" data-tile="back" title="a concealed tile"><svg viewBox="0 0 30 40"><use href="#t-back"/></svg></span>`).join('');
    }
    const acting = msg.status === 'decide' && you(seat);
    return (
      `<div class="side${acting ? ' acting' : ''}${you(seat) ? ' you' : ''}" style="transform:rotate(${ROTATION[rel]}deg)" data-seat="${seat}" data-wind="${wind(seat)}">` +
      `<div class="river${sp.discards.length > 36 ? ' dense' : ''}" data-role="discards">${river}</div>` +
      `<div class="melds" data-role="melds">${sp.melds.map(meldHtml).join('')}</div>` +
      `<div class="hand" data-role="concealed" data-count="${sp.concealedCount}">${hand}</div>` +
      // The name plate turns with its row and sits at the row's start, so it is read with the row it names.
      plateHtml(seat) +
      `</div>`
    );
  }

  function plateHtml(seat: number): string {
    const v = msg.view;
    const sp = v.table[seat];
    const w = wind(seat);
    // A number on a plate says what it is: the score carried in the match.
    const score = msg.table.unit === 'match' ? `<br><span class="cum" data-score="${msg.scores[seat]}" title="score carried in the match">match score ${msg.scores[seat]}</span>` : '';
    return (
      `<div class="plate row-plate${you(seat) ? ' you' : ''}" data-seat="${seat}"">` +
      `<div class="wind" title="${esc(WIND_NAME[w])} wind">${w}</div>` +
      `<div class="who"><b>${esc(WIND_NAME[w])}</b>${v.dealer === seat ? ' <span class="dealer">dealer</span>' : ''}<br>` +
      `<span class="strategy">${you(seat) ? 'you' : esc(label(seat))}</span> ${score}</div>` +
      `<div class="flowers" data-role="flowers">${sp.flowers.map((f: number) => tile(code(f))).join('')}</div>` +
      `</div>`
    );
  }

  /** A button per legal answer other than a discard, each with its key. */
  function answers(): { action: any; text: string; key: string }[] {
    const v = msg.view;
    const out: { action: any; text: string; key: string }[] = [];
    if (msg.status !== 'decide') return out;
    const used = new Set<string>();
    const keyFor = (k: string): string => {
      if (used.has(k)) return '';
      used.add(k);
      return k;
    };
    for (const a of v.legal) {
      if (a.type === 'discard') continue;
      const t = a.tile !== undefined ? code(a.tile) : '';
      const on = v.lastDiscard ? code(v.lastDiscard.tile) : '';
      let text = a.type;
      let key = '';
      switch (a.type) {
        case 'mahjong':
          text = v.phase === 'claim' ? `Mah-Jongg on ${on}` : 'Mah-Jongg!';
          key = keyFor('m');
          break;
        case 'pung':
          text = `Pung ${on}`;
          key = keyFor('p');
          break;
        case 'kong':
          text = `Kong ${on}`;
          key = keyFor('k');
          break;
        case 'concealed-kong':
          text = `Kong ${t} (concealed)`;
          key = keyFor('k');
          break;
        case 'add-kong':
          text = `Add ${t} to your pung (kong)`;
          key = keyFor('k');
          break;
        case 'chow': {
          const suit = t.slice(-1);
          const r = Number(t.slice(0, -1));
          text = `Chow ${r}-${r + 1}-${r + 2}${suit}`;
          key = keyFor('c');
          break;
        }
        case 'rob':
          text = `Rob the kong: Mah-Jongg on ${on}`;
          key = keyFor('r');
          break;
        case 'wash':
          text = 'Wash the tiles';
          key = keyFor('w');
          break;
        case 'pass':
          text = v.phase === 'wash' ? 'Play on' : 'Pass';
          key = keyFor(' ');
          break;
      }
      out.push({ action: a, text, key });
    }
    return out;
  }

  function promptText(): string {
    const v = msg.view;
    if (msg.status === 'stopped') return 'The game has stopped.';
    if (msg.status !== 'decide') return '';
    const last = v.lastDiscard;
    switch (v.phase) {
      case 'turn':
        return discardable().size ? 'Your turn: click a tile to discard it (← → to choose, Enter to discard).' : 'Your turn.';
      case 'claim':
        return `${named(last.by)} discarded ${code(last.tile)}: claim it, or pass.`;
      case 'rob':
        return `${named(last.by)} adds ${code(last.tile)} to his pung: rob the kong, or pass.`;
      case 'wash': {
        const heads = new Set(v.concealed.filter((t: number) => t >= 27 || t % 9 === 0 || t % 9 === 8)).size;
        return `You hold ${heads} different heads: wash the tiles (call "no play"), or play on.`;
      }
      default:
        return '';
    }
  }

  function breakdownOf(f: any): string {
    const r = f.result;
    const windOf = (s: number): string => f.winds[s] ?? '?';
    const whoIn = (s: number): string => `${windOf(s)} (${you(s) ? 'you' : label(s)})`;
    const mj = f.end.find((e: any) => e.e === 'mahjong');
    const settle = f.end.find((e: any) => e.e === 'settle');
    const b: Breakdown = {
      hand: f.hand,
      head: r.winner_seat !== null ? `${whoIn(r.winner_seat)} wins ${widgets.winBy(r.win_by)}${mj ? ` (${mj.tile})` : ''}` : 'Drawn hand',
      handScore: r.winner_seat !== null && r.winner_score !== null ? { score: r.winner_score, limit: r.limit_hit } : null,
      washes: r.washes.map((w: any) => `${whoIn(w.seat)} washed the tiles (${w.heads} heads, ${widgets.washPaid(w)}).`),
      seats: f.end
        .filter((e: any) => e.e === 'score')
        .map((e: any) => ({ seat: e.seat, who: whoIn(e.seat), hand: e.hand, score: e.score, lines: e.lines, winner: e.seat === r.winner_seat })),
      settle: settle ? { nets: settle.nets, winds: settle.nets.map((_: number, s: number) => windOf(s)), payer: settle.payer !== null ? windOf(settle.payer) : null } : null,
    };
    return widgets.breakdown(b);
  }

  function draw(): void {
    if (msg === null) return;
    const v = msg.view;
    const t = msg.table;
    const p = t.players;
    $('title').textContent = `mjlab play: ${t.rules}, seed ${t.seed}, game ${t.game}`;
    $('subtitle').textContent =
      `${t.title} · ${p} players · ${t.unit === 'match' ? 'a match' : 'one hand'} · limit ${t.limit ?? 'none'}${t.flowers ? ' · flowers' : ''}` +
      ` · you are ${WINDS.charAt(v.seatWind)}; ${t.labels.map((l: string, s: number) => (s === t.seat ? null : `${WINDS.charAt(v.table[s].seatWind)} ${l}`)).filter((x: string | null) => x !== null).join(', ')}`;
    const own = ownTiles();
    const ok = discardable();
    if (!ok.size) sel = -1;
    else if (sel < 0 || sel >= own.length || !ok.has(own[sel]!)) {
      sel = own.length - 1;
      while (sel > 0 && !ok.has(own[sel]!)) sel--;
    }
    const seats = Array.from({ length: p }, (_, s) => s);
    widgets.patch($('table-sides'), seats.map(seatHtml));
    $('wall').textContent = String(v.wallCount);
    $('wall').dataset.wall = String(v.wallCount);
    $('round').textContent = v.prevailingWind !== null ? `${WIND_NAME[WINDS.charAt(v.prevailingWind)]} round` : 'no prevailing wind';
    $('prevailing').textContent = v.prevailingWind !== null ? WINDS.charAt(v.prevailingWind) : '—';
    $('prevailing').className = v.prevailingWind !== null ? '' : 'none';
    $('hand-no').textContent = `Hand ${msg.hand + 1}${t.unit === 'match' ? ' of the match' : ''}`;

    const st = $('status');
    st.dataset.status = msg.status;
    st.dataset.phase = v.phase;
    st.dataset.token = String(msg.token);
    const live = msg.status === 'decide' && (v.phase === 'claim' || v.phase === 'rob') && v.lastDiscard ? tile(code(v.lastDiscard.tile), { cls: 'offer' }) : '';
    $('prompt').innerHTML = `${live}<span>${esc(promptText())}</span>`;
    const buttons = answers();
    $('actions').innerHTML = buttons
      .map(
        (b, i) =>
          `<button data-action="${esc(JSON.stringify(b.action))}" data-key="${esc(b.key)}" title="key: ${b.key === ' ' ? 'space' : esc(b.key || String(i + 1))} or ${i + 1}">` +
          `<kbd>${b.key === ' ' ? '␣' : esc(b.key || String(i + 1))}</kbd> ${esc(b.text)}</button>`,
      )
      .join('');

    const last = msg.finished[msg.finished.length - 1];
    const over = msg.status !== 'decide' && last && last.hand === msg.hand;
    const res = $('result');
    res.hidden = !over;
    res.dataset.hand = over ? String(last.hand) : '';
    res.dataset.winnerSeat = over && last.result.winner_seat !== null ? String(last.result.winner_seat) : '';
    res.dataset.winnerScore = over && last.result.winner_score !== null ? String(last.result.winner_score) : '';
    res.dataset.winBy = over ? last.result.win_by : '';
    res.textContent = !over
      ? ''
      : last.result.winner_seat !== null
        ? `Mah-Jongg: ${who(last.result.winner_seat)} ${widgets.winBy(last.result.win_by)}${last.result.winner_score !== null ? `, hand score ${last.result.winner_score}` : ''}`
        : 'Drawn hand';
    const ends: string[] = [];
    if (msg.status === 'hand-over') ends.push('<button id="next-hand" title="Enter"><kbd>↵</kbd> Next hand</button>');
    if (msg.status !== 'decide') ends.push(`<button id="new-game" title="N"><kbd>n</kbd> New game</button>`);
    if (msg.status === 'game-over' && msg.saved === null) ends.push('<button id="save-again">Save the record again</button>');
    $('end-buttons').innerHTML = ends.join('');
    const saved = $('saved');
    saved.hidden = msg.saved === null;
    saved.dataset.file = msg.saved?.file ?? '';
    saved.innerHTML = msg.saved
      ? `Saved: <code>${esc(msg.saved.file)}</code><br>Watch it: <code>${esc(msg.saved.watch)}</code><br>Compare your play: <code>${esc(msg.saved.compare)}</code>`
      : '';
    const problem = $('problem');
    problem.hidden = msg.problem === null;
    problem.textContent = msg.problem ?? '';

    widgets.patch(
      $('log'),
      msg.events.map((ev: any, i: number) => {
        // Every event numbered by its place in the hand (1 the first), as the viewer, replay and review number it.
        return `<li class="mv mv-${ev.e}" data-event="${i}"><span class="n">${i + 1}</span>${esc(widgets.describe(ev, named, label))}</li>`;
      }),
    );
    const log = $('log');
    log.scrollTop = log.scrollHeight;

    const parts = msg.finished.map(breakdownOf);
    if (t.unit === 'match' && msg.finished.length) {
      parts.push(
        `<p class="final" data-role="running-scores">${msg.status === 'game-over' ? 'Final scores' : 'Scores so far'}: ${msg.scores
          .map((s: number, i: number) => `<span data-seat="${i}" data-score="${s}">${esc(who(i))} ${s}</span>`)
          .join(', ')}</p>`,
      );
    }
    widgets.patch($('scores'), parts.length ? parts : ['<p class="muted">The score breakdown appears when the hand is over.</p>']);
    // The table is taller than a laptop's window: bring a hand's breakdown into view once, when the hand ends.
    if (over && shownBreakdown !== last.hand) {
      shownBreakdown = last.hand;
      const boxes = $('scores').querySelectorAll('.hand-score');
      boxes[boxes.length - 1]?.scrollIntoView({ block: 'nearest' });
    }
    doc.body.dataset.busy = busy ? 'true' : 'false';
    const box = $('coach-box');
    if (box) {
      box.hidden = t.coach === null || msg.status !== 'decide';
      if (hint !== null && hint.token !== msg.token) hint = null;
      $('hint').innerHTML = hint?.html ?? '';
      $('hint').dataset.token = hint === null ? '' : String(hint.token);
    }
  }

  /** Ask the coach for the open decision (the server values it from this seat's view only). */
  async function askHint(): Promise<void> {
    if (coach === null || msg === null || msg.table.coach === null || msg.status !== 'decide') return;
    $('hint').innerHTML = '<p class="muted">the coach is thinking…</p>';
    const answer = await call('/api/hint');
    if (!answer?.ok || answer.state?.token !== msg.token) return;
    const h = answer.hint;
    const head = `${h.coach}: hand ${h.hand}, decision ${h.decision}, answers event ${h.event}: ${h.answers}`;
    hint = { token: msg.token, html: coach.html(h.panel, null, head, esc) };
    draw();
  }

  function notice(text: string): void {
    const n = $('notice');
    n.textContent = text;
    n.hidden = text === '';
  }

  /** One request to the server; its answer replaces the table (an error is shown, the table stays the server's). */
  async function call(path: string, body?: unknown): Promise<any> {
    busy = true;
    doc.body.dataset.busy = 'true';
    let answer: any = null;
    try {
      const r = await win.fetch(path, body === undefined ? { cache: 'no-store' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      answer = await r.json();
      if (answer.state) msg = answer.state;
      notice(answer.ok ? '' : String(answer.error ?? `the server answered ${r.status}`));
    } catch (e: any) {
      notice(`the table cannot be reached (${e?.message ?? e}); is mjlab play still running?`);
    }
    busy = false;
    draw();
    return answer;
  }

  const send = (action: unknown): Promise<any> => call('/api/action', { token: msg.token, action });
  win.mjlabPlay = { send, call, state: () => msg };

  function newGame(): void {
    if (msg.status === 'hand-over' && !win.confirm('Leave this match? A match left unfinished is not saved.')) return;
    void call('/api/new', { token: msg.token });
  }

  $('table-sides').addEventListener('click', (e: any) => {
    const el = e.target.closest('.t.own.playable');
    if (!el || busy) return;
    sel = Number(el.dataset.index);
    void send({ type: 'discard', tile: Number(el.dataset.id) });
  });
  $('actions').addEventListener('click', (e: any) => {
    const b = e.target.closest('button[data-action]');
    if (b && !busy) void send(JSON.parse(b.dataset.action));
  });
  $('hint-button')?.addEventListener('click', () => {
    if (!busy) void askHint();
  });
  $('end-buttons').addEventListener('click', (e: any) => {
    const b = e.target.closest('button');
    if (!b || busy) return;
    if (b.id === 'next-hand') void call('/api/next', { token: msg.token });
    else if (b.id === 'new-game') newGame();
    else if (b.id === 'save-again') void call('/api/save', { token: msg.token });
  });
  doc.addEventListener('keydown', (e: any) => {
    if (msg === null || busy || e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const own = ownTiles();
    const ok = discardable();
    const buttons = answers();
    if ((k === 'ArrowRight' || k === 'ArrowLeft') && ok.size) {
      const step = k === 'ArrowRight' ? 1 : -1;
      let i = sel;
      do i = (i + step + own.length) % own.length;
      while (!ok.has(own[i]!) && i !== sel);
      sel = i;
      draw();
    } else if (k === 'Enter' && ok.size && sel >= 0) void send({ type: 'discard', tile: own[sel] });
    else if (k === 'Enter' && msg.status === 'hand-over') void call('/api/next', { token: msg.token });
    else if ((k === 'Enter' || k === 'n') && (msg.status === 'game-over' || msg.status === 'stopped')) newGame();
    else if (k === 'n' && msg.status === 'hand-over') newGame();
    else if (k === 'h' && msg.table.coach !== null) void askHint();
    else if (k >= '1' && k <= '9' && buttons[Number(k) - 1]) void send(buttons[Number(k) - 1]!.action);
    else {
      const b = buttons.find((x) => x.key !== '' && x.key === k);
      if (!b) return;
      void send(b.action);
    }
    e.preventDefault();
  });

  function fit(): void {
    const avail = Math.min(win.innerWidth - 400, win.innerHeight - 90);
    $('table').style.zoom = String(Math.max(0.5, Math.min(1, avail / 960)));
  }
  win.addEventListener('resize', fit);
  fit();
  // Buttons keep no focus, so Enter and space always mean the table's keys rather than "press the focused button".
  doc.addEventListener('mousedown', (e: any) => {
    if (e.target.closest('button')) e.preventDefault();
  });
  void call('/api/state').then(() => {
    doc.body.dataset.ready = 'true';
  });
}
