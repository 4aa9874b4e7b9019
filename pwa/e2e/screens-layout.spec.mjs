import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { screenshot, signIn } from './lib/shopper-steps.mjs';
import { test } from './fixtures.mjs';

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

/** The five-stage tracker on My Orders and on the admin's Manage Orders, at phone and desktop width. */
async function orderTracker({ baseUrl, artifactsDir, launch }, products) {
  const shopper = await apiShopper(baseUrl, 'tracker');
  await apiOrder(baseUrl, shopper, [[products[0], 1]]);
  const browser = await launch();
  for (const viewport of [PHONE, DESKTOP]) {
    for (const [who, email, password] of [
      ['shopper', shopper.email, shopper.password],
      ['admin', ADMIN_EMAIL, ADMIN_PASSWORD],
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, baseUrl, email, password);
      await page.goto(`${baseUrl}/dashboard/myorders`);
      await trackerFits(page, `${who} at ${viewport.width} px`);
      await screenshot(page, artifactsDir, `screens-tracker-${who}-${viewport.width}`);
      await context.close();
    }
  }
}

/** The Sub Category table: its Category column and chips are whole, not under the pinned actions column. */
async function subCategoryTable({ baseUrl, artifactsDir, launch }) {
  const browser = await launch();
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${baseUrl}/dashboard/subcategory`);
    await page.locator('.admin-table .chip').first().waitFor();
    const m = await page.evaluate(() => {
      const wrapEl = document.querySelector('.admin-table-wrap');
      const heads = [...document.querySelectorAll('.admin-table th')];
      const category = heads.find((th) => th.textContent === 'Category');
      const last = heads[heads.length - 1];
      if (!wrapEl || !category || !last) throw new Error('the Sub Category table has no wrapper, Category heading or actions column');
      const wrap = wrapEl.getBoundingClientRect();
      const actions = last.getBoundingClientRect();
      const chips = [...document.querySelectorAll('.admin-table .chip')].map((c) => c.getBoundingClientRect());
      return {
        wrapRight: wrap.right,
        actionsLeft: actions.left,
        categoryHead: { right: category.getBoundingClientRect().right, clipped: category.scrollWidth > category.clientWidth },
        chipRights: chips.map((c) => c.right),
      };
    });
    const at = `${viewport.width} px`;
    assert.ok(m.categoryHead.right <= m.actionsLeft + 0.5 && !m.categoryHead.clipped, `${at}: the Category heading is whole (${JSON.stringify(m)})`);
    for (const right of m.chipRights)
      assert.ok(right <= Math.min(m.actionsLeft, m.wrapRight) + 0.5, `${at}: a chip ends at ${right}, the actions start at ${m.actionsLeft}`);
    await screenshot(page, artifactsDir, `screens-subcategory-${viewport.width}`);
    await context.close();
  }
}

/** On a phone, a toast (the cart's "added" one) sits above the bottom cart bar, never over it. */
async function toastAboveCartBar({ baseUrl, artifactsDir, launch }) {
  const browser = await launch();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const shopper = await apiShopper(baseUrl, 'toast');
  await signIn(page, baseUrl, shopper.email, shopper.password);
  await page.goto(`${baseUrl}/`);
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

test('order tracker', async ({ baseUrl, artifactsDir, launch }) => orderTracker({ baseUrl, artifactsDir, launch }, await inStockProducts(baseUrl, 1)));
test('sub-category table', ({ baseUrl, artifactsDir, launch }) => subCategoryTable({ baseUrl, artifactsDir, launch }));
test('toast above the cart bar', ({ baseUrl, artifactsDir, launch }) => toastAboveCartBar({ baseUrl, artifactsDir, launch }));
