// Jest's test sequencer for the API (api/jest.config.js): the longest files first, so the workers
// finish at about the same time instead of one worker starting a two-minute file near the end
// (docs/testing.md). Jest's own sequencer orders by the times it cached on an
// earlier run on this machine, and by file size on a clean clone (CI), which put some of the longest
// files last. The list names files measured long; every other file follows, largest first.
import { statSync } from 'node:fs';
import { basename } from 'node:path';

/** Longest first (seconds of CPU on the 2-core CI machine, both databases). */
const LONGEST = [
  'seed-persistence.e2e-spec.ts',
  'accounts-fuzz.e2e-spec.ts',
  'db-faults.e2e-spec.ts',
  'rate-limits.e2e-spec.ts',
  'socket-lifetime.e2e-spec.ts',
  'order-lifecycle.e2e-spec.ts',
  'cheap-requests.e2e-spec.ts',
  'payments.e2e-spec.ts',
  'wishlist-reviews.e2e-spec.ts',
  'password-reset.e2e-spec.ts',
  'orders.e2e-spec.ts',
  'search-index.e2e-spec.ts',
  'products.e2e-spec.ts',
  'shop-prefix.e2e-spec.ts',
];

const rank = (/** @type {{ path: string }} */ test) => {
  const at = LONGEST.indexOf(basename(test.path));
  return at === -1 ? LONGEST.length : at;
};
const size = (/** @type {{ path: string }} */ test) => statSync(test.path).size;

export default class SlowestFirst {
  /** @template {{ path: string }} T @param {T[]} tests @returns {T[]} */
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b) || size(b) - size(a) || (a.path < b.path ? -1 : 1));
  }

  /** `--shard i/n`: every n-th file of the sorted list, so each shard gets long and short ones. */
  shard(/** @type {{ path: string }[]} */ tests, /** @type {{ shardIndex: number, shardCount: number }} */ { shardIndex, shardCount }) {
    return this.sort(tests).filter((_, i) => i % shardCount === shardIndex - 1);
  }

  /** `--onlyFailures` needs jest's cache of results, which this sequencer does not keep: every file runs. */
  allFailedTests(/** @type {{ path: string }[]} */ tests) {
    return this.sort(tests);
  }

  cacheResults() {}
}
