/**
 * A small JSON Schema checker for the protocol's schema (docs/protocol/schema.json), in the test suite so that the
 * project adds no dependency: the keywords that schema uses (type, const, enum, properties, required,
 * additionalProperties, items, minItems, maxItems, minimum, maximum, pattern, oneOf, $ref into $defs), and an
 * error for any other keyword, so a schema that grows past it fails loudly rather than passing unchecked.
 */
type Schema = Record<string, unknown>;

const KNOWN = new Set(['$schema', '$id', 'title', 'description', '$defs', 'type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'minimum', 'maximum', 'pattern', 'oneOf', '$ref']);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The problems of `value` against `schema` (empty: valid), each with the path where it lies. */
export function validate(root: Schema, schema: Schema, value: unknown, path = '$'): string[] {
  for (const k of Object.keys(schema)) if (!KNOWN.has(k)) throw new Error(`schema keyword "${k}" is not supported by test/bot/json-schema.ts`);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/$defs/', '');
    const def = (root.$defs as Record<string, Schema>)[name];
    if (!def) throw new Error(`no definition ${schema.$ref}`);
    return validate(root, def, value, path);
  }
  const errors: string[] = [];
  const t = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((x) => x === t || (x === 'number' && t === 'integer'))) return [`${path}: ${t}, not ${types.join(' or ')}`];
  }
  if ('const' in schema && value !== schema.const) errors.push(`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (schema.enum !== undefined && !(schema.enum as unknown[]).includes(value)) errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${path}: ${value} < ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${path}: ${value} > ${schema.maximum}`);
  }
  if (typeof value === 'string' && typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${path}: "${value}" does not match ${schema.pattern}`);
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) errors.push(`${path}: ${value.length} items < ${schema.minItems}`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) errors.push(`${path}: ${value.length} items > ${schema.maxItems}`);
    if (schema.items !== undefined) value.forEach((v, i) => errors.push(...validate(root, schema.items as Schema, v, `${path}[${i}]`)));
  }
  if (t === 'object') {
    const o = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in o)) errors.push(`${path}: "${r}" is missing`);
    for (const [k, v] of Object.entries(o)) {
      if (props[k]) errors.push(...validate(root, props[k], v, `${path}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: "${k}" is not allowed`);
    }
  }
  if (schema.oneOf !== undefined) {
    const passing = (schema.oneOf as Schema[]).filter((s) => validate(root, s, value, path).length === 0).length;
    if (passing !== 1) errors.push(`${path}: matches ${passing} of oneOf's ${(schema.oneOf as Schema[]).length} (must be exactly one): ${JSON.stringify(value).slice(0, 120)}`);
  }
  return errors;
}

/** The problems of one protocol message: checked against the definition its "type" names (an action: "action"). */
export function validateMessage(root: Schema, message: Record<string, unknown>): string[] {
  const defs = root.$defs as Record<string, Schema>;
  const name = typeof message.type === 'string' && defs[message.type] && !['action', 'event', 'tile', 'meld', 'seat', 'wind', 'phase', 'seatPublic'].includes(message.type) ? message.type : 'action';
  return validate(root, defs[name]!, message);
}
