#!/usr/bin/env python3
"""A bot for mahjong-lab's protocol (docs/protocol.md), in Python with the standard library only.

It plays as the built-in `random` strategy does: at each decision, one of the legal actions, uniformly, drawn from
the seat's own stream (the hello's "seed": Tyche-i's state, docs/protocol.md "The seat's stream"). Given the same
seed it makes the same choices as `random`, so a run with it at a seat gives the same games as one with `random`.

    node bin/mjlab.js simulate --strategies cmd:examples/random_bot.py,harr,harr,harr --games 20
"""
import json
import sys

MASK = 0xFFFFFFFF


class TycheI:
    """seedrandom's Tyche-i generator (32-bit words a, b, c, d), from the state a hello gives."""

    def __init__(self, seed_hex):
        self.a, self.b, self.c, self.d = (int(seed_hex[i:i + 8], 16) for i in range(0, 32, 8))

    def next_u32(self):
        a, b, c, d = self.a, self.b, self.c, self.d
        b = ((b << 25) & MASK) ^ (b >> 7) ^ c
        c = (c - d) & MASK
        d = ((d << 24) & MASK) ^ (d >> 8) ^ a
        a = (a - b) & MASK
        b = ((b << 20) & MASK) ^ (b >> 12) ^ c
        c = (c - d) & MASK
        d = ((d << 16) & MASK) ^ (c >> 16) ^ a
        a = (a - b) & MASK
        self.a, self.b, self.c, self.d = a, b, c, d
        return a

    def int(self, n):
        """A uniform integer in [0, n), as the lab's streams draw it: floor(u32 / 2^32 * n)."""
        return (self.next_u32() * n) >> 32


def main():
    rng = None
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            rng = TycheI(msg["seed"])
            print(json.dumps({"type": "ready"}), flush=True)
        elif msg["type"] == "decide":
            legal = msg["legal"]
            print(json.dumps(legal[rng.int(len(legal))]), flush=True)
        # "end_hand" and anything newer: nothing to answer


if __name__ == "__main__":
    main()
