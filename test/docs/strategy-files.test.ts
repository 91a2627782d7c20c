/**
 * The strategy files a user copies tell them to run mjlab as the README does (`node bin/mjlab.js`, from the
 * repository root), never `npx mjlab`, which installs the checkout into npm's cache and builds it again first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/doc.js';

it('strategies/ runs mjlab as the README does', () => {
  const files = readdirSync(join(ROOT, 'strategies')).filter((f) => /\.(js|ts|mjs)$/.test(f));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const text = readFileSync(join(ROOT, 'strategies', f), 'utf8');
    expect(text, f).not.toMatch(/npx mjlab|^\s*\*?\s*mjlab (simulate|replay|play|review)/m);
  }
  expect(readFileSync(join(ROOT, 'strategies', 'example-user-bot.js'), 'utf8')).toContain('node bin/mjlab.js simulate --rules harr --strategies ./strategies/example-user-bot.js');
});
