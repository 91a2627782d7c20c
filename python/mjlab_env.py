"""mahjong-lab's engine as a reset/step environment, standard library only (docs/protocol.md "The environment").

The environment runs `node bin/mjlab.js env` and speaks the bot protocol with it: the seats written "env" in the
lineup are played from Python, the others by the lab's strategies (or bots). Its shape is PettingZoo's
agent-environment cycle:

    from mjlab_env import MahjongEnv
    env = MahjongEnv(rules="harr", strategies="env,harr,harr,harr")
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination else env.legal_actions(agent)[0]
        env.step(action)
    env.close()

Agents are named "seat_S". An observation is the seat's `decide` message (a dict: its view of the table, "legal"
its legal actions, "events" what the others did since); an action is one of the legal actions (a dict such as
{"type": "discard", "tile": "5p"}). A seat's reward is its net settlement of each hand, given when the hand ends.
`reset(seed, game)` plays game `game` of master seed `seed`: the very game `simulate --seed S` plays as game G.
"""
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
MJLAB = os.path.join(os.path.dirname(HERE), "bin", "mjlab.js")


class MahjongEnv:
    """One table: the engine in a child process, the "env" seats played by the caller."""

    def __init__(self, rules="harr", strategies="env,harr,harr,harr", players=None, unit="hand", limit=None,
                 flowers=False, node="node"):
        seats = strategies.split(",")
        self.players = players or len(seats)
        self.possible_agents = ["seat_%d" % i for i, s in enumerate(seats) if s.strip() == "env"]
        args = [node, MJLAB, "env", "--rules", rules, "--strategies", strategies, "--players", str(self.players),
                "--unit", unit]
        if limit is not None:
            args += ["--limit", str(limit)]
        if flowers:
            args.append("--flowers")
        self._proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.agents = []
        self.agent_selection = None
        self.hello = {}
        self._obs = {}

    # -- the protocol -------------------------------------------------------------------------------------------
    def _send(self, message):
        self._proc.stdin.write(json.dumps(message) + "\n")
        self._proc.stdin.flush()

    def _advance(self):
        """Read until a decision of one of our seats, or the game's end."""
        for agent in self.agents:
            self.rewards[agent] = 0
        while True:
            line = self._proc.stdout.readline()
            if line == "":
                code = self._proc.wait()
                raise RuntimeError("mjlab env ended (exit status %d); its error is on standard error" % code)
            msg = json.loads(line)
            kind = msg["type"]
            if kind == "hello":
                self.hello["seat_%d" % msg["seat"]] = msg
            elif kind == "decide":
                agent = "seat_%d" % msg["seat"]
                self._obs[agent] = msg
                self.agent_selection = agent
                return
            elif kind == "end_hand":
                for agent in self.agents:
                    net = msg["nets"][int(agent[5:])]
                    self.rewards[agent] += net
                    self._cumulative_rewards[agent] += net
            elif kind == "end_game":
                self.result = msg
                for agent in self.agents:
                    self.terminations[agent] = True
                self.agent_selection = self.agents[0] if self.agents else None
                return

    # -- PettingZoo's agent-environment cycle ----------------------------------------------------------------------
    def reset(self, seed=1, game=0, options=None):
        """Start game `game` of master seed `seed`; returns nothing (observe the selected agent)."""
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.result = None
        self._obs = {}
        self._send({"type": "reset", "seed": seed, "game": game})
        self._advance()

    def observe(self, agent):
        """The seat's last decision message (its view, its legal actions, the events since its previous one)."""
        return self._obs.get(agent)

    def legal_actions(self, agent):
        obs = self._obs.get(agent)
        return [] if obs is None or self.terminations.get(agent) else obs["legal"]

    def last(self):
        agent = self.agent_selection
        return (self.observe(agent), self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action):
        """Answer the selected agent's decision with `action`, one of its legal actions (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent]:
            # A finished agent leaves the cycle, as PettingZoo's do.
            self.agents.remove(agent)
            self.agent_selection = self.agents[0] if self.agents else None
            return
        self._cumulative_rewards[agent] = 0
        self._send(action)
        self._advance()

    def agent_iter(self, max_iter=1 << 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def close(self):
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait()
