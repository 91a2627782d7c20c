/**
 * Writes dist/hand-tables.bin (table-file.ts), run by the build after tsc (`npm run build`, `npm ci`'s prepare,
 * the tests' build step): the tables built afresh, never read from an older file, for the compiled builders beside
 * this module and for their sources in src/hand/ (the tests run those in-process). Written to a temporary name and
 * renamed, so a reader never sees half a file.
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHandTable, prebuiltSections } from './table.js';
import { buildSuitGood } from './suit-shapes.js';
import { builderIdentity, tableFileBytes, tableFilePath } from './table-file.js';

export function writeHandTables(): string {
  const compiled = dirname(dirname(fileURLToPath(import.meta.url)));
  const identities = [builderIdentity(compiled, '.js')];
  // dist/src/ → src/, the sources these modules were compiled from.
  const sources = join(dirname(dirname(compiled)), 'src');
  if (existsSync(join(sources, 'hand', 'shanten.ts'))) identities.push(builderIdentity(sources, '.ts'));
  const bytes = tableFileBytes(identities, { suitGood: buildSuitGood(), ...prebuiltSections(buildHandTable()) });
  const path = tableFilePath();
  writeFileSync(`${path}.tmp`, bytes);
  renameSync(`${path}.tmp`, path);
  return path;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeHandTables();
