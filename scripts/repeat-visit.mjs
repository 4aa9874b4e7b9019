// `npm run bench:repeat-visit` (after `npm run build`): the repeat visit. Starts the built
// server on a fresh data dir, opens / once in Debian's Chromium (phone-sized window) so that the service
// worker installs and precaches the app and the home page saves its rows to IndexedDB, then reopens / with
// the network throttled through CDP (Network.emulateNetworkConditions, Lighthouse's slow 4G: 150 ms RTT,
// 1.6 Mbps down, 750 kbps up) and measures, from the start of the navigation, when the first home row's
// product cards are painted (cards in the page) and when their pictures in view have loaded. Prints the
// median of RUNS (default 5) reloads against the 500 ms target. CPU_SLOWDOWN (default 1) adds CDP CPU
// throttling as Lighthouse's phone emulation does (4).
/* global window, document, innerHeight, innerWidth, HTMLImageElement, requestAnimationFrame -- PROBE and the page.evaluate callbacks run in the page */
import { chromium } from 'playwright-core';
import { startServer } from '../pwa/e2e/lib/server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../pwa/e2e/lib/chromium.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 1);
const TARGET_MS = 500;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

// Runs in the page before any of its scripts: timestamps (ms since navigation start) of the first frame
// that shows product cards in the first home row, and of the first frame where every picture of that row
// inside the viewport has its pixels.
const PROBE = () => {
  /** @type {{ cards?: number, images?: number, lcp?: number }} */
  const marks = {};
  Object.assign(window, { __repeatVisit: marks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const inView = (/** @type {Element} */ el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.left < innerWidth && box.right > 0;
  };
  const check = () => {
    const row = document.querySelector('#home-products .category-row');
    const cards = row ? [...row.querySelectorAll('.product-card')] : [];
    if (cards.length > 0 && marks.cards === undefined) marks.cards = performance.now();
    if (cards.length > 0 && marks.images === undefined) {
      const imgs = cards.flatMap((c) => [...c.querySelectorAll('img')]).filter(inView);
      if (imgs.length > 0 && imgs.every((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0)) marks.images = performance.now();
    }
    if (marks.images === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const server = await startServer({ RATE_LIMIT_FACTOR: '1000' });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
let failed = false;
try {
  const { baseUrl } = server;
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await context.addInitScript(PROBE);
  const page = await context.newPage();

  // First visit, unthrottled: the worker installs and takes control, the rows are saved on the device.
  await page.goto(`${baseUrl}/`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 60_000 });
  await page.waitForFunction(() => /** @type {any} */ (window).__repeatVisit.images !== undefined, null, { timeout: 60_000 });
  // Precaching finished (the worker is active) and the saved rows are in IndexedDB before the repeat visits.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForTimeout(1000);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  /** @type {{ cards: number, images: number, lcp: number, fromWorker: boolean }[]} */
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const response = await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => /** @type {any} */ (window).__repeatVisit.images !== undefined, null, { timeout: 60_000 });
    await page.waitForTimeout(300); // a last LCP entry, if any, is reported
    const marks = await page.evaluate(() => /** @type {any} */ (window).__repeatVisit);
    runs.push({ ...marks, fromWorker: response?.fromServiceWorker() ?? false });
    console.log(
      `run ${i + 1}: cards ${Math.round(marks.cards)} ms, pictures ${Math.round(marks.images)} ms, LCP ${Math.round(marks.lcp)} ms${response?.fromServiceWorker() ? ' (page from the service worker)' : ' (page NOT from the service worker)'}`,
    );
  }

  const cards = median(runs.map((r) => r.cards));
  const images = median(runs.map((r) => r.images));
  const lcp = median(runs.map((r) => r.lcp));
  const allFromWorker = runs.every((r) => r.fromWorker);
  const verdict = (/** @type {number} */ v) => (v <= TARGET_MS ? 'met' : 'MISSED');
  console.log(`\nRepeat visit to / (slow 4G${CPU_SLOWDOWN > 1 ? `, CPU ${CPU_SLOWDOWN}x slower` : ''}), median of ${RUNS}:`);
  console.log(`  home products painted (cards)      ${String(Math.round(cards)).padStart(5)} ms  target ≤ ${TARGET_MS} ms  ${verdict(cards)}`);
  console.log(`  home products' pictures loaded     ${String(Math.round(images)).padStart(5)} ms  target ≤ ${TARGET_MS} ms  ${verdict(images)}`);
  console.log(`  LCP                                ${String(Math.round(lcp)).padStart(5)} ms  (for reference)`);
  console.log(`  page answered by the service worker: ${allFromWorker ? 'yes' : 'NO'}`);
  failed = !allFromWorker || cards > TARGET_MS || images > TARGET_MS;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);
