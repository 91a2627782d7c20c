/**
 * Replay viewer page builder (docs/replay.md): the record travels inside the page as JSON that no text in it can
 * break out of (a strategy label is user text: a file path or name), the page's script is the very positions
 * function the Node tests check, and every tile code of docs/notation.md has a drawn face.
 */
import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/cli/replay-command.js';
import type { GameRecord } from '../../src/record/record.js';
import { buildReplayHtml, scriptSafeJson } from '../../src/viewer/html.js';
import { reconstructPositions } from '../../src/viewer/positions.js';
import { ALL_CODES, tileSymbols } from '../../src/viewer/tiles.js';

async function rec(): Promise<GameRecord> {
  return replayRecord({ rules: 'harr', strategies: 'greedy,greedy,random,random', seed: 4, game: 0, players: 4, unit: 'hand', flowers: false, duplicate: false });
}

describe('buildReplayHtml', () => {
  it('escapes </script> and <!-- in the embedded record, and JSON.parse reads it back unchanged', async () => {
    const base = await rec();
    const nasty = { ...base, strategies: ['</script><script>alert(1)</script>', '<!--', 'a&b>c', '\u2028x'] } as GameRecord;
    const html = buildReplayHtml(nasty);
    const json = /<script type="application\/json" id="mjlab-record">([^]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json)).toEqual(nasty);
    // exactly the two script elements of the page close
    expect(html.match(/<\/script>/gi)).toHaveLength(2);
    expect(scriptSafeJson('</script>')).toBe('"\\u003c/script\\u003e"');
  });

  it('embeds the positions function itself (one source of truth) and runs it to the same positions', async () => {
    const record = await rec();
    const html = buildReplayHtml(record);
    const script = /<script>\n([^]*?)<\/script>/.exec(html)![1]!;
    expect(script).toContain(reconstructPositions.toString());
    // The embedded definition, evaluated on its own, rebuilds the same positions as the imported one.
    const src = /const reconstructPositions = ([^]*?);\nconst pageWidgets/.exec(script)![1]!;
    const embedded = new Function(`return (${src});`)() as typeof reconstructPositions;
    expect(embedded(record)).toEqual(reconstructPositions(record));
  });

  it('draws a face for every tile code and a back', () => {
    const svg = tileSymbols();
    expect(ALL_CODES).toHaveLength(42);
    for (const c of ALL_CODES) expect(svg).toContain(`<symbol id="t-${c}"`);
    expect(svg).toContain('<symbol id="t-back"');
    expect(svg).not.toMatch(/NaN|undefined/);
  });
});
