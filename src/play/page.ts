/**
 * `mjlab play`'s page (docs/play.md): one static HTML document (inline CSS, the tile faces as inline SVG, the
 * inline script of client.ts; nothing from the network). It holds nothing of the game: the table comes from the
 * server's /api/state, as the person's seat sees it. The table's look is the replay viewer's (src/viewer).
 */
import { TABLE_CSS, TABLE_MARKUP, scriptSource } from '../viewer/html.js';
import { tileSymbols } from '../viewer/tiles.js';
import { pageWidgets } from '../viewer/widgets.js';
import { COACH_CSS, coachPanel } from '../viewer/coach-panel.js';
import { playClient } from './client.js';

const CSS = `
.hand .t.own.playable { cursor:pointer; }
.hand .t.own.playable:hover { transform:translateY(-4px); }
.hand .t.own.sel { transform:translateY(-10px); outline:3px solid var(--gold); }
.hand .t.down { box-shadow:0 2px 0 #1f4a35, 0 3px 3px rgba(0,0,0,.45); }
.hand .t.shown { outline:1px solid rgba(233,185,73,.6); }
.river .t.live { outline:4px solid #ff6b3d; animation:live 1s ease-in-out infinite alternate; }
@keyframes live { from { outline-color:#ff6b3d; } to { outline-color:var(--gold); } }
.plate.you .wind { background:var(--gold); }
.side .plate.row-plate { left:8px; top:823px; width:172px; pointer-events:auto; }
#status { min-height:44px; padding:8px 10px; border-radius:6px; background:#23272b; border:1px solid #3a3f45; }
#prompt { font-weight:600; color:#f3efe2; display:flex; gap:8px; align-items:center; }
#prompt .t.offer { width:30px; height:41px; flex:none; outline:3px solid #ff6b3d; }
#actions, #end-buttons { display:flex; flex-wrap:wrap; gap:6px; margin-top:6px; }
#actions button, #end-buttons button { font-weight:600; }
#actions button { background:#6b5514; border-color:#e9b949; }
kbd { font:11px 'Liberation Mono',monospace; background:#1d2024; border:1px solid #59616b; border-radius:3px; padding:0 4px; margin-right:4px; }
#notice { padding:6px 10px; border-radius:6px; background:#6b1d1d; color:#ffe1dc; }
#problem { padding:6px 10px; border-radius:6px; background:#6b1d1d; color:#ffe1dc; }
#saved { font-size:12px; color:#c9c3b1; word-break:break-all; }
#log { list-style:none; margin:0; padding:0; height:420px; overflow:auto; background:#23272b; border:1px solid #3a3f45;
  border-radius:6px; font-size:13px; }
#log li { padding:1px 8px; white-space:nowrap; }
#log li .n { display:inline-block; width:28px; color:#8f8a7d; text-align:right; margin-right:6px; }
#log li.mv-draw, #log li.mv-loose { color:#a7a294; }
#log li.mv-claim, #log li.mv-kong, #log li.mv-mahjong { color:#ffd27a; }
body[data-busy="true"] #actions button { opacity:.6; }
`;

const BODY = `
<header><h1 id="title">mjlab play</h1><p id="subtitle"></p></header>
<main>
${TABLE_MARKUP}
  <aside>
    <div id="status" data-status=""><div id="prompt"></div><div id="actions"></div></div>
    <div id="coach-box" hidden><button id="hint-button" title="the coach's values for this decision, from your view only (h)"><kbd>h</kbd> hint</button><div id="hint"></div></div>
    <div id="notice" role="alert" hidden></div>
    <div id="result" hidden></div>
    <div id="problem" role="alert" hidden></div>
    <div id="end-buttons"></div>
    <div id="saved" hidden></div>
    <ol id="log"></ol>
    <div class="help">click a tile or ← → Enter to discard · keys on the buttons (m Mah-Jongg, p pung, k kong, c chow, r rob, w wash, space pass, or 1–9) · Enter next hand · n new game · hover a tile for its code</div>
  </aside>
</main>
<section id="scores"></section>
`;

/** The page: the same for every game (the server sends the table). */
export function buildPlayHtml(): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>mjlab play</title>',
    `<style>${TABLE_CSS}${CSS}${COACH_CSS}</style></head><body>`,
    tileSymbols(),
    BODY,
    '<script>',
    '"use strict";',
    `const pageWidgets = ${scriptSource(pageWidgets)};`,
    `const coachPanel = ${scriptSource(coachPanel)};`,
    `const playClient = ${scriptSource(playClient)};`,
    'playClient(window, pageWidgets(), coachPanel());',
    '</script>',
    '</body></html>',
    '',
  ].join('\n');
}
