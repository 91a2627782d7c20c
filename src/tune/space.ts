/**
 * The space `mjlab tune` searches (docs/tuning.md): one dimension per `--params` entry, bounded by the
 * parameter specs' min/max (narrowed by `name=lo..hi`) on their grid step. CMA-ES works in the unit cube: a
 * stepped dimension's K grid values each own an equal 1/K of [0, 1] (the range widened by half a step at both
 * ends), and a point is rounded to its grid value only to be evaluated, so the search stays continuous.
 *
 * A dimension may tie parameters that mean the same thing under different rule sets (`minPairs+limitMinPairs`:
 * harr reads the first under Part I's table and the second in the books played with a limit); both get the one
 * value, and the start is the first-named parameter's current value.
 */
import { UserError } from '../errors.js';
import type { StrategyInstance } from '../agent/types.js';
import type { ParamSpec, ParamValue } from '../agent/types.js';

export interface Dimension {
  /** Parameters set to this dimension's value (more than one when tied). */
  readonly names: readonly string[];
  readonly lo: number;
  readonly hi: number;
  /** Grid step from lo (values lo, lo + step, ... ≤ hi); null for a continuous dimension. */
  readonly step: number | null;
  /** The start value (the strategy's current value of names[0], moved into the bounds). */
  readonly start: number;
}

/** The column name of a dimension: its parameters joined by "+". */
export function dimName(d: Dimension): string {
  return d.names.join('+');
}

const ENTRY = /^([A-Za-z_]\w*(?:\+[A-Za-z_]\w*)*)(?:=(.+))?$/;

function parseRange(text: string, entry: string): [number, number] {
  const m = /^\s*(-?[\d.]+(?:e-?\d+)?)\s*\.\.\s*(-?[\d.]+(?:e-?\d+)?)\s*$/i.exec(text);
  const lo = m ? Number(m[1]) : NaN;
  const hi = m ? Number(m[2]) : NaN;
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) throw new UserError(`--params: bad range in "${entry}" (expected name=lo..hi, e.g. lateWall=8..30)`);
  return [lo, hi];
}

function numericSpec(inst: StrategyInstance, name: string): ParamSpec {
  const spec = inst.strategy.params.find((p) => p.name === name);
  const numeric = inst.strategy.params.filter((p) => typeof p.default === 'number').map((p) => p.name);
  if (!spec) {
    throw new UserError(`strategy "${inst.strategy.name}" has no parameter "${name}" (numeric: ${numeric.join(', ') || 'none'})`);
  }
  if (typeof spec.default !== 'number') {
    throw new UserError(`parameter "${name}" of ${inst.strategy.name} is not numeric (${typeof spec.default}); only numbers can be tuned (numeric: ${numeric.join(', ') || 'none'})`);
  }
  return spec;
}

function dimension(inst: StrategyInstance, entry: string): Dimension {
  const m = ENTRY.exec(entry);
  if (!m) throw new UserError(`--params: bad entry "${entry}" (expected name, name+name or name=lo..hi)`);
  const names = m[1]!.split('+');
  const specs = names.map((n) => numericSpec(inst, n));
  let lo = Math.max(...specs.map((s) => s.min ?? -Infinity));
  let hi = Math.min(...specs.map((s) => s.max ?? Infinity));
  const steps = [...new Set(specs.map((s) => s.step ?? null))];
  if (steps.length > 1) throw new UserError(`--params: tied parameters ${names.join(', ')} have different steps (${steps.join(', ')})`);
  const step = steps[0] ?? null;
  // The grid origin is the spec's own minimum, so a narrowed range keeps the spec's grid.
  const origin = Number.isFinite(lo) ? lo : 0;
  if (m[2] !== undefined) {
    const [a, b] = parseRange(m[2], entry);
    lo = Math.max(lo, a);
    hi = Math.min(hi, b);
  } else if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    throw new UserError(`parameter "${names.find((_, i) => specs[i]!.min === undefined || specs[i]!.max === undefined)}" of ${inst.strategy.name} has no bounds; give them as ${entry}=lo..hi`);
  }
  if (step !== null) {
    lo = origin + Math.ceil((lo - origin) / step - 1e-9) * step;
    hi = origin + Math.floor((hi - origin) / step + 1e-9) * step;
  }
  if (!(lo < hi)) {
    throw new UserError(`--params: the bounds of ${names.join('+')} are empty or a single value (${lo}..${hi}${step !== null ? ` in steps of ${step}` : ''})`);
  }
  const current = inst.params[names[0]!];
  const start = Math.min(hi, Math.max(lo, Number(current)));
  return { names, lo, hi, step, start: step === null ? start : snap(lo, hi, step, start) };
}

function snap(lo: number, hi: number, step: number, v: number): number {
  const k = Math.round((v - lo) / step);
  return Math.min(hi, lo + Math.max(0, k) * step);
}

/**
 * The dimensions of `--params` (comma-separated; default: every numeric parameter with bounds, in spec order).
 * Unknown, non-numeric, repeated or unbounded parameters and empty bounds are one-line errors.
 */
export function parseSpace(spec: string | undefined, inst: StrategyInstance): Dimension[] {
  let entries: string[];
  if (spec === undefined) {
    entries = inst.strategy.params.filter((p) => typeof p.default === 'number' && p.min !== undefined && p.max !== undefined).map((p) => p.name);
    if (entries.length === 0) throw new UserError(`strategy "${inst.strategy.name}" has no numeric parameter with bounds to tune; name some with --params name=lo..hi`);
  } else {
    entries = spec.split(',').map((e) => e.trim());
    if (entries.some((e) => e === '')) throw new UserError(`--params: empty entry in "${spec}"`);
  }
  const dims = entries.map((e) => dimension(inst, e));
  const seen = new Set<string>();
  for (const d of dims) {
    for (const n of d.names) {
      if (seen.has(n)) throw new UserError(`--params: parameter "${n}" is named twice`);
      seen.add(n);
    }
  }
  return dims;
}

/** Width of the unit interval's image: the range, widened by half a step at each end for a stepped dimension. */
function span(d: Dimension): { from: number; width: number } {
  return d.step === null ? { from: d.lo, width: d.hi - d.lo } : { from: d.lo - d.step / 2, width: d.hi - d.lo + d.step };
}

/** A value's place in [0, 1] (the centre of its grid cell for a stepped dimension). */
export function toUnit(d: Dimension, v: number): number {
  const s = span(d);
  return (v - s.from) / s.width;
}

/** The value evaluated for a unit coordinate: inside the bounds, and on the grid for a stepped dimension. */
export function fromUnit(d: Dimension, u: number): number {
  const s = span(d);
  const v = s.from + Math.min(1, Math.max(0, u)) * s.width;
  if (d.step === null) return Math.min(d.hi, Math.max(d.lo, v));
  return snap(d.lo, d.hi, d.step, v);
}

/** The parameter values of a point: every tied name gets its dimension's value. */
export function paramsOf(dims: readonly Dimension[], values: readonly number[]): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  dims.forEach((d, i) => {
    for (const n of d.names) out[n] = values[i]!;
  });
  return out;
}

/**
 * A lineup entry playing `values` on top of `base` (the --strategy entry as given): later overrides win, so the
 * base's own parameters stay where a dimension does not set them. Numbers are written in their shortest exact form.
 */
export function candidateEntry(base: string, dims: readonly Dimension[], values: readonly number[]): string {
  const over = Object.entries(paramsOf(dims, values)).map(([k, v]) => `${k}=${String(v)}`);
  return [base, ...over].join(':');
}
