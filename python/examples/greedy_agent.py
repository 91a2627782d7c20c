#!/usr/bin/env python3
"""A small shanten-greedy agent in the environment (python/mjlab_env.py): it declares Mah-Jongg when it can, claims a
discard when the set brings its hand nearer to complete, and otherwise discards the tile whose loss leaves the hand
nearest to complete (fewest tiles from ready, by a standard four-sets-and-a-pair count), the most isolated first.
Prints its mean net per hand against the lineup's others.

    python3 python/examples/greedy_agent.py --games 20
"""
import argparse
import os
import sys
from functools import lru_cache

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mjlab_env import MahjongEnv  # noqa: E402

SUITS = "mpsz"


def kind(tile):
    """'5p' -> 13 (0-8 characters, 9-17 dots, 18-26 bamboo, 27-33 honours); None for a flower."""
    if tile[1] == "f":
        return None
    return SUITS.index(tile[1]) * 9 + int(tile[0]) - 1


@lru_cache(maxsize=None)
def _suit(counts, honour):
    """Best (sets, partial sets) of one suit's counts, as a tuple of candidates."""
    best = {(0, 0)}
    counts = list(counts)
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return frozenset(best)
    out = set()
    rest = counts[:]
    rest[i] -= 1
    out |= _suit(tuple(rest), honour)  # the tile left alone
    if counts[i] >= 3:
        r = counts[:]; r[i] -= 3
        out |= {(s + 1, p) for s, p in _suit(tuple(r), honour)}
    if counts[i] >= 2:
        r = counts[:]; r[i] -= 2
        out |= {(s, p + 1) for s, p in _suit(tuple(r), honour)}
    if not honour and i + 2 < 9 and counts[i + 1] and counts[i + 2]:
        r = counts[:]; r[i] -= 1; r[i + 1] -= 1; r[i + 2] -= 1
        out |= {(s + 1, p) for s, p in _suit(tuple(r), honour)}
    if not honour and i + 1 < 9 and counts[i + 1]:
        r = counts[:]; r[i] -= 1; r[i + 1] -= 1
        out |= {(s, p + 1) for s, p in _suit(tuple(r), honour)}
    if not honour and i + 2 < 9 and counts[i + 2]:
        r = counts[:]; r[i] -= 1; r[i + 2] -= 1
        out |= {(s, p + 1) for s, p in _suit(tuple(r), honour)}
    # keep the Pareto front only
    return frozenset(c for c in out if not any(o != c and o[0] >= c[0] and o[0] + o[1] >= c[0] + c[1] for o in out))


def shanten(counts, melds):
    """Tiles from ready for four sets and a pair, `melds` sets already laid down (-1: complete)."""
    best = 8
    for pair in [None] + [k for k in range(34) if counts[k] >= 2]:
        c = list(counts)
        if pair is not None:
            c[pair] -= 2
        combos = [(melds, 0)]
        for s in range(4):
            part = _suit(tuple(c[s * 9:(s + 1) * 9] if s < 3 else c[27:34]), s == 3)
            combos = [(a + x, b + y) for a, b in combos for x, y in part]
        for sets, partial in combos:
            partial = min(partial, 4 - sets)
            best = min(best, 8 - 2 * sets - partial - (1 if pair is not None else 0))
    return best


def counts_of(tiles):
    c = [0] * 34
    for t in tiles:
        k = kind(t)
        if k is not None:
            c[k] += 1
    return c


def choose(obs):
    legal = obs["legal"]
    for a in legal:
        if a["type"] in ("mahjong", "rob"):
            return a
    me = obs["table"][obs["seat"]]
    melds = len(me["melds"])
    hand = counts_of(obs["concealed"])
    if obs["phase"] != "turn":
        now = shanten(hand, melds)
        best, gain = {"type": "pass"}, 0
        taken = kind(obs["lastDiscard"]["tile"]) if obs["lastDiscard"] else None
        for a in legal:
            if a["type"] in ("pung", "kong", "chow") and taken is not None:
                c = hand[:]
                c[taken] += 1
                used = [taken] * (3 if a["type"] == "pung" else 4) if a["type"] != "chow" else [kind(a["tile"]) + i for i in range(3)]
                for k in used:
                    c[k] -= 1
                # after a claim one tile is discarded: the best that leaves
                after = min(shanten([x - (1 if i == j else 0) for i, x in enumerate(c)], melds + 1) for j in range(34) if c[j]) if sum(c) else -1
                if now - after > gain:
                    best, gain = a, now - after
        return best if best in legal else next(a for a in legal if a["type"] == "pass")
    discards = [a for a in legal if a["type"] == "discard"]
    if not discards:
        return legal[0]

    def cost(a):
        c = hand[:]
        c[kind(a["tile"])] -= 1
        k = kind(a["tile"])
        isolated = -sum(hand[j] for j in range(max(0, k - 2), min(34, k + 3)) if k < 27 and j // 9 == k // 9) if k < 27 else -hand[k]
        return (shanten(c, melds), -isolated)

    return min(discards, key=cost)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rules", default="harr")
    p.add_argument("--strategies", default="env,random,random,random")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=10)
    a = p.parse_args()
    env = MahjongEnv(rules=a.rules, strategies=a.strategies)
    total = 0
    for game in range(a.games):
        env.reset(seed=a.seed, game=game)
        for agent in env.agent_iter():
            obs, reward, done, _, _ = env.last()
            if done:
                env.step(None)
                continue
            env.step(choose(obs))
        total += sum(env.result["nets"][int(agent[5:])] for agent in env.possible_agents)
    env.close()
    print("mean net per hand of the greedy agent over %d games: %+.1f" % (a.games, total / a.games))


if __name__ == "__main__":
    main()
