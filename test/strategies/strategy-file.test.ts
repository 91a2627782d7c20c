// src/strategy-file.ts: which strategy files may run on a bundle (they import only node: modules, so cannot reach
// the library) and which need the compiled modules. Every doubt must come out as "modules": a file judged
// self-contained that imports the library would meet a second copy of it in a bundled worker.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileOf, importsOnlyNode, needsModules } from '../../src/strategy-file.js';
import { GATE, ROOT, tempDir } from '../runner/helpers.js';

const dir = tempDir('strategy-file');
let n = 0;
function file(text: string, ext = '.mjs'): string {
  const p = join(dir, `s${n++}${ext}`);
  writeFileSync(p, text);
  return p;
}
const BODY = "export default { name: 'x', create: () => ({ act: (v) => v.legal[0] }) };\n";

describe('a strategy file that imports only node: modules', () => {
  it('is one when every import is a static import of a node: module, or none', () => {
    for (const text of [
      BODY,
      `import { appendFileSync, statSync } from 'node:fs';\n${BODY}`,
      `import fs from "node:fs";\nimport * as path from 'node:path';\nimport 'node:util';\n${BODY}`,
      `import def, { join } from 'node:path';\nconst here = import.meta.url;\n${BODY}`,
      `export * from 'node:os';\nexport { join } from 'node:path';\nexport const x = 1;\n${BODY}`,
    ]) {
      expect(importsOnlyNode(file(text)), text).toBe(true);
    }
    expect(importsOnlyNode(GATE)).toBe(true);
  });

  it('is not one when anything else could be loaded, or the text says "import" in any other way', () => {
    for (const text of [
      `import { harr } from '../../dist/strategies/index.js';\n${BODY}`,
      `import seedrandom from 'seedrandom';\n${BODY}`,
      `import fs from 'fs';\n${BODY}`,
      `const m = await import('node:fs');\n${BODY}`,
      `const lib = await import ('./lib.js');\n${BODY}`,
      `import { createRequire } from 'node:module';\nconst r = createRequire(import.meta.url);\n${BODY}`,
      `const r = require('./x.cjs');\n${BODY}`,
      `const u = import.meta.resolve('./x.js');\n${BODY}`,
      `export * from './other.js';\n${BODY}`,
      `export { a as b } from "../lib.js";\n${BODY}`,
      `eval("1");\n${BODY}`,
      `const f = new Function('return 1');\n${BODY}`,
      `process.binding('fs');\n${BODY}`,
      // A word in a comment or a string is a false alarm, on the safe side.
      `// we import nothing\n${BODY}`,
      `export default { name: 'x', description: 'exits at import', create: () => ({ act: (v) => v.legal[0] }) };\n`,
    ]) {
      expect(importsOnlyNode(file(text)), text).toBe(false);
    }
    expect(importsOnlyNode(join(dir, 'missing.mjs'))).toBe(false);
    expect(importsOnlyNode(join(ROOT, 'test', 'infer', 'fixtures', 'wary.mjs'))).toBe(false);
  });
});

describe('needsModules, for a lineup entry', () => {
  it('is false only for a .js or .mjs file that imports only node: modules, overrides allowed', () => {
    const plain = file(BODY);
    const cjs = file(BODY, '.cjs');
    const js = file(BODY, '.js');
    expect(needsModules(plain)).toBe(false);
    expect(needsModules(`${plain}:depth=2:name=a`)).toBe(false);
    expect(needsModules(` ${js} `)).toBe(false);
    expect(fileOf(`${plain}:depth=2`)).toBe(plain);
    expect(needsModules(cjs)).toBe(true);
    expect(needsModules(join(dir, 'preset.json'))).toBe(true);
    expect(needsModules(join(dir, 'missing.mjs'))).toBe(true);
    expect(needsModules(`search:policy=${plain}`)).toBe(true);
  });
});
