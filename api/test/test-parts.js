// The API's test files run in a few jest "parts" when the whole suite runs (`npm test`, CI): each part
// is one jest test file that imports a share of the real test files, so jest loads the server's
// module graph (NestJS, fastify, drizzle, PGlite, socket.io…: ≈ 3 CPU-seconds in jest's module
// sandbox) once per part instead of once per file (docs/testing.md).
// Every test file still runs, with the same tests, hooks and apps; a file named on jest's command
// line (`npx jest test/cart.e2e-spec.ts`) runs on its own as before.
import { appendFileSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const API = fileURLToPath(new URL('..', import.meta.url));

/** How many parts the suite is cut into (the files in test/parts/ name them 1…PARTS). */
// Eight: the workers take the next part as they finish one, so smaller parts even out what the cost
// table below gets wrong (with four, the longest part ran 401 s and the shortest 149 s); each more part
// costs one more load of the server's modules (≈ 3 CPU-s).
export const PARTS = 8;

/**
 * CPU seconds each file took on its own (user + system of its jest worker, module loading included,
 * both databases, 2 workers on the 2-core machine under load); a file not listed is guessed from its
 * size. Only used to give the parts equal shares: a stale figure makes them less even, nothing more.
 */
const COST = {
  'seed-persistence.e2e-spec.ts': 64,
  'db-faults.e2e-spec.ts': 40,
  'accounts-fuzz.e2e-spec.ts': 52,
  'idempotency-keys.e2e-spec.ts': 34,
  'rate-limits.e2e-spec.ts': 30,
  'auth.e2e-spec.ts': 27,
  'demo-products.spec.ts': 25,
  'redis-prefix.e2e-spec.ts': 25,
  'shop-prefix.e2e-spec.ts': 23,
  'search-index.e2e-spec.ts': 20,
  'order-lifecycle.e2e-spec.ts': 19,
  'products.e2e-spec.ts': 15,
  'inventory-migration.e2e-spec.ts': 15,
  'metrics.e2e-spec.ts': 15,
  'orders.e2e-spec.ts': 14,
  'file-storage.e2e-spec.ts': 23,
  'text-fuzz.e2e-spec.ts': 14,
  'last-admin.e2e-spec.ts': 14,
  'deep-json.e2e-spec.ts': 14,
  'public-config.e2e-spec.ts': 13,
  'payments.e2e-spec.ts': 13,
  'security-headers.e2e-spec.ts': 12,
  'cheap-requests.e2e-spec.ts': 12,
};
const listed = (/** @type {string} */ file) => COST[/** @type {keyof typeof COST} */ (basename(file))] ?? 3 + statSync(file).size / 2000;
// The figures are for both engines. With TEST_DATABASE_URL set, a file on PORTABLE_DB_KINDS runs on
// PostgreSQL only, at about a third of that (docs/testing.md).
const oneEngine = Boolean(process.env.TEST_DATABASE_URL) && process.env.API_TEST_EVERY_ENGINE !== '1';
const cost = (/** @type {string} */ file) => listed(file) * (oneEngine && readFileSync(file, 'utf8').includes('PORTABLE_DB_KINDS') ? 0.35 : 1);

/** Every test file jest runs one by one: src/**\/*.spec.ts and test/*.e2e-spec.ts. */
export function testFiles() {
  const src = readdirSync(join(API, 'src'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => join(API, 'src', f));
  const e2e = readdirSync(join(API, 'test'))
    .filter((f) => f.endsWith('.e2e-spec.ts'))
    .map((f) => join(API, 'test', f));
  return [...src, ...e2e].sort();
}

/** The files of part `n` (1…PARTS): the costliest file first into the cheapest part so far. */
export function filesOfPart(/** @type {number} */ n) {
  /** @type {{ files: string[], cost: number }[]} */
  const parts = Array.from({ length: PARTS }, () => ({ files: [], cost: 0 }));
  const files = testFiles().sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : 1));
  for (const file of files) {
    const cheapest = parts.reduce((min, p) => (p.cost < min.cost ? p : min));
    cheapest.files.push(file);
    cheapest.cost += cost(file);
  }
  const part = parts[n - 1];
  if (!part) throw new Error(`no part ${n} of ${PARTS}`);
  return part.files;
}

/** jest's `test` and the harness's count of the apps it started (API_TEST_CPU_LOG), globals of the part's sandbox. */
const counters = /** @type {{ test: (name: string, fn: () => void) => void, __haatApps?: Record<string, number> }} */ (/** @type {unknown} */ (globalThis));
const jestTest = (/** @type {string} */ name, /** @type {() => void} */ fn) => counters.test(name, fn);

/**
 * Imports part `n`'s files in turn: each registers its describe blocks, hooks and tests as it would
 * in a file of its own (every file's describes sit at the top level of the part).
 */
export async function runPart(/** @type {string} */ partUrl) {
  const n = Number(basename(fileURLToPath(partUrl), '.js'));
  // A part file more or less than PARTS would run some files twice or never.
  const present = readdirSync(join(API, 'test', 'parts')).filter((f) => /^\d+\.js$/.test(f)).length;
  if (present !== PARTS) throw new Error(`test/parts/ holds ${present} parts but test-parts.js cuts the files into ${PARTS}`);
  const log = process.env.API_TEST_CPU_LOG;
  let mark = process.cpuUsage();
  for (const file of filesOfPart(n)) {
    await import(file);
    // API_TEST_CPU_LOG=<file>: after each file's tests, one line with the CPU-seconds its tests took in this
    // worker (the part's first file includes loading the server's modules) and the test apps it started.
    if (log) {
      jestTest(`cpu of ${basename(file)}`, () => {
        const used = process.cpuUsage(mark);
        mark = process.cpuUsage();
        appendFileSync(log, `${basename(file)}\t${((used.user + used.system) / 1e6).toFixed(1)}\t${JSON.stringify(counters.__haatApps ?? {})}\n`);
        counters.__haatApps = {};
      });
    }
  }
}
