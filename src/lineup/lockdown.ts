/**
 * The language's shared objects frozen in a thread that runs strategies (docs/strategies.md, "What a world holds": a fair
 * table through anything else). The engine and every agent of a table share one JavaScript realm. A plug-in that could replace a method
 * of a built-in prototype would be handed whatever the engine passes to it: `%TypedArray%.prototype.set` is given
 * the true state's slabs when a world is copied, and `Array.prototype.push` is given the tiles of the views the other
 * agents read. So the prototypes and static functions of the standard library are frozen before any strategy file
 * is imported (in the spirit of SES's lockdown, much reduced: no new realm, no taming of Date or Math, which the
 * contract's guards already wrap).
 *
 * Freezing a prototype turns assignment to an inherited name into a TypeError in strict code (`this.name = ...` in an
 * Error subclass, `Foo.prototype.constructor = Foo`): the few names that code commonly assigns are made accessors
 * whose setter defines the property on the object assigned to, as SES does. Objects are pinned (every property
 * read-only and fixed, no new ones), not frozen: see pin.
 *
 * Only a worker thread about to import a user's strategy file is locked (registry.ts loadUserStrategy, the one
 * place a user's code enters; inside contract.ts `loading`, after its guards). The main thread runs the command
 * line, the charts and the tests' own code, and plays no hand with a plug-in's agents. A thread whose lineup is
 * built-ins only runs nothing but the project's own code, and stays unlocked because the lock is not free: any
 * change to `constructor`, `Symbol.species`, an iterator's `next` and the like on the built-ins (pinning included)
 * turns off V8's guards of its fast paths for the whole thread, so every `slice`, `subarray` and spread takes the
 * generic path (the default mix of four strategies played 1.3 to 1.45 times the hands per second unlocked:
 * docs/performance.md, "A fair table's costs").
 */
import { isMainThread } from 'node:worker_threads';

/** Names that code assigns on objects inheriting them, per prototype: made accessors before freezing. */
const ASSIGNED: readonly [object, readonly string[]][] = [
  [Object.prototype, ['constructor', 'toString', 'valueOf', 'toLocaleString']],
  [Function.prototype, ['constructor', 'toString']],
  [Error.prototype, ['constructor', 'name', 'message', 'toString']],
];

function enableAssignment(proto: object, name: string): void {
  const d = Object.getOwnPropertyDescriptor(proto, name);
  if (d === undefined || !('value' in d) || !d.configurable) return;
  const value: unknown = d.value;
  Object.defineProperty(proto, name, {
    get(): unknown {
      return value;
    },
    set(this: object, v: unknown): void {
      if (this === proto) throw new TypeError(`Cannot assign to read only property '${name}' of a frozen prototype`);
      Object.defineProperty(this, name, { value: v, writable: true, enumerable: true, configurable: true });
    },
    enumerable: d.enumerable ?? false,
    configurable: false,
  });
}

const TYPED = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];

/** The prototypes whose methods the engine calls on its own memory, and on what it hands agents. */
function prototypes(): object[] {
  const iter = (x: Iterable<unknown>): object => Object.getPrototypeOf(x[Symbol.iterator]()) as object;
  const arrayIter = iter([]);
  return [
    Object.prototype,
    Function.prototype,
    Array.prototype,
    Object.getPrototypeOf(Uint8Array.prototype) as object,
    ...TYPED.map((t) => t.prototype),
    ArrayBuffer.prototype,
    SharedArrayBuffer.prototype,
    DataView.prototype,
    Number.prototype,
    String.prototype,
    Boolean.prototype,
    Symbol.prototype,
    BigInt.prototype,
    Map.prototype,
    Set.prototype,
    WeakMap.prototype,
    WeakSet.prototype,
    Promise.prototype,
    RegExp.prototype,
    Date.prototype,
    Error.prototype,
    arrayIter,
    Object.getPrototypeOf(arrayIter) as object,
    iter(new Map()),
    iter(new Set()),
    iter(''),
    Object.getPrototypeOf(function* () {}) as object,
    Object.getPrototypeOf((function* () {})()) as object,
  ];
}

/** Namespaces and constructors whose static functions the engine calls (Object.assign, Array.from, Math.floor ...). */
function statics(): object[] {
  // Error constructors stay open: Node writes Error.stackTraceLimit while it builds its own errors.
  return [Object, Function, Array, Object.getPrototypeOf(Uint8Array) as object, ...TYPED, ArrayBuffer, SharedArrayBuffer, DataView, Number, String, Boolean, Symbol, BigInt, Map, Set, WeakMap, WeakSet, Promise, RegExp, Math, JSON, Reflect, Atomics];
}

const GLOBALS: readonly string[] = [
  'Object', 'Function', 'Array', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
  'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'ArrayBuffer', 'SharedArrayBuffer',
  'DataView', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Promise', 'RegExp',
  'Math', 'JSON', 'Reflect', 'Atomics', 'Error', 'TypeError', 'RangeError',
];

/**
 * Every own property made read-only and fixed. (Object.freeze would do the same, but V8 then gives the prototypes
 * frozen elements, and the engine's arrays lose their fast paths: 1.6 times slower hands, measured.)
 */
function pin(o: object): void {
  for (const key of Reflect.ownKeys(o)) {
    const d = Object.getOwnPropertyDescriptor(o, key)!;
    if (!d.configurable) continue;
    Object.defineProperty(o, key, 'value' in d ? { value: d.value, writable: false, enumerable: d.enumerable ?? false, configurable: false } : { ...d, configurable: false });
  }
}

const LOCKED = Symbol.for('mjlab.lockdown');

/** Freeze the standard library's prototypes and static functions in this thread, once; a no-op on the main thread. */
export function lockdown(): void {
  const g = globalThis as { [LOCKED]?: true };
  if (isMainThread || g[LOCKED]) return;
  for (const [proto, names] of ASSIGNED) for (const n of names) enableAssignment(proto, n);
  for (const o of [...prototypes(), ...statics()]) {
    pin(o);
    Object.preventExtensions(o);
  }
  // The global names themselves: a strategy that rebound `Uint8Array` would be handed the engine's next state.
  for (const name of GLOBALS) {
    const d = Object.getOwnPropertyDescriptor(globalThis, name);
    if (d && 'value' in d && d.configurable) Object.defineProperty(globalThis, name, { value: d.value, writable: false, enumerable: d.enumerable ?? false, configurable: false });
  }
  Object.defineProperty(globalThis, LOCKED, { value: true });
}
