// `npm run lighthouse` (after `npm run build`): starts the built server on a fresh data dir, then runs
// @lhci/cli (Lighthouse 12, mobile emulation, simulated slow 4G) against Debian's Chromium on the four
// pages of the budget — /, /search?q=watch, one listing, one product — and asserts the budgets in
// lighthouserc.json. Prints per page the median figures, each beside its target with "met" or
// "MISSED", the LCP element and its phases, Lighthouse's benchmark index of each run, and the gzip size
// of the JS that / loads; exits non-zero when a target is missed. LH_PAGES=home,search,listing,product
// picks pages and LH_RUNS the runs per page (default 3), for trying one change quickly.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startServer } from '../pwa/e2e/lib/server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Installed into tools/lighthouse by `npm run lighthouse`, not by the workspaces' `npm install` (docs/decisions/0265-a-first-start-in-seconds.md).
const lhci = join(root, 'tools/lighthouse/node_modules/@lhci/cli/src/cli.js');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

// On each page the median performance score and LCP; the JS / loads (gzip).
const TARGETS = { performance: 0.95, lcpMs: 1500, homeJsKb: 150 };

const server = await startServer({ RATE_LIMIT_FACTOR: '1000' });
let failed = false;
try {
  const { baseUrl } = server;
  const post = async (path, body) =>
    (await fetch(`${baseUrl}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  // One listing and one product of the seeded catalogue (ids differ per data dir, so they are looked up).
  const { data: subs } = await post('subcategory/get', {});
  const sub = subs.find((s) => s.category.length > 0);
  const category = sub.category[0];
  const slug = (name) =>
    name
      .trim()
      .replace(/[\s,&]+/g, '-')
      .replace(/[/?#%]+/g, '')
      .replace(/-+/g, '-');
  const listing = `/${slug(category.name)}-${category._id}/${slug(sub.name)}-${sub._id}`;
  const { data: items } = await post('product/get-product-by-category-and-subcategory', { categoryId: category._id, subCategoryId: sub._id });
  const product = `/product/${slug(items[0].name)}-${items[0]._id}`;
  const pages = { home: '/', search: '/search?q=watch', listing, product };
  const picked = (process.env.LH_PAGES ?? 'home,search,listing,product').split(',').map((p) => p.trim());
  const urls = picked.map((p) => {
    if (!(p in pages)) throw new Error(`LH_PAGES: unknown page ${p} (home, search, listing, product)`);
    return baseUrl + pages[p];
  });
  const runsPerPage = process.env.LH_RUNS ? [`--numberOfRuns=${Number(process.env.LH_RUNS)}`] : [];

  const env = { ...process.env, CHROME_PATH: chrome };
  const collect = spawnSync(
    process.execPath,
    [lhci, 'collect', `--config=${join(root, 'lighthouserc.json')}`, ...runsPerPage, ...urls.map((u) => `--url=${u}`)],
    {
      cwd: root,
      env,
      stdio: 'inherit',
    },
  );
  if (collect.status !== 0) throw new Error('lhci collect failed');

  // Median-of-runs figures per page, from the reports lhci saved, each beside its target.
  const dir = join(root, '.lighthouseci');
  const runs = readdirSync(dir)
    .filter((f) => /^lhr-\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const misses = [];
  /** One figure: value, target, met or MISSED (a miss is remembered for the summary and the exit code). */
  const figure = (page, name, value, text, ok, target) => {
    if (!ok) misses.push(`${page} ${name} ${text} (target ${target})`);
    return `${name} ${text} (${target}) ${ok ? 'met' : 'MISSED'}`;
  };
  for (const url of urls) {
    const mine = runs.filter((r) => r.requestedUrl === url);
    const cat = (id) => median(mine.map((r) => r.categories[id].score));
    const audit = (id) => median(mine.map((r) => r.audits[id].numericValue));
    const path = url.slice(baseUrl.length);
    const page = path.length > 40 ? `${path.slice(0, 37)}...` : path;
    const perf = cat('performance');
    const lcp = audit('largest-contentful-paint');
    console.log(`\n${page}  (median of ${mine.length} runs; benchmark index ${mine.map((r) => Math.round(r.environment.benchmarkIndex)).join(', ')})`);
    console.log(`  ${figure(page, 'performance', perf, perf.toFixed(2), perf >= TARGETS.performance, `≥ ${TARGETS.performance}`)}`);
    console.log(`  ${figure(page, 'LCP', lcp, `${Math.round(lcp)} ms`, lcp <= TARGETS.lcpMs, `≤ ${TARGETS.lcpMs} ms`)}`);
    for (const id of ['accessibility', 'best-practices', 'seo']) console.log(`  ${figure(page, id, cat(id), cat(id).toFixed(2), cat(id) >= 0.95, '≥ 0.95')}`);
    console.log(
      `  FCP ${Math.round(audit('first-contentful-paint'))} ms, TBT ${Math.round(audit('total-blocking-time'))} ms, CLS ${audit('cumulative-layout-shift').toFixed(3)}, speed index ${Math.round(audit('speed-index'))} ms`,
    );
    // What the largest paint is and where its time went, in the run whose LCP is the median.
    const mid = mine.find((r) => r.audits['largest-contentful-paint'].numericValue === lcp) ?? mine[0];
    const [element, phases] = mid?.audits['largest-contentful-paint-element']?.details?.items ?? [];
    const node = element?.items?.[0]?.node;
    if (node) console.log(`  LCP element: ${node.selector} ${String(node.snippet).slice(0, 110)}`);
    if (phases?.items) console.log(`  LCP phases: ${phases.items.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`);
  }

  // The JS / loads on first visit (the entry, its static imports and the home page's chunks), gzipped.
  const home = runs.find((r) => r.requestedUrl === `${baseUrl}/`);
  if (home) {
    const scripts = home.audits['network-requests'].details.items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(baseUrl));
    const dist = process.env.PWA_DIST || join(root, 'pwa/dist');
    const gzip = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(join(dist, new URL(s.url).pathname)), { level: 9 }).length, 0);
    const sent = scripts.reduce((sum, s) => sum + s.transferSize, 0);
    const kb = gzip / 1024;
    console.log(
      `\n${figure('/', 'JS loaded by /', kb, `${kb.toFixed(1)} KB gzip`, kb <= TARGETS.homeJsKb, `≤ ${TARGETS.homeJsKb} KB`)}: ${scripts.length} files (${(sent / 1024).toFixed(1)} KB sent, brotli)`,
    );
  }

  console.log(misses.length ? `\nMISSED ${misses.length} target(s):\n  ${misses.join('\n  ')}` : '\nEvery target met.');
  failed = misses.length > 0;

  const assert = spawnSync(process.execPath, [lhci, 'assert', `--config=${join(root, 'lighthouserc.json')}`], { cwd: root, env, stdio: 'inherit' });
  failed = failed || assert.status !== 0;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
