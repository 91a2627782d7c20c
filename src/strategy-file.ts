/**
 * Strategy files as the lineup names them, read before anything is loaded (bin/mjlab.js, a pool choosing its worker
 * script): which part of an entry is the file, and whether a file imports nothing but Node's own modules.
 *
 * Why the second: the CLI and the runner's workers start from one-file bundles (src/runner/write-bundle.ts), which
 * hold their own copy of the library. A strategy file that imports the built library (dist/) would load a second
 * copy beside the bundle's, whose objects the library's checks do not know (a world made by sampleWorld, for one),
 * so such a lineup runs on the compiled modules. A file whose only imports are `node:` modules cannot reach the
 * library, and runs on the bundle like a built-in (docs/strategies.md "Bundles and modules").
 */
import { readFileSync } from 'node:fs';

/** Where an entry's `:param=value` overrides begin. */
export const OVERRIDES = /:(?=[A-Za-z_]\w*=)/;

/** An entry's file or name with its overrides split off. */
export function fileOf(entry: string): string {
  return entry.split(OVERRIDES)[0]!;
}

/**
 * What in a module's text could load another module or run text as code: a dynamic import, `require` (and
 * createRequire), `import.meta.resolve`, eval, the Function constructor, a native binding. Words in comments and
 * strings count too: a false alarm only means the compiled modules.
 */
const DYNAMIC = /\bimport\s*\(|[Rr]equire|import\s*\.\s*meta\s*\.\s*resolve|\beval\b|\bFunction\b|\bprocess\s*\.\s*(?:binding|_linkedBinding|dlopen)\b/;
/** A static import of a `node:` module: `import 'node:x'`, `import a from`, `import * as a from`, `import { a } from`. */
const NODE_IMPORT = /^import\s*(?:(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\{[^}]*\})?\s*from\s*)?(['"])node:[^'"\n]+\1/;
/** A re-export from another module: `export * from 'x'`, `export * as a from`, `export { a } from`. */
const RE_EXPORT = /^export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])([^'"\n]*)\1/;

/**
 * Whether the module at `path` imports only `node:` modules (and nothing at all dynamically), judged from its text;
 * false when it cannot be read. Every `import` in the text must be a static import of a `node:` module or
 * `import.meta`, and every `export ... from` must name a `node:` module.
 */
export function importsOnlyNode(path: string): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return false;
  }
  if (DYNAMIC.test(text)) return false;
  for (const m of text.matchAll(/\b(import|export)\b/g)) {
    const rest = text.slice(m.index);
    if (m[1] === 'import') {
      if (/^import\s*\.\s*meta\b/.test(rest)) continue;
      if (!NODE_IMPORT.test(rest)) return false;
    } else {
      const r = RE_EXPORT.exec(rest);
      if (r !== null && !r[2]!.startsWith('node:')) return false;
    }
  }
  return true;
}

/**
 * Whether the strategy file named by `entry` (a lineup entry; overrides allowed) may need the compiled modules: true
 * unless it is a .js or .mjs file that imports only `node:` modules. A preset (.json), a .cjs file, or a name that is
 * no readable file counts as needing them.
 */
export function needsModules(entry: string): boolean {
  const file = fileOf(entry.trim());
  return !/\.m?js$/i.test(file) || !importsOnlyNode(file);
}
