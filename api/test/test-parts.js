// The API's test files run in a few jest "parts" when the whole suite runs (`npm test`, CI): each part
// is one jest test file that imports a share of the real test files, so jest loads the server's
// module graph (NestJS, fastify, drizzle, PGlite, socket.io…: ≈ 3 CPU-seconds in jest's module
// sandbox, with the first apps' warm-up) once per part instead of once per file (docs/testing.md).
// Every test file still runs, with the same tests, hooks and apps; a file named on jest's command
// line (`npx jest test/cart.e2e-spec.ts`) runs on its own as before.
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const API = fileURLToPath(new URL('..', import.meta.url));

/** How many parts the suite is cut into (the files in test/parts/ name them 1…PARTS). */
// Two, one for each jest worker (API_TEST_WORKERS): every part costs a load of the server's modules and the first
// apps' warm-up (≈ 3 CPU-s), and each module graph a worker has loaded stays in its memory (≈ 250 MB more per part:
// with eight, a worker held 2 GB at the end and took over the 0.5 s jest allows it to exit). The price is balance:
// the split rests on the table below, and a file it misjudges by a minute makes one worker end a minute early.
export const PARTS = 2;

/**
 * CPU seconds of each file's own tests in a part (user + system of its jest worker, module loading not included;
 * API_TEST_CPU_LOG), in a newcomer's run (neither TEST_DATABASE_URL nor REDIS_URL: all on PGlite) and in CI's (both
 * set: PostgreSQL, and PGlite too for the files that run on both engines). A file not listed is guessed from its
 * size. Only used to give the parts equal shares: a stale figure makes them less even, nothing more; refresh the
 * table from a run's API_TEST_CPU_LOG when a file's cost moves by seconds.
 */
const COST = {
  'seed-persistence.e2e-spec.ts': [14.5, 20.5],
  'catalog-deep-pages.e2e-spec.ts': [1.2, 1.8],
  'accounts-fuzz.e2e-spec.ts': [7.6, 4.9],
  'file-storage.e2e-spec.ts': [4.9, 7.8],
  'demo-products.spec.ts': [8.1, 8.4],
  'shop-prefix.e2e-spec.ts': [2.5, 4.2],
  'order-lifecycle.e2e-spec.ts': [3.2, 1.5],
  'search-index.e2e-spec.ts': [6.6, 9.0],
  'search-judged.e2e-spec.ts': [4.2, 3.1],
  'inventory-migration.e2e-spec.ts': [1.0, 1.2],
  'rate-limits.e2e-spec.ts': [4.0, 7.5],
  'cheap-requests.e2e-spec.ts': [3.9, 5.0],
  'push.e2e-spec.ts': [3.9, 1.5],
  'payments.e2e-spec.ts': [3.7, 6.1],
  'orders.e2e-spec.ts': [3.6, 7.1],
  'awaiting-payment-migration.e2e-spec.ts': [1.0, 1.2],
  'password-policy.e2e-spec.ts': [3.0, 3.1],
  'products.e2e-spec.ts': [3.0, 2.3],
  'inventory.e2e-spec.ts': [2.6, 5.1],
  'invoices.e2e-spec.ts': [2.3, 4.0],
  'metrics.e2e-spec.ts': [2.1, 1.6],
  'orders-trust.e2e-spec.ts': [2.1, 3.4],
  'text-fuzz.e2e-spec.ts': [2.0, 2.1],
  'coupons.e2e-spec.ts': [1.9, 4.1],
  'logging.e2e-spec.ts': [1.9, 2.7],
  'overview-rollup.e2e-spec.ts': [1.8, 6.1],
  'search-typos.e2e-spec.ts': [1.7, 2.4],
  'deep-json.e2e-spec.ts': [1.6, 1.4],
  'openapi.e2e-spec.ts': [1.6, 2.0],
  'variants.e2e-spec.ts': [1.6, 2.8],
  'public-config.e2e-spec.ts': [1.5, 1.2],
  'categories.e2e-spec.ts': [1.3, 0.7],
  'image-decodes.e2e-spec.ts': [1.3, 1.3],
  'invoice-scripts.e2e-spec.ts': [1.3, 2.2],
  'returns.e2e-spec.ts': [1.2, 1.1],
  'review-cache.e2e-spec.ts': [1.2, 0.8],
  'accounts-ownership.e2e-spec.ts': [1.1, 1.1],
  'admin-overview.e2e-spec.ts': [1.1, 0.7],
  'cart.e2e-spec.ts': [1.1, 2.2],
  'languages.e2e-spec.ts': [1.1, 0.8],
  'password-reset.e2e-spec.ts': [1.1, 0.9],
  'search-synonyms.e2e-spec.ts': [1.1, 1.7],
  'shop-identity.e2e-spec.ts': [1.1, 1.1],
  'wishlist-reviews.e2e-spec.ts': [1.1, 0.9],
  'coupon-guards.e2e-spec.ts': [1.0, 2.5],
  'mobile-sign-in.e2e-spec.ts': [1.0, 0.7],
  'socket-lifetime.e2e-spec.ts': [0.9, 0.8],
  'new-orders.e2e-spec.ts': [0.8, 0.7],
  'order-batch.e2e-spec.ts': [0.8, 2.1],
  'upi-checkout.e2e-spec.ts': [0.8, 0.7],
  'uploads.e2e-spec.ts': [0.8, 0.7],
  'whatsapp.e2e-spec.ts': [0.8, 0.8],
  'idempotency-keys.e2e-spec.ts': [0.7, 2.3],
  'addresses.e2e-spec.ts': [0.7, 0.5],
  'cors.e2e-spec.ts': [0.7, 0.5],
  'google-sign-in.e2e-spec.ts': [0.7, 0.7],
  'id-table.spec.ts': [0.7, 0.7],
  'realtime.e2e-spec.ts': [0.7, 1.2],
  'seed-loader.e2e-spec.ts': [0.7, 1.1],
  'sessions.e2e-spec.ts': [0.7, 1.8],
  'stock-refusals.e2e-spec.ts': [0.7, 1.7],
  'error-codes.e2e-spec.ts': [0.6, 0.4],
  'log-secrets.e2e-spec.ts': [0.6, 0.4],
  'order-statement.e2e-spec.ts': [0.6, 1.3],
  'profile.e2e-spec.ts': [0.6, 0.5],
  'token-rules.e2e-spec.ts': [0.6, 0.6],
  'delivery-zones.e2e-spec.ts': [0.5, 0.9],
  'last-admin.e2e-spec.ts': [0.5, 3.0],
  'mobile-codes-limits.e2e-spec.ts': [0.5, 0.9],
  'first-paint.e2e-spec.ts': [0.4, 1.2],
  'no-enumeration.e2e-spec.ts': [0.4, 0.4],
  'security-headers.e2e-spec.ts': [0.4, 0.4],
  'lent-pglite.e2e-spec.ts': [0.3, 0.4],
  'auth.e2e-spec.ts': [0.2, 0.4],
  'contact.e2e-spec.ts': [0.2, 0.2],
  'daily-login-failures.e2e-spec.ts': [0.2, 0.6],
  'database-conflicts.e2e-spec.ts': [0.2, 0.3],
  'health.e2e-spec.ts': [0.2, 0.3],
  'i18n-keys.spec.ts': [0.2, 0.2],
  'mail-smtp.e2e-spec.ts': [0.2, 0.2],
  'pincode.e2e-spec.ts': [0.2, 0.2],
  'public-urls.e2e-spec.ts': [0.2, 0.3],
  'db-faults.e2e-spec.ts': [0.1, 2.5],
  'id-order.spec.ts': [0.1, 0.0],
  'redis-prefix.e2e-spec.ts': [0.1, 4.8],
  'batched-reads.spec.ts': [0.0, 0.0],
  'catalog-instances.e2e-spec.ts': [0.0, 1.3],
  'every-message.spec.ts': [0.0, 0.0],
  'lock-order.e2e-spec.ts': [0.0, 3.7],
  'overview-pool.e2e-spec.ts': [0.0, 0.4],
  'read-cache.spec.ts': [0.0, 0.0],
  'spelling.spec.ts': [0.0, 0.0],
  'statement-plans.e2e-spec.ts': [0.0, 0.9],
  'statement.spec.ts': [0.0, 0.0],
  'typo-rule.spec.ts': [0.0, 0.0],
};
const server = Boolean(process.env.TEST_DATABASE_URL);
const cost = (/** @type {string} */ file) => {
  const listed = COST[/** @type {keyof typeof COST} */ (basename(file))];
  return listed?.[server ? 1 : 0] ?? 0.2 + statSync(file).size / 4500;
};

/**
 * Files only CI runs in the parts (docs/testing.md#what-only-ci-runs): with API_TEST_SUITE=newcomer (a newcomer's
 * `npm test`) they are left out. They guard a quality over many inputs, or data a change cannot reach, not a behaviour
 * a change is likely to break unseen: the judged search set's floors over 530 queries, the fuzzers' thousands of hostile
 * bodies, the demo catalogue's believability over its 5,000 products and the demo seed's own test on an empty store
 * (seed-persistence: its pictures, reviews, invoices, stores and restarts; a newcomer's journeys start from a demo seeded
 * the same way on an empty store, and every journey's server starts again with SEED=demo on it), and the migrations' own
 * tests (a database of an earlier shape carried into a later one; every other test starts on the migrated template, so
 * a migration that fails fails them all). CI runs them on every change; `npx jest test/<file>` runs one anywhere.
 */
export const CI_ONLY = [
  'search-judged.e2e-spec.ts',
  'accounts-fuzz.e2e-spec.ts',
  'text-fuzz.e2e-spec.ts',
  'webhooks-fuzz.e2e-spec.ts',
  'demo-products.spec.ts',
  'seed-persistence.e2e-spec.ts',
];
/** Whether a test file is only CI's: CI_ONLY lists it, or it is a migration's own test (`*-migration.e2e-spec.ts`). */
const ciOnly = (/** @type {string} */ name) => CI_ONLY.includes(name) || /-migration\.e2e-spec\.ts$/.test(name);
const newcomer = process.env.API_TEST_SUITE === 'newcomer';

/** Every test file jest runs one by one: src/**\/*.spec.ts and test/*.e2e-spec.ts (a newcomer's run: the files only CI runs left out). */
export function testFiles() {
  const src = readdirSync(join(API, 'src'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => join(API, 'src', f));
  const e2e = readdirSync(join(API, 'test'))
    .filter((f) => f.endsWith('.e2e-spec.ts'))
    .map((f) => join(API, 'test', f));
  return [...src, ...e2e].filter((f) => !(newcomer && ciOnly(basename(f)))).sort();
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
  let since = performance.now();
  for (const file of filesOfPart(n)) {
    await import(file);
    // API_TEST_CPU_LOG=<file>: after each file's tests, one line with the CPU-seconds its tests took in this
    // worker (the part's first file includes loading the server's modules), the test apps it started, and its
    // seconds of wall time.
    if (log) {
      jestTest(`cpu of ${basename(file)}`, () => {
        const used = process.cpuUsage(mark);
        const wall = (performance.now() - since) / 1000;
        mark = process.cpuUsage();
        since = performance.now();
        appendFileSync(
          log,
          `${basename(file)}\t${((used.user + used.system) / 1e6).toFixed(1)}\t${JSON.stringify(counters.__haatApps ?? {})}\t${wall.toFixed(1)}\tpart ${n}\n`,
        );
        counters.__haatApps = {};
      });
    }
  }
}
