import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiLogin, openInApp, screenshot, signIn } from './lib/shopper-steps.mjs';
import { expect, test, CI_ONLY } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): offline, its pages come from the service worker.
test.use({ serviceWorkers: 'allow' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Each order card's stage tracker is one row, and every stage (with the line before it) lies inside the card. */
async function trackerFits(page, where) {
  const cards = page.getByTestId('order-card');
  await cards.first().locator('.order-progress').waitFor();
  const boxes = await cards.evaluateAll((els) =>
    els.map((card) => {
      const c = card.getBoundingClientRect();
      const steps = [...card.querySelectorAll('.order-progress__step')].map((s) => s.getBoundingClientRect());
      return { card: { left: c.left, right: c.right }, steps: steps.map((s) => ({ top: s.top, left: s.left, right: s.right, width: s.width })) };
    }),
  );
  for (const { card, steps } of boxes) {
    assert.ok(steps.length >= 5, `${where}: a tracker has ${steps.length} stages`);
    assert.equal(new Set(steps.map((s) => Math.round(s.top))).size, 1, `${where}: the stages sit in one row (${JSON.stringify(steps)})`);
    for (const [i, s] of steps.entries()) {
      // The line before a stage runs from the previous stage's middle: inside the card when the row is.
      const lineStart = i === 0 ? s.left : s.left - s.width / 2;
      assert.ok(
        lineStart >= card.left - 0.5 && s.right <= card.right + 0.5,
        `${where}: stage ${i + 1} ${JSON.stringify(s)} lies inside the card ${JSON.stringify(card)}`,
      );
    }
  }
}

/**
 * The five-stage tracker on My Orders (the shopper's) or Manage Orders (the admin's), on `page` signed in: opened from
 * the app at phone width, then loaded afresh at desktop width.
 */
async function orderTracker(page, baseUrl, artifactsDir, who) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    if (viewport === PHONE) await openInApp(page, '/dashboard/myorders');
    else await page.goto(`${baseUrl}/dashboard/myorders`);
    await trackerFits(page, `${who} at ${viewport.width} px`);
    await screenshot(page, artifactsDir, `screens-tracker-${who}-${viewport.width}`);
  }
}

/**
 * The Sub Category table at 390 and 1366 px: no cell is clipped, the table never scrolls sideways on a phone (so the
 * actions cannot cover a category), and no name, heading or category chip breaks inside a word ("Cate|gory", "Wat|er").
 * A sub category with a long name in three categories makes the widest row.
 */
async function subCategoryTable(page, baseUrl, artifactsDir) {
  const token = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const { data: categories } = await (await fetch(`${baseUrl}/api/category/get`)).json();
  const name = `Wholesome Ayurvedic Wellness Supplements ${Date.now().toString(36)}`;
  const created = await fetch(`${baseUrl}/api/subcategory/create`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name, image: '/placeholder.svg', category: categories.slice(0, 3).map((c) => c._id) }),
  });
  const answer = await created.text();
  assert.equal(created.status, 201, answer);
  const { data: sub } = JSON.parse(answer);
  try {
    // The page opened from the app at the first width and loaded afresh at the next.
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      if (viewport === PHONE) await openInApp(page, '/dashboard/subcategory');
      else await page.goto(`${baseUrl}/dashboard/subcategory`);
      await page.getByTestId('subcategory-row').filter({ hasText: name }).waitFor();
      const m = await page.evaluate(() => {
        const wrap = document.querySelector('.admin-table-wrap');
        if (!wrap) throw new Error('the Sub Category table has no wrapper');
        // Cells shown as cells: a phone's header row is visually hidden (a pixel wide, for screen readers only).
        const visible = (el) => {
          const head = el.closest('thead');
          return el.getBoundingClientRect().width > 4 && !(head && head.getBoundingClientRect().width <= 1);
        };
        const cells = [...document.querySelectorAll('.admin-table th, .admin-table td')].filter(visible);
        // A word split over two lines has a box on each.
        const brokenWords = [];
        for (const el of [...document.querySelectorAll('.admin-table th, .admin-table td[data-role="name"], .admin-table .chip')].filter(visible)) {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of (node.nodeValue ?? '').matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
              if (lines.size > 1) brokenWords.push(match[0]);
            }
          }
        }
        // Each row's chips end before its actions begin (the actions are pinned on a phone).
        const covered = [...document.querySelectorAll('[data-testid="subcategory-row"]')].flatMap((row) => {
          const actions = row.querySelector('[data-role="actions"] .admin-row-actions')?.getBoundingClientRect();
          return [...row.querySelectorAll('.chip')].filter((c) => actions && c.getBoundingClientRect().right > actions.left + 0.5).map((c) => c.textContent);
        });
        return {
          sideways: wrap.scrollWidth - wrap.clientWidth,
          clipped: cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
          brokenWords,
          covered,
        };
      });
      const at = `${viewport.width} px`;
      assert.ok(m.sideways <= 1, `${at}: the table scrolls sideways by ${m.sideways} px`);
      assert.deepEqual(m.clipped, [], `${at}: cells whose content is cut off`);
      assert.deepEqual(m.brokenWords, [], `${at}: words broken across lines`);
      assert.deepEqual(m.covered, [], `${at}: chips under the actions`);
      await screenshot(page, artifactsDir, `screens-subcategory-${viewport.width}`);
    }
  } finally {
    await fetch(`${baseUrl}/api/subcategory/delete`, { method: 'DELETE', headers: auth, body: JSON.stringify({ _id: sub._id }) });
  }
}

/** On a phone, a toast (the cart's "added" one) sits above the bottom cart bar, never over it. */
async function toastAboveCartBar({ baseUrl, artifactsDir, launch }) {
  const browser = await launch();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const shopper = await apiShopper(baseUrl, 'toast');
  await signIn(page, baseUrl, shopper.email, shopper.password);
  await page.locator('button.add-to-cart:not([disabled])').first().click();
  const toast = page.locator('.toast').first();
  const bar = page.getByTestId('cart-bar');
  await toast.waitFor();
  await bar.waitFor();
  const [t, b] = [await toast.boundingBox(), await bar.boundingBox()];
  assert.ok(t && b, 'the toast and the cart bar are on screen');
  assert.ok(t.y + t.height <= b.y + 0.5, `the toast (bottom ${t.y + t.height}) ends above the cart bar (top ${b.y})`);
  await screenshot(page, artifactsDir, 'screens-toast-cart-bar-390');
  // A product page's cards and its Quick View keep every button's words on one line ("Quick view",
  // "Add to Cart" and "View Full Details" used to break in two at this width).
  const brokenButtons = (selector) =>
    page.evaluate(
      (sel) =>
        [...document.querySelectorAll(sel)].flatMap((button) => {
          const range = document.createRange();
          range.selectNodeContents(button);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return lines.size > 1 ? [button.textContent] : [];
        }),
      selector,
    );
  await page.locator('a[href^="/product/"]').first().click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The related rows load as they come into view.
  await page.mouse.wheel(0, 4000);
  const quickView = page.getByRole('button', { name: 'Quick view' }).first();
  await quickView.waitFor();
  await quickView.scrollIntoViewIfNeeded();
  assert.deepEqual(await brokenButtons('.product-card__actions .btn'), [], 'no card button breaks onto two lines at 390 px');
  await quickView.click();
  await page.locator('.quick-view__actions').waitFor();
  assert.deepEqual(await brokenButtons('.quick-view__actions > a, .quick-view__actions > button'), [], 'no Quick View button breaks onto two lines at 390 px');
  await screenshot(page, artifactsDir, 'screens-quick-view-390');
  await context.close();
}

/** At 1366 px each dashboard page of `paths` starts right beside the side menu (My Orders used to float centred away from it). */
async function dashboardBesideMenu(page, artifactsDir, who, paths) {
  await page.setViewportSize(DESKTOP);
  for (const path of paths) {
    await openInApp(page, path);
    await page.locator('.dashboard__content :is(h1, h2)').first().waitFor();
    // The page's left edge, and where it should be: the menu's right edge plus the gap; with
    // `settled`, only once they agree (polled: the first layout may still be settling).
    const at = (settled) => {
      const menu = document.querySelector('.dashboard__menu')?.getBoundingClientRect();
      const body = document.querySelector('.dashboard__body');
      const first = document.querySelector('.dashboard__content > *')?.getBoundingClientRect();
      if (!menu || !body || !first) return null;
      const m = { menuRight: menu.right, gap: parseFloat(getComputedStyle(body).columnGap) || 0, pageLeft: first.left };
      return !settled || Math.abs(m.pageLeft - (m.menuRight + m.gap)) <= 4 ? m : null;
    };
    await page.waitForFunction(at, true, { timeout: 15_000, polling: 100 }).catch(() => undefined);
    const m = await page.evaluate(at, false);
    assert.ok(m, `${path}: the dashboard has a side menu and a page at 1366 px`);
    assert.ok(Math.abs(m.pageLeft - (m.menuRight + m.gap)) <= 4, `${path}: the page starts at ${m.pageLeft}, not beside the menu (${m.menuRight} + ${m.gap})`);
  }
  await screenshot(page, artifactsDir, `screens-dashboard-beside-menu-${who}-1366`);
}

/**
 * The dashboard's layouts, one signed-in context per role: the order tracker at 390 and 1366 px, the admin's Sub
 * Category table at both, and every dashboard page beside the side menu at 1366 px.
 */
async function dashboardLayouts({ baseUrl, artifactsDir, launch }, products) {
  const shopper = await apiShopper(baseUrl, 'tracker');
  await apiOrder(baseUrl, shopper, [[products[0], 1]]);
  const browser = await launch();
  for (const [who, email, password] of [
    ['shopper', shopper.email, shopper.password],
    ['admin', ADMIN_EMAIL, ADMIN_PASSWORD],
  ]) {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, baseUrl, email, password);
    await orderTracker(page, baseUrl, artifactsDir, who);
    if (who === 'admin') await subCategoryTable(page, baseUrl, artifactsDir);
    await dashboardBesideMenu(
      page,
      artifactsDir,
      who,
      who === 'admin'
        ? ['/dashboard', '/dashboard/allorders', '/dashboard/category', '/dashboard/product']
        : ['/dashboard/myorders', '/dashboard/profile', '/dashboard/address', '/dashboard/mywishlist'],
    );
    await context.close();
  }
}

/** Each card name in `scope` (a locator): the lines it shows, the lines the whole name needs at that width, and whether it is cut. */
const cardNameLines = (scope) =>
  scope.locator('.product-card__name').evaluateAll((els) =>
    els.map((el) => {
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
      // The lines the whole name takes at this width: a copy with no clamp, the same width.
      const whole = /** @type {HTMLElement} */ (el.cloneNode(true));
      whole.style.cssText = `display: block; height: auto; -webkit-line-clamp: none; position: absolute; visibility: hidden; width: ${el.clientWidth}px`;
      el.parentElement?.append(whole);
      const needs = Math.round(whole.getBoundingClientRect().height / lineHeight);
      whole.remove();
      return { name: el.textContent, shown: Math.round(el.clientHeight / lineHeight), needs, cut: el.scrollHeight > el.clientHeight + 1 };
    }),
  );

/**
 * Card names (docs/decisions/0220-the-first-screen-sells.md): a narrow card (a phone's listing, the home page's
 * rows at any width) gives a name three lines before it is cut (two cut most names before their colour, pack or
 * edition), a wide one (a listing at 1,366 px) two; and no name that fits in those lines is cut. Read on the home
 * page's first row and on the first category's listing, on a phone and on a desktop.
 */
async function cardNames(page, viewport, listing, artifactsDir) {
  const firstRow = page.locator('#home-products .category-row').first();
  await firstRow.locator('.product-card__name').first().waitFor();
  const checks = [["the home page's first row", 3, await cardNameLines(firstRow)]];
  await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first().click();
  await page.locator('.product-grid .product-card__name').first().waitFor();
  checks.push(['a listing', listing, await cardNameLines(page.locator('.product-grid'))]);
  for (const [where, lines, names] of checks) {
    assert.ok(names.length > 0, `${where}: cards at ${viewport.width} px`);
    for (const n of names) {
      assert.equal(n.shown, lines, `${where} at ${viewport.width} px: "${n.name}" has ${n.shown} lines, not ${lines}`);
      assert.equal(n.cut, n.needs > lines, `${where} at ${viewport.width} px: "${n.name}" needs ${n.needs} lines, shown ${n.shown}, cut: ${n.cut}`);
    }
  }
  await screenshot(page, artifactsDir, `screens-card-names-${viewport.width}`);
}

/** How many lines an element's text takes. */
const textLines = (locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

/**
 * Card names on a phone and a desktop (above), and a listing's head and price boxes: at 390 px, offline, "13 products
 * saved on this device" on one line under the title (squeezed beside it, it broke onto five); at 1366 px the side
 * panel's minimum price shows ₹1 crore whole.
 */
async function cardNamesListingHeadAndPrices({ baseUrl, artifactsDir, launch }) {
  const browser = await launch();
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  // Card names on the home page, then on the first category's listing.
  await cardNames(page, PHONE, 3, artifactsDir);
  const listingUrl = page.url();
  // The device keeps what it saw once its first screen has settled (a tap, or 5 s): then offline, a sort never asked
  // for is filtered from the saved products.
  await page.locator('h1').tap();
  await expect(page.locator('.product-grid .product-card').first()).toBeVisible();
  // The listing's products are in the device's catalogue (IndexedDB 'haat', lib/storage/db.ts).
  const savedProducts = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('haat');
          open.onerror = () => resolve(0);
          open.onsuccess = () => {
            if (!open.result.objectStoreNames.contains('products')) return (open.result.close(), resolve(0));
            const request = open.result.transaction('products').objectStore('products').count();
            request.onsuccess = () => (open.result.close(), resolve(request.result));
          };
        }),
    );
  await expect.poll(savedProducts, { timeout: 20_000 }).toBeGreaterThan(0);
  // The filters' drawer is loaded when first opened: once online, as a shopper would have.
  await page.getByRole('button', { name: 'Filters' }).tap();
  await page.getByLabel('Sort by').waitFor();
  await page.keyboard.press('Escape');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Filters' }).tap();
  await page.getByLabel('Sort by').selectOption('lowToHigh');
  await page.getByRole('button', { name: 'Show results' }).tap();
  const count = page.getByTestId('listing-count');
  await expect(count).toHaveText(/products? saved on this device$/);
  assert.equal(await textLines(count), 1, `"${await count.textContent()}" takes one line at 390 px`);
  await screenshot(page, artifactsDir, 'screens-listing-offline-count-390');
  await context.close();

  const desktop = await browser.newContext({ viewport: DESKTOP });
  const wide = await desktop.newPage();
  await wide.goto(`${baseUrl}/`);
  await cardNames(wide, DESKTOP, 2, artifactsDir);
  assert.equal(wide.url(), listingUrl, 'the same listing at both widths');
  const min = wide.locator('.listing__side').getByLabel('Min price (₹)');
  await min.fill('10000000');
  // The figure's width in the box's own font, against the room the box gives it (less its arrows' ~20 px).
  const { text, room } = await min.evaluate((input) => {
    const css = getComputedStyle(input);
    const canvas = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
    canvas.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
    return { text: canvas.measureText(input.value).width, room: input.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 20 };
  });
  assert.ok(text <= room, `₹1 crore (${text} px) fits the minimum price box (${room} px) at 1366 px`);
  await screenshot(wide, artifactsDir, 'screens-listing-prices-1366');
  await desktop.close();
}

test('dashboard layouts: the order tracker, the sub-category table, pages beside the side menu', CI_ONLY, async ({ baseUrl, artifactsDir, launch }) =>
  dashboardLayouts({ baseUrl, artifactsDir, launch }, await inStockProducts(baseUrl, 1)),
);
test('toast above the cart bar', CI_ONLY, ({ baseUrl, artifactsDir, launch }) => toastAboveCartBar({ baseUrl, artifactsDir, launch }));
test('card names, the listing head and price boxes', CI_ONLY, ({ baseUrl, artifactsDir, launch }) =>
  cardNamesListingHeadAndPrices({ baseUrl, artifactsDir, launch }),
);
