#!/usr/bin/env node
/**
 * npm run bench:read-cache — the catalogue's read cache (api/src/catalog/read-cache.ts)
 * on its own, in one process, no database: how many gets (hits), sets (misses that load, tag and evict) and
 * drops (a product changed: its answers go) it does per second of its own CPU time.
 *
 * Environment (all optional): READ_CACHE_MODULE (a path to another build of the cache, to compare two),
 * BENCH_SECONDS (1 per phase).
 */
import { pathToFileURL } from 'node:url';

const MODULE = process.env.READ_CACHE_MODULE
  ? pathToFileURL(process.env.READ_CACHE_MODULE).href
  : new URL('../src/catalog/read-cache.ts', import.meta.url).href;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const { ReadCache } = await import(MODULE);

const MAX = 5000;
const PRODUCTS = 2000;
const settle = () => new Promise((r) => setImmediate(r));
/** CPU time of this process in ms: on a machine others share, less shaken by their load than the wall clock. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** A page of three products, tagged with them, as the catalogue's listings are. */
const tagsOf = (ids) => ids;
const page = (i) => [`p${i % PRODUCTS}`, `p${(i * 7 + 1) % PRODUCTS}`, `p${(i * 13 + 2) % PRODUCTS}`];
const loader = (i) => () => Promise.resolve(page(i));

/** Runs `step` in batches until the time is up (awaiting between batches so loads settle); ops per second. */
async function rate(step, batch = 10_000) {
  const end = performance.now() + SECONDS * 1000;
  let ops = 0;
  let busy = 0;
  while (performance.now() < end) {
    const t0 = cpu();
    for (let i = 0; i < batch; i++) step(ops + i);
    busy += cpu() - t0;
    ops += batch;
    await settle();
  }
  return (ops / busy) * 1000;
}

async function gets() {
  const cache = new ReadCache(MAX, 60_000);
  for (let i = 0; i < MAX; i++) void cache.get(`k${i}`, loader(i), tagsOf);
  await settle();
  // A key drawn all over the cache, so the recency order moves.
  return rate((i) => void cache.get(`k${(i * 7919) % MAX}`, loader(i), tagsOf));
}

async function sets() {
  const cache = new ReadCache(MAX, 60_000);
  let n = 0;
  // A key never seen: a load, tagging once it settles, an eviction past MAX.
  return rate(() => void cache.get(`new${n++}`, loader(n), tagsOf));
}

async function drops() {
  const cache = new ReadCache(MAX, 60_000);
  let n = 0;
  let busy = 0;
  let ops = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    // Fill with tagged answers (not timed), then drop products one by one (timed): each takes its answers.
    for (let i = 0; i < MAX; i++) void cache.get(`k${n++}`, loader(n), tagsOf);
    await settle();
    const t0 = cpu();
    for (let i = 0; i < PRODUCTS; i++) cache.drop([`p${i}`]);
    busy += cpu() - t0;
    ops += PRODUCTS;
  }
  return (ops / busy) * 1000;
}

const fmt = (r) => `${Math.round(r).toLocaleString('en')}/s`;
const results = { gets: await gets(), sets: await sets(), drops: await drops() };
console.log(
  JSON.stringify({ module: process.env.READ_CACHE_MODULE ?? 'src/products/read-cache.ts', ...results }),
  `gets ${fmt(results.gets)}  sets ${fmt(results.sets)}  drops ${fmt(results.drops)}`,
);
