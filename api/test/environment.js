// The API's jest environment (api/jest.config.js): jest's node environment, with the globals the server's code
// reads most bound once per test file instead of looked up at every use (docs/testing.md).
//
// Jest runs every module inside a vm context whose global object is a Proxy. There, each read of a global
// name (`Math`, `JSON`, `Object`, `Date`, `setImmediate`, …) leaves V8's fast path for a call into Node's
// context interceptor and that Proxy: ≈ 0.2 µs a read, some fifty times a plain one. The server, PGlite's
// glue, drizzle and fastify read such names at every step: a request cost ≈ 1.1 times as much CPU in a test
// as in the built server, the demo catalogue's million names three times. A top-level `const` of the
// context's first script lives in its script scope, which every later script and module of that context
// reads before the global object, on the fast path. So `setup()` binds the names below to the values the
// global object holds at that moment, and `teardown()` fails the file if any of them was reassigned on the
// global object since (what a module would then no longer see).
import { TestEnvironment } from 'jest-environment-node';
import { runInContext } from 'node:vm';

/**
 * Globals that keep their value for a test file's life: JavaScript's own, and Node's that jest copies in.
 * Not `undefined`, `NaN` and `Infinity` (a script may not shadow them, and V8 reads them fast anyway), nor
 * what jest sets after `setup()`: `console`, and `describe`, `it`, `expect` and their kind.
 */
const BOUND = [
  // JavaScript's
  'Object',
  'Function',
  'Array',
  'Number',
  'Boolean',
  'String',
  'Symbol',
  'BigInt',
  'Promise',
  'RegExp',
  'Date',
  'Error',
  'AggregateError',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'JSON',
  'Math',
  'Intl',
  'Reflect',
  'Proxy',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'FinalizationRegistry',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Uint8Array',
  'Int8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigUint64Array',
  'BigInt64Array',
  'Atomics',
  'WebAssembly',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'decodeURI',
  'globalThis',
  // Node's
  'process',
  'Buffer',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'structuredClone',
  'performance',
  'TextEncoder',
  'TextDecoder',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'Event',
  'EventTarget',
  'atob',
  'btoa',
  'crypto',
];

/** `globalThis` is bound through `this`: `const globalThis = globalThis.…` would read the binding it declares. */
const BIND = BOUND.map((name) => `const ${name} = this.${name};`).join('\n');
/** Answers the names whose global property no longer holds the bound value. */
const CHANGED = `(() => [${BOUND.map((name) => `[${JSON.stringify(name)}, ${name} === this.${name}]`).join(', ')}].filter(([, same]) => !same).map(([name]) => name))()`;

export default class BoundGlobalsEnvironment extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    super(...args);
    // Fake timers replace `Date` and the timer functions on the global object, which the bound names would not see.
    const refuse = () => {
      throw new Error('The API tests bind Date and the timers once per file (api/test/environment.js): fake timers would not reach the modules.');
    };
    if (this.fakeTimers) this.fakeTimers.useFakeTimers = refuse;
    if (this.fakeTimersModern) this.fakeTimersModern.useFakeTimers = refuse;
  }

  async setup() {
    await super.setup();
    runInContext(BIND, this.getVmContext());
  }

  async teardown() {
    const context = this.getVmContext();
    /** @type {string[]} */
    const changed = context ? runInContext(CHANGED, context) : [];
    await super.teardown();
    if (changed.length)
      throw new Error(`A test file reassigned ${changed.join(', ')} on the global object, which api/test/environment.js binds once per file.`);
  }
}
