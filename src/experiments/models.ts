/**
 * `mjlab experiment NAME --models LABEL=FILE,...` (docs/belief.md, "Prediction quality"): the model file an experiment
 * measures under each of its variants. Every variant needs one, and a label that is no variant, a label given twice or
 * a pair without its file is refused in one line naming it.
 */
import { UserError } from '../errors.js';

export function modelsOption(text: string, labels: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    const label = at < 0 ? pair : pair.slice(0, at);
    const file = at < 0 ? '' : pair.slice(at + 1);
    if (file === '') throw new UserError(`--models: "${pair}" is not LABEL=FILE (labels: ${labels.join(', ')})`);
    if (!labels.includes(label)) throw new UserError(`--models: "${label}" is not a variant of the experiment (${labels.join(', ')})`);
    if (out.has(label)) throw new UserError(`--models: ${label} is given twice`);
    out.set(label, file);
  }
  const missing = labels.filter((l) => !out.has(l));
  if (missing.length > 0) throw new UserError(`--models: no model file for ${missing.join(', ')} (give LABEL=FILE for each of ${labels.join(', ')})`);
  return out;
}
