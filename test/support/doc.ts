/** Code blocks of the project's Markdown, so tests run what the docs say rather than a copy of it. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Every fenced block of a Markdown file (relative to the repository root): its info string and its text. */
export function fencedBlocks(file: string): { info: string; text: string }[] {
  const md = readFileSync(join(ROOT, file), 'utf8');
  const blocks: { info: string; text: string }[] = [];
  const re = /^( *)```(\S*)\n([^]*?)^\1```$/gm;
  for (let m = re.exec(md); m; m = re.exec(md)) {
    const indent = m[1]!.length;
    const text = m[3]!.split('\n').map((l) => l.slice(indent)).join('\n');
    blocks.push({ info: m[2]!, text });
  }
  return blocks;
}

/** The fenced block right after `<!-- NAME: ... -->` (or `<!-- NAME -->`) in a Markdown file. */
export function markedBlock(file: string, name: string): string {
  const md = readFileSync(join(ROOT, file), 'utf8');
  const m = new RegExp(`<!-- ${name}(?::[^>]*)? -->\\n *\`\`\`\\S*\\n([^]*?)\`\`\``).exec(md);
  if (!m) throw new Error(`${file} has no block marked <!-- ${name} -->`);
  return m[1]!;
}
