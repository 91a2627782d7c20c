// `mjlab env` and the Python environment (python/mjlab_env.py; docs/protocol.md "The environment"): the random
// example agent, drawing as `random` does, plays the games `replay` gives with `random` at its seat; the greedy
// example runs; a client that answers garbage or an illegal action is one line and exit 2. Skipped with a line where
// python3 is missing, required under CI.
import { expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { BIN, mjlab, ROOT } from '../runner/helpers.js';
import { describeWithTool } from '../support/optional.js';

function python(): string | null {
  return spawnSync('python3', ['--version']).status === 0 ? null : 'python3 is not installed';
}

function py(script: string, args: string[]) {
  return spawnSync('python3', [join(ROOT, 'python', 'examples', script), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
}

describeWithTool('mjlab env with the Python environment', python(), 'install python3 (apt-get install python3)', () => {
  it('the random agent plays the very games of the built-in random at its seat', () => {
    for (const [rules, lineup] of [['harr-limit', 'env,harr,chow-mixer,harr'], ['babcock', 'harr,env,harr']] as const) {
      const args = ['--rules', rules, '--strategies', lineup, '--games', '3', '--seed', '5'];
      const r = py('random_agent.py', args);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const got = r.stdout.trim().split('\n');
      expect(got).toHaveLength(3);
      got.forEach((line, g) => {
        const players = String(lineup.split(',').length);
        const rec = mjlab(['replay', '--rules', rules, '--players', players, '--strategies', lineup.replace('env', 'random'), '--seed', '5', '--game', String(g), '--json'], { cwd: ROOT });
        expect(line.split(' ').map(Number)).toEqual((JSON.parse(rec.stdout) as { result: { final_scores: number[] } }).result.final_scores);
      });
    }
  });

  it("a match with two client seats: each hand's rewards add up to the game's nets", () => {
    const script = [
      'import sys; sys.path.insert(0, "python")',
      'from mjlab_env import MahjongEnv',
      'env = MahjongEnv(rules="babcock", strategies="env,harr,env", unit="match")',
      'env.reset(seed=2, game=1)',
      'got = {a: 0 for a in env.possible_agents}',
      'for agent in env.agent_iter():',
      '    obs, reward, done, _, _ = env.last()',
      '    got[agent] += reward',
      '    env.step(None if done else env.legal_actions(agent)[-1])',
      'env.close()',
      'print(env.result["hands"], got["seat_0"] == env.result["nets"][0], got["seat_2"] == env.result["nets"][2])',
    ].join('\n');
    const r = spawnSync('python3', ['-c', script], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    const [hands, a, b] = r.stdout.trim().split(' ');
    expect(Number(hands)).toBeGreaterThan(1);
    expect([a, b]).toEqual(['True', 'True']);
  });

  it('an illegal answer from the client: one line, exit 2', () => {
    const input = '{"type":"reset","seed":2,"game":1}\n' + Array.from({ length: 4000 }, () => '{"type":"pass"}').join('\n');
    const r = spawnSync(process.execPath, [BIN, 'env', '--rules', 'babcock', '--players', '3', '--unit', 'match', '--strategies', 'env,harr,env'], { cwd: ROOT, input, encoding: 'utf8' });
    // "pass" is not legal on a turn: the client's first turn stops the command, one line, exit 2.
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/illegal action \{"type":"pass"\} in phase turn/);
    const sent = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; seat?: number });
    expect(sent.filter((m) => m.type === 'hello').map((m) => m.seat)).toEqual([0, 2]);
    expect(sent.at(-1)?.type).toBe('decide');
  });

  it('the greedy agent plays ten hands', () => {
    const r = py('greedy_agent.py', ['--games', '10']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^mean net per hand of the greedy agent over 10 games: [+-]\d+\.\d\n$/);
  });

  it('garbage from the client is one line and exit 2', () => {
    const r = spawnSync(process.execPath, [BIN, 'env'], { cwd: ROOT, input: '{"type":"reset","seed":1}\nnot json\n', encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/answered "not json", which is not JSON/);
  });
});
