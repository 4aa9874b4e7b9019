// `npm run lighthouse` (after `npm run build`): starts the built server on a fresh data dir, then runs
// @lhci/cli (Lighthouse 12, mobile emulation, simulated slow 4G) against Debian's Chromium on the four
// pages of issue 5's budget — /, /search?q=watch, one listing, one product — and asserts the budgets in
// lighthouserc.json. Prints the median scores per page and the gzip size of the JS that / loads.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startServer } from '../pwa/e2e/lib/server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const lhci = join(root, 'node_modules/@lhci/cli/src/cli.js');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

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
  const urls = ['/', '/search?q=watch', listing, product].map((p) => baseUrl + p);

  const env = { ...process.env, CHROME_PATH: chrome };
  const collect = spawnSync(process.execPath, [lhci, 'collect', `--config=${join(root, 'lighthouserc.json')}`, ...urls.map((u) => `--url=${u}`)], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (collect.status !== 0) throw new Error('lhci collect failed');

  // Median-of-runs scores per page, from the reports lhci saved.
  const dir = join(root, '.lighthouseci');
  const runs = readdirSync(dir)
    .filter((f) => /^lhr-\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log('\npage                         perf  a11y  best  seo   LCP ms  TBT ms  CLS');
  for (const url of urls) {
    const mine = runs.filter((r) => r.requestedUrl === url);
    const cat = (id) => median(mine.map((r) => r.categories[id].score)).toFixed(2);
    const audit = (id) => median(mine.map((r) => r.audits[id].numericValue));
    const path = url.slice(baseUrl.length);
    console.log(
      `${(path.length > 28 ? `${path.slice(0, 25)}...` : path).padEnd(29)}${cat('performance')}  ${cat('accessibility')}  ${cat('best-practices')}  ${cat('seo')}  ${String(Math.round(audit('largest-contentful-paint'))).padStart(6)}  ${String(Math.round(audit('total-blocking-time'))).padStart(6)}  ${audit('cumulative-layout-shift').toFixed(3)}`,
    );
  }

  // The JS / loads on first visit (the entry, its static imports and the home page's chunks), gzipped.
  const home = runs.find((r) => r.requestedUrl === `${baseUrl}/`);
  const scripts = home.audits['network-requests'].details.items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(baseUrl));
  const dist = process.env.PWA_DIST || join(root, 'pwa/dist');
  const gzip = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(join(dist, new URL(s.url).pathname)), { level: 9 }).length, 0);
  const sent = scripts.reduce((sum, s) => sum + s.transferSize, 0);
  console.log(`\nJS loaded by /: ${scripts.length} files, ${(gzip / 1024).toFixed(1)} KB gzip (${(sent / 1024).toFixed(1)} KB sent, brotli)`);

  const assert = spawnSync(process.execPath, [lhci, 'assert', `--config=${join(root, 'lighthouserc.json')}`], { cwd: root, env, stdio: 'inherit' });
  failed = assert.status !== 0;
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
