// Every test file that mocks a module runs isolated (test/support/isolated.ts): under the shared project its mock
// would miss the modules earlier files loaded, and its fault-injection tests would fail or, worse, pass untested.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/doc.js';
import { ISOLATED } from '../support/isolated.js';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [relative(ROOT, join(dir, e.name))] : [],
  );
}

it('lists exactly the test files that call vi.mock or vi.doMock', () => {
  const mocking = testFiles(join(ROOT, 'test')).filter((f) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(ROOT, f), 'utf8')));
  expect(mocking.length).toBeGreaterThan(0);
  expect([...ISOLATED].sort()).toEqual(mocking.sort());
});
