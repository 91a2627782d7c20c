/**
 * The README's Layout section and docs/architecture.md match the tree: every first-level folder and file of src/
 * is named in both, and every experiment folder in docs/architecture.md's account of the lab or the README's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** src/'s rooms as the docs name them: "engine/" for a folder, "errors.ts" for a file. */
function srcRooms(): string[] {
  return readdirSync(join(ROOT, 'src'))
    .filter((f) => statSync(join(ROOT, 'src', f)).isDirectory() || f.endsWith('.ts'))
    .map((f) => (f.endsWith('.ts') ? f : `${f}/`))
    .sort();
}

/** The rooms of `rooms` that `text` does not name as a word. */
function missing(text: string, rooms: readonly string[]): string[] {
  return rooms.filter((r) => !new RegExp(`(^|[\\s\`(/])${r.replace(/[.]/g, '\\.')}(?=[\\s\`),;:/]|$)`, 'm').test(text));
}

describe('the layout the docs describe', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const layout = readme.slice(readme.indexOf('## Layout'), readme.indexOf('\n## ', readme.indexOf('## Layout') + 1) >>> 0);
  const architecture = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

  it("the README's Layout section names every folder and file of src/", () => {
    expect(srcRooms().length).toBeGreaterThan(20);
    expect(missing(layout, srcRooms())).toEqual([]);
  });

  it('docs/architecture.md names every folder and file of src/ as src/<name>', () => {
    expect(missing(architecture, srcRooms().map((r) => `src/${r.replace(/\/$/, '')}`))).toEqual([]);
  });

  it('would see a folder the docs leave out (the check itself)', () => {
    expect(missing('  engine/ view/\n', ['engine/', 'view/', 'luck/'])).toEqual(['luck/']);
  });
});
