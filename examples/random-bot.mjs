#!/usr/bin/env node
// A bot for mahjong-lab's protocol (docs/protocol.md), in JavaScript with Node's own modules only: it answers every
// hello with ready and every decision with the first legal action that is not a pass (a Mah-Jongg before a
// discard when one is offered), else a pass. Run it in a league:
//   node bin/mjlab.js league --rules harr --strategies "cmd:node examples/random-bot.mjs,random,harr" --games 40
import { createInterface } from 'node:readline';

const input = createInterface({ input: process.stdin });
const answer = (o) => process.stdout.write(JSON.stringify(o) + '\n');
input.on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.type === 'hello') answer({ type: 'ready' });
  else if (msg.type === 'decide') {
    const legal = msg.legal;
    answer(legal.find((a) => a.type === 'mahjong') ?? legal.find((a) => a.type !== 'pass') ?? legal[0]);
  }
});
