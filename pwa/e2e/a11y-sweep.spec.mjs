import { writeFileSync } from 'node:fs';
import { axeViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { deliveredOrders, inStockProducts } from './lib/shop-fixtures.mjs';
import { openInApp, signIn } from './lib/shopper-steps.mjs';
import { expect, test, CI_ONLY } from './fixtures.mjs';

/**
 * Axe-core (WCAG 2.1 A/AA, best practice, and "label in name") over every page of the shop and the admin
 * area, in English and Hindi, at 390 and 1366 px: no serious or critical violation, and one h1 on every page
 * (docs/product.md#keyboard-and-screen-readers). One browser and this worker's server; each page is checked
 * as soon as its content is on screen. Each role's walk loads its first page and opens the rest in the app, as a
 * shopper following links does (lib/shopper-steps.mjs `openInApp`): a page's checks read what it draws, which is
 * the same either way, at a fifth of a full load's CPU. The counts per page land in e2e/artifacts/a11y-sweep.json.
 */
const LANGUAGES = ['en-IN', 'hi-IN'];
const WIDTHS = [390, 1366];
/**
 * Every page in each language at one width each (English on the phone, Hindi on the laptop), so both widths
 * and both languages are checked in every run at half the cost (axe's runs are CPU-bound: the full matrix
 * is about 4 minutes of the journeys' lane on the CI machine); `A11Y_SWEEP=full` checks all four pairs.
 */
const PAIRS =
  process.env.A11Y_SWEEP === 'full'
    ? LANGUAGES.flatMap((language) => WIDTHS.map((width) => ({ language, width })))
    : [
        { language: 'en-IN', width: 390 },
        { language: 'hi-IN', width: 1366 },
      ];

test('a11y-sweep', CI_ONLY, async ({ baseUrl, artifactsDir, launch }) => {
  test.setTimeout(600_000);
  const started = Date.now();
  const browser = await launch();
  const [product] = await inStockProducts(baseUrl, 1);
  // The shopper has a delivered order whose product costs more now: home and My Orders show Buy again, and Order again
  // puts it back in the cart saying so (docs/product.md#buy-again-and-order-again).
  const { admin, products, shopper } = await deliveredOrders(baseUrl, 'a11y-sweep', ['Filter Coffee'], [[[0, 1]]]);
  const dearer = await fetch(`${baseUrl}/api/product/update-product-details`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ _id: products[0]._id, price: 125 }),
  });
  if (!dearer.ok) throw new Error(`update-product-details: ${dearer.status}`);
  /** The first category's listing, as the home page links it: read on the anonymous walk's first page. */
  let listing = '';

  /**
   * Each page: role, path, and what is on screen once it has loaded.
   * @type {Array<[string, string | (() => string), string]>}
   */
  const PAGES = [
    ['anonymous', '/', '.category-row .product-card'],
    // The listing's heading can be re-rendered just after its first cards (the catalogue tree read from the
    // device, then from the network): waited for with the cards, as on the search page.
    ['anonymous', () => listing, 'body:has(h1:visible) .product-grid .product-card'],
    ['anonymous', `/product/p-${product._id}`, '.buy-box h1'],
    // The results' heading comes with their count: waited for with the cards, or the h1 check reads the page before it.
    ['anonymous', `/search?q=${encodeURIComponent(product.name.split(' ')[0])}`, 'body:has(h1) .product-card'],
    ['anonymous', '/privacy-policy', 'h1:visible'],
    ['anonymous', '/return-policy', 'h1:visible'],
    ['anonymous', '/about', 'h1:visible'],
    ['anonymous', '/faqs', 'h1:visible'],
    ['anonymous', '/contact', 'h1:visible'],
    ['anonymous', '/no-such-page', 'h1:visible'],
    ['anonymous', '/login', 'main form'],
    ['anonymous', '/register', 'main form'],
    ['anonymous', '/forgot-password', 'main form'],
    ['anonymous', '/cart', 'main a[href="/"], main button'],
    ['shopper', '/', '[data-testid="buy-again-card"]'],
    ['shopper', '/cart', '.cart-stepper'],
    ['shopper', '/checkout', '[data-testid="address-option"]'],
    ['shopper', '/user', 'main a'],
    ['shopper', '/dashboard/myorders', '[data-testid="buy-again-card"]'],
    ['shopper', '/dashboard/address', 'h1:visible'],
    ['shopper', '/dashboard/profile', 'main form'],
    ['shopper', '/dashboard/mywishlist', 'h1:visible'],
    ['shopper', '/dashboard/notify-me', 'h1:visible'],
    ['admin', '/dashboard', 'h1:visible'],
    ['admin', '/dashboard/allorders', 'h1:visible'],
    ['admin', '/dashboard/category', 'h1:visible'],
    ['admin', '/dashboard/subcategory', 'h1:visible'],
    ['admin', '/dashboard/product', 'h1:visible'],
    ['admin', '/dashboard/upload-product', 'main form'],
    ['admin', '/dashboard/coupons', 'h1:visible'],
    ['admin', '/dashboard/returns', 'h1:visible'],
    ['admin', '/dashboard/synonyms', 'h1:visible'],
  ];
  /**
   * Dialogs checked open, and screens reached by a tap, over the page that opens them (loaded afresh, so nothing of
   * the walk's last page is open beside them): [role, path, ready, what opens it (clicked in turn), what shows it is
   * open, the narrowest width it opens at]. At 390 px the header's cart is a link to /cart, checked above.
   * @type {Array<[string, string, string, string | string[], string, number]>}
   */
  const DIALOGS = [
    ['shopper', `/product/p-${product._id}`, '.buy-box h1', '[data-testid="header-cart"]', 'dialog[open] [data-testid="cart-line"]', 768],
    ['shopper', '/checkout', '[data-testid="address-option"]', '.checkout__add-address', 'dialog[open] form', 0],
    // A delivered order (the second tab) with Order again, then the cart saying what costs more now.
    ['shopper', '/dashboard/myorders', '[role="tab"]', ['[role="tab"]:nth-child(2)', '[data-testid="order-again"]'], '[data-testid="cart-notices"]', 0],
  ];
  /** How each role starts: signed out, or signed in on the login page (the shopper with a product in the cart). */
  const SIGN_IN = {
    shopper: async (/** @type {import('@playwright/test').Page} */ page) => {
      await signIn(page, baseUrl, shopper.email, shopper.password);
      await openInApp(page, `/product/p-${product._id}`);
      await page
        .locator('.buy-box')
        .getByRole('button', { name: /^(Add to Cart|कार्ट में डालें)/ })
        .click();
      await page.locator('.buy-box .cart-stepper').waitFor();
    },
    admin: (/** @type {import('@playwright/test').Page} */ page) => signIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD),
  };

  /** @type {Array<{ page: string, language: string, width: number, title: string, violations: number, ids: string[], serious: string[], h1: number, ms: number }>} */
  const results = [];
  // One context per device, language and width (each keeps its own stored language), one after another: axe is
  // bound by the CPU, and four contexts side by side were no faster, each run only slower. A visitor's device walks
  // the pages signed out, then signs the shopper in; the admin has a device of their own. A role signs in on its
  // first walk; the next walk starts from that walk's saved session.
  /** @type {Record<string, any>} */
  const sessions = {};
  /** @type {Array<[string, ...string[]]>} */
  const devices = [['anonymous', 'shopper'], ['admin']];
  for (const roles of devices) {
    const first = roles[0];
    for (const { language, width } of PAIRS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', storageState: sessions[first] });
      await context.addInitScript((lang) => localStorage.setItem('haat.language', lang), language);
      const page = await context.newPage();
      for (const role of roles) {
        // The walk's next page is loaded afresh when the session was put on the device underneath the app.
        let reload = false;
        if (role in SIGN_IN && !sessions[role]) {
          await SIGN_IN[/** @type {'shopper' | 'admin'} */ (role)](page);
          sessions[role] = await context.storageState();
        } else if (role in SIGN_IN && page.url() !== 'about:blank') {
          const saved = sessions[role].origins.find((/** @type {{ origin: string }} */ o) => o.origin === new URL(baseUrl).origin).localStorage;
          await page.evaluate((entries) => {
            for (const { name, value } of entries) if (name !== 'haat.language') localStorage.setItem(name, value);
          }, saved);
          reload = true;
        }
        /** @type {Array<[string, string | (() => string), string, (string | string[])?, string?]>} */
        const walk = [
          ...PAGES,
          ...DIALOGS.filter(([, , , , , minWidth]) => width >= minWidth).map(
            ([who, path, ready, opener, shown]) => /** @type {[string, string, string, string | string[], string]} */ ([who, path, ready, opener, shown]),
          ),
        ];
        for (const [who, where, ready, opener, shown] of walk) {
          if (who !== role) continue;
          const path = typeof where === 'function' ? where() : where;
          // What is checked is the page's content, so the sweep waits for that, not for every picture's 'load'.
          if (opener || reload || page.url() === 'about:blank') await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
          else await openInApp(page, path);
          reload = false;
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
          if (path === '/' && !listing) {
            // The walks begin in English: the region's English name.
            const href = await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first().getAttribute('href');
            const url = new URL(/** @type {string} */ (href), baseUrl);
            listing = url.pathname + url.search;
          }
          if (opener && shown) {
            for (const tap of [opener].flat()) await page.locator(tap).first().click();
            await page.locator(shown).first().waitFor({ timeout: 15_000 });
          }
          // A page can render its content before its heading, or render both twice (a catalogue read from the device,
          // then from the network), so what `ready` finds is not yet the page as it stays: the check waits until the
          // page shows one h1 (up to 15 s), so it reads the settled page. A page that keeps none or two still fails
          // below with its count.
          await expect(page.locator('h1:visible'))
            .toHaveCount(1, { timeout: 15_000 })
            .catch(() => undefined);
          const t0 = Date.now();
          // A list of product cards is one component repeated: the first four of each list are checked, the
          // rest would add time, not findings.
          await page.evaluate(() => {
            for (const card of document.querySelectorAll('.product-card')) {
              if ([...(card.parentElement?.children ?? [])].indexOf(card) >= 4) card.setAttribute('data-axe-skip', '');
            }
          });
          const violations = await axeViolations(page, { exclude: '[data-axe-skip]' });
          results.push({
            page: `${role} ${path}${opener ? ` with ${[opener].flat().join(' then ')} open` : ''}`,
            language,
            width,
            title: await page.title(),
            violations: violations.reduce((n, v) => n + v.nodes.length, 0),
            ids: violations.map((v) => `${v.id} ${v.nodes.length}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
            serious: violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map(
                (v) =>
                  `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes
                    .slice(0, 2)
                    .map((n) => n.target.join(' '))
                    .join(' | ')}`,
              ),
            h1: await page.locator('h1:visible').count(),
            ms: Date.now() - t0,
          });
        }
      }
      await context.close();
    }
  }
  writeFileSync(`${artifactsDir}/a11y-sweep.json`, JSON.stringify({ seconds: (Date.now() - started) / 1000, results }, null, 2));
  expect(results.filter((r) => r.serious.length > 0).map((r) => `${r.page} ${r.language} ${r.width}: ${r.serious.join('; ')}`)).toEqual([]);
  expect(results.filter((r) => r.h1 !== 1).map((r) => `${r.page} ${r.language} ${r.width}: ${r.h1} h1`)).toEqual([]);
});
