#!/usr/bin/env node
// A bot for mahjong-lab's protocol (docs/protocol.md), in JavaScript with Node's own modules only. It plays as the
// built-in `random` does: one legal action, uniformly, drawn from the seat's own stream (the hello's seed: Tyche-i's
// state words, docs/protocol.md "The seat's stream"), so it gives the same games as `random`. In a league:
//   node bin/mjlab.js league --rules harr --strategies "cmd:node examples/random-bot.mjs,greedy,harr" --games 40
import { createInterface } from 'node:readline';

let a = 0, b = 0, c = 0, d = 0;
function next() {
  b = (b << 25) ^ (b >>> 7) ^ c;
  c = (c - d) | 0;
  d = (d << 24) ^ (d >>> 8) ^ a;
  a = (a - b) | 0;
  b = (b << 20) ^ (b >>> 12) ^ c;
  c = (c - d) | 0;
  d = (d << 16) ^ (c >>> 16) ^ a;
  return (a = (a - b) | 0);
}

const answer = (o) => process.stdout.write(JSON.stringify(o) + '\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const msg = JSON.parse(line);
  if (msg.type === 'hello') {
    [a, b, c, d] = [0, 8, 16, 24].map((i) => parseInt(msg.seed.slice(i, i + 8), 16) | 0);
    answer({ type: 'ready' });
  } else if (msg.type === 'decide') {
    answer(msg.legal[Math.floor(((next() >>> 0) / 4294967296) * msg.legal.length)]);
  }
});
