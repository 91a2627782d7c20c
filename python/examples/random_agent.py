#!/usr/bin/env python3
"""A random agent in the environment (python/mjlab_env.py): each decision one legal action, uniformly, drawn from the
seat's own stream as the built-in `random` draws it (examples/random_bot.py's generator), so its games are the
games `simulate` plays with `random` at that seat. Prints each game's final scores.

    python3 python/examples/random_agent.py --games 5
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))
from mjlab_env import MahjongEnv  # noqa: E402
from random_bot import TycheI  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rules", default="harr")
    p.add_argument("--strategies", default="env,harr,harr,harr")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=3)
    a = p.parse_args()
    env = MahjongEnv(rules=a.rules, strategies=a.strategies)
    for game in range(a.games):
        env.reset(seed=a.seed, game=game)
        streams = {agent: TycheI(hello["seed"]) for agent, hello in env.hello.items()}
        for agent in env.agent_iter():
            obs, reward, done, _, _ = env.last()
            if done:
                env.step(None)
                continue
            legal = env.legal_actions(agent)
            env.step(legal[streams[agent].int(len(legal))])
        print(" ".join(str(s) for s in env.result["scores"]))
    env.close()


if __name__ == "__main__":
    main()
