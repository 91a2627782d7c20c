// A breakdown line that states the hand's score (the limit's cap, or half of it on East's first discard) carries no
// figure of its own: the replay's text and page show its label, which holds the number, never a "Limit 300: 0" that
// reads as the limit being worth nothing.
import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/cli/replay-command.js';
import { renderRecord } from '../../src/record/render.js';
import { pageWidgets } from '../../src/viewer/widgets.js';

describe('a limit line in a replay', () => {
  it('reads as the hand\'s score, in the text and on the page', async () => {
    // Four suit-hunters under harr-limit: game 3 of seed 2 ends at the limit (the search below finds another if not).
    let text = '';
    let lines: { label: string; points?: number; doubles?: number }[] = [];
    for (let game = 3; game < 60 && lines.length === 0; game++) {
      const rec = await replayRecord({ rules: 'harr-limit', strategies: 'suit-hunter,suit-hunter,suit-hunter,suit-hunter', seed: 2, game, players: 4, unit: 'hand', flowers: false, duplicate: false });
      const score = rec.hands.flatMap((h) => h.events).find((e) => e.e === 'score' && e.lines.some((l) => /^Limit \d+$/.test(l.label)));
      if (score && score.e === 'score') {
        text = renderRecord(rec);
        lines = [...score.lines];
      }
    }
    expect(lines.length, 'no limit hand found').toBeGreaterThan(0);
    expect(text).toMatch(/^\s+Limit 300 \(the hand's score\)$/m);
    expect(text).not.toMatch(/Limit \d+: 0/);
    const html = pageWidgets().breakdown({
      hand: 0, head: 'E wins', handScore: { score: 300, limit: true }, washes: [], settle: null,
      seats: [{ seat: 0, who: 'E (suit-hunter)', hand: '', score: 300, lines, winner: true }],
    });
    expect(html).toContain(`<td colspan="2">Limit 300 (the hand's score)</td>`);
    expect(html).not.toMatch(/Limit 300<\/td><td class="num">0</);
  });
});
