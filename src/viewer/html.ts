/**
 * Replay viewer page builder (docs/replay.md): one self-contained HTML page — inline CSS, inline SVG tile faces, inline
 * script, no network — built from the game record the engine produced (the same JSON as `mjlab replay --json`).
 * The record is embedded as JSON; the page rebuilds every position from its events with the very function the
 * Node tests exercise (positions.ts, serialised with Function.prototype.toString), so it cannot show another game.
 */
import type { Review } from '../coach/review.js';
import type { GameRecord } from '../record/record.js';
import { viewerClient } from './client.js';
import { COACH_CSS, coachPanel } from './coach-panel.js';
import { reconstructPositions } from './positions.js';
import { tileSymbols } from './tiles.js';
import { pageWidgets } from './widgets.js';

/**
 * JSON safe inside a <script> element: `<` (so no `</script>` or `<!--` can end or confuse the element), `>` and
 * `&` become \u escapes, which JSON.parse reads back unchanged; U+2028/2029 likewise, for older parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A function's source for a page's <script> (it must be self-contained: no imports, no outer references). */
export function scriptSource(fn: (...args: never[]) => unknown): string {
  const src = fn.toString();
  // Our own code never contains these; refuse rather than emit a page whose script ends early.
  if (/<\/script|<!--/i.test(src)) throw new Error(`${fn.name}: source cannot be embedded in a <script> element`);
  return src;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The table's style: felt, seats by wind, rivers, melds, hands, name plates, score breakdowns (also `mjlab play`'s). */
/** The square table (centre: prevailing wind, round, live wall, hand number; the four sides), shared with mjlab play's page. */
export const TABLE_MARKUP = `  <div id="table-wrap"><div id="table">
    <div id="center">
      <div id="prevailing" title="prevailing wind"></div>
      <div id="round"></div>
      <div id="wall-box">live wall<span id="wall" data-wall=""></span></div>
      <div id="hand-no"></div>
    </div>
    <div id="table-sides"></div>
  </div></div>`;

export const TABLE_CSS = `
:root { --felt:#1f5b3f; --felt2:#17482f; --wood:#5b3a1e; --ink:#1c2733; --paper:#f6f1e3; --gold:#e9b949; }
* { box-sizing:border-box; }
body { margin:0; font:14px/1.4 'Liberation Sans',Arial,Helvetica,sans-serif; background:#2b2f33; color:#e8e6df; }
header { padding:8px 16px; background:#1d2024; border-bottom:1px solid #3a3f45; }
header h1 { margin:0; font-size:18px; font-weight:600; }
header p { margin:2px 0 0; color:#b9b6ad; font-size:13px; }
main { display:flex; gap:14px; padding:12px; align-items:flex-start; }
#table-wrap { flex:none; }
#table { position:relative; width:960px; height:960px; border-radius:18px; overflow:hidden;
  background:radial-gradient(circle at 50% 50%, var(--felt) 0%, var(--felt2) 78%); border:14px solid var(--wood);
  box-shadow: inset 0 0 40px rgba(0,0,0,.45), 0 6px 24px rgba(0,0,0,.5); }
#table-sides { position:absolute; inset:0; }
.side { position:absolute; left:0; top:0; width:932px; height:932px; transform-origin:466px 466px; pointer-events:none; }
.side .t, .side .meld { pointer-events:auto; }
.t { display:inline-block; line-height:0; border-radius:4px; box-shadow:0 2px 0 #c9bf9f, 0 3px 3px rgba(0,0,0,.45); }
.t svg { display:block; width:100%; height:100%; }
.river { position:absolute; left:373px; top:562px; width:186px; display:flex; flex-wrap:wrap; align-content:flex-start; }
.river .t { width:30px; height:41px; margin:0 1px 3px 0; }
.river.dense .t { width:22px; height:30px; }
.river .t.claimed { opacity:.38; box-shadow:none; outline:2px dashed rgba(255,255,255,.55); outline-offset:-2px; }
.river .t.last { outline:3px solid var(--gold); outline-offset:0; }
.melds { position:absolute; left:186px; top:823px; height:44px; display:flex; gap:9px; }
.meld { display:flex; gap:1px; }
.meld .t { width:31px; height:42px; }
.meld .t.claimed-in svg { filter:sepia(.55) saturate(1.4); }
.hand { position:absolute; left:186px; top:873px; height:51px; display:flex; gap:1px; }
.hand .t { width:36px; height:49px; }
.hand .t.drawn { margin-left:12px; }
.hand .t.win { outline:3px solid var(--gold); }
.side.acting .hand { filter:drop-shadow(0 0 6px rgba(233,185,73,.9)); }
#center { position:absolute; left:376px; top:376px; width:180px; height:180px; border-radius:14px;
  background:rgba(0,0,0,.28); border:1px solid rgba(255,255,255,.15); display:flex; flex-direction:column;
  align-items:center; justify-content:center; text-align:center; color:#f3efe2; }
#prevailing { font:bold 44px/1 'Liberation Serif',Georgia,serif; color:var(--gold); }
#prevailing.none { font-size:22px; color:#8fae9c; }
#round { font-size:12px; color:#d8d2bf; margin-bottom:4px; }
#wall-box { font-size:13px; color:#d8d2bf; }
#wall { display:block; font:bold 30px/1.1 'Liberation Sans',Arial,sans-serif; color:#fff; }
#hand-no { font-size:12px; color:#b8b29e; margin-top:6px; }
.plate { position:absolute; width:170px; min-height:64px; padding:8px; border-radius:10px; background:rgba(0,0,0,.3);
  border:1px solid rgba(255,255,255,.14); display:grid; grid-template-columns:44px 1fr; gap:2px 8px; color:#f3efe2; }
.plate.pos-se { right:8px; bottom:8px; } .plate.pos-ne { right:8px; top:8px; }
.plate.pos-nw { left:8px; top:8px; } .plate.pos-sw { left:8px; bottom:8px; }
.plate .wind { width:44px; height:44px; border-radius:50%; background:var(--paper); color:#1c3461; display:flex;
  align-items:center; justify-content:center; font:bold 26px 'Liberation Serif',Georgia,serif; }
.plate.acting { border-color:var(--gold); box-shadow:0 0 10px rgba(233,185,73,.6); }
.plate.winner .wind { background:var(--gold); }
.plate .strategy { font-family:'Liberation Mono',monospace; font-size:12px; }
.plate .seatno, .plate .cum { font-size:11px; color:#c9c3b1; }
.plate .dealer { font-size:10px; background:#b3261e; color:#fff; border-radius:3px; padding:0 4px; }
.plate .mj { color:var(--gold); font-weight:bold; }
.plate .flowers { grid-column:1 / span 2; display:flex; flex-wrap:wrap; gap:2px; }
.plate .flowers .t { width:25px; height:34px; }
aside { width:380px; flex:none; display:flex; flex-direction:column; gap:8px; }
.controls { display:flex; gap:4px; flex-wrap:wrap; align-items:center; }
button, select { font:inherit; background:#3b4148; color:#f1efe8; border:1px solid #59616b; border-radius:6px; padding:4px 9px; cursor:pointer; }
button:hover { background:#4a525b; }
#play { min-width:86px; }
#slider { width:100%; }
#now { min-height:20px; color:#f3efe2; font-weight:600; }
#step { color:#b9b6ad; font-variant-numeric:tabular-nums; }
#result { padding:6px 10px; border-radius:6px; background:#5a4a17; color:#fff3c8; font-weight:600; }
#moves { list-style:none; margin:0; padding:0; height:560px; overflow:auto; background:#23272b; border:1px solid #3a3f45;
  border-radius:6px; position:relative; font-size:13px; }
#moves li { padding:1px 8px; cursor:pointer; white-space:nowrap; }
#moves li .n { display:inline-block; width:28px; color:#8f8a7d; text-align:right; margin-right:6px; }
#moves li:hover { background:#2f353b; }
#moves li.current { background:#6b5514; color:#fff; }
#moves li.hand-head { background:#30363c; color:var(--gold); font-weight:600; cursor:default; padding:3px 8px; }
#moves li.mv-draw, #moves li.mv-loose { color:#a7a294; }
#moves li.mv-claim, #moves li.mv-kong, #moves li.mv-mahjong { color:#ffd27a; }
.help { color:#8f8a7d; font-size:12px; }
#scores { padding:0 12px 24px; max-width:1360px; }
.hand-score { background:#f6f1e3; color:#222; border-radius:8px; padding:10px 14px; margin:10px 0; }
.hand-score h3 { margin:0 0 6px; font-size:16px; }
.breakdown { border-collapse:collapse; display:grid; grid-template-columns:repeat(auto-fill,minmax(300px,1fr)); gap:10px; }
.breakdown tbody { display:table; width:100%; align-self:start; border:1px solid #d6ccb2; border-radius:6px; background:#fffdf6; }
.breakdown tbody.winner { border-color:#b8860b; background:#fff4cf; }
.breakdown th, .breakdown td { padding:2px 8px; text-align:left; }
.breakdown .num { text-align:right; font-variant-numeric:tabular-nums; }
.breakdown tr.who th { border-bottom:1px solid #d6ccb2; }
.breakdown code { font-size:12px; }
.settle, .final { font-weight:600; }
.muted { color:#8f8a7d; }
`;

const BODY = `
<header><h1 id="title">Replay</h1><p id="subtitle"></p></header>
<main>
${TABLE_MARKUP}
  <aside>
    <div class="controls">
      <button id="first" title="start (Home)">⇤</button>
      <button id="prev" title="step back (←)">◀</button>
      <button id="play" title="play / pause (space)">▶ Play</button>
      <button id="next" title="step forward (→)">▶</button>
      <button id="last" title="end (End)">⇥</button>
      <select id="speed" title="speed"><option value="1200">slow</option><option value="600" selected>normal</option><option value="250">fast</option><option value="80">very fast</option></select>
      <span id="step"></span>
    </div>
    <input id="slider" type="range" min="0" value="0" aria-label="move">
    <select id="hand-select" aria-label="hand"></select>
    <div id="now"></div>
    <!--coach-->
    <div id="result" hidden></div>
    <ol id="moves"></ol>
    <div class="help">← → step · space play/pause · Home/End start/end · PgUp/PgDn hand · hover a tile for its code</div>
  </aside>
</main>
<section id="scores"></section>
`;

/** The review page's panel (docs/replay.md, "A review"): the coach's values at the seat's decision, and the mistakes' keys. */
const COACH_BOX = `<section id="coach" data-role="coach">
      <div class="controls"><button id="prev-mistake" title="previous mistake (p)">◀ mistake</button><button id="next-mistake" title="next mistake (n)">mistake ▶</button><span id="coach-summary"></span></div>
      <div id="coach-panel"></div>
      <div class="help">n / p: next / previous mistake · a decision is shown at the event it answers (marked ● in the moves)</div>
    </section>`;

/** How every viewer page begins, up to its title: what tells a page of mjlab's own from another file (src/io/output-file.ts). */
export const PAGE_START = [
  '<!doctype html>',
  '<html lang="en"><head><meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<title>mjlab ',
].join('\n');

/** The whole page for one game record; with a review (`mjlab review --html`), the coach's panel beside the table. */
export function buildReplayHtml(record: GameRecord, review?: Review): string {
  const title = `mjlab ${review ? 'review' : 'replay'}: ${record.rules}, seed ${record.seed}, game ${record.game}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${TABLE_CSS}${review ? COACH_CSS : ''}</style></head><body>`,
    tileSymbols(),
    BODY.replace('<!--coach-->', review ? COACH_BOX : ''),
    `<script type="application/json" id="mjlab-record">${scriptSafeJson(record)}</script>`,
    ...(review ? [`<script type="application/json" id="mjlab-review">${scriptSafeJson(review)}</script>`] : []),
    '<script>',
    '"use strict";',
    `const reconstructPositions = ${scriptSource(reconstructPositions)};`,
    `const pageWidgets = ${scriptSource(pageWidgets)};`,
    `const coachPanel = ${scriptSource(coachPanel)};`,
    `const viewerClient = ${scriptSource(viewerClient)};`,
    "const $json = (id) => { const e = document.getElementById(id); return e ? JSON.parse(e.textContent) : null; };",
    "viewerClient(window, $json('mjlab-record'), reconstructPositions, pageWidgets(), $json('mjlab-review'), coachPanel());",
    '</script>',
    '</body></html>',
    '',
  ].join('\n');
}
