import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiGet, openSignedIn, screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * Cancelling part of an order (docs/product.md#cancelling-part-of-an-order): on Manage Orders an admin opens "Cancel
 * items" on a cash order of two products, says the shop cannot send every unit of the second, and sends; the order's
 * card shows what was not sent and what it does to the money, and keeps the first product. Its shopper, in Hindi, sees
 * the same on My Orders. Screenshots of the dialog and both cards at 390 and 1366 px.
 */
const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));

test('cancel items: the admin takes a product the shop cannot send off an order, its shopper sees it in Hindi', async ({ baseUrl, artifactsDir, launch }) => {
  const [en, hi] = [texts('en-IN', 'orders'), texts('hi-IN', 'orders')];
  const shopper = await apiShopper(baseUrl, 'part-cancel');
  const products = (await inStockProducts(baseUrl, 8)).filter((p) => (p.variants ?? []).length === 0).slice(0, 2);
  assert.equal(products.length, 2, 'two products sold without options');
  const [kept, gone] = products;
  const placed = await apiOrder(baseUrl, shopper, [
    [kept, 1],
    [gone, 2],
  ]);
  const browser = await launch();
  const shots = async (page, target, name) => {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(target, artifactsDir, `part-cancel-${width}-${name}`);
    }
  };

  const desk = await browser.newContext({ locale: 'en-IN', viewport: { width: 1366, height: 900 } });
  const admin = await desk.newPage();
  await openSignedIn(admin, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/myorders');
  const card = admin.getByTestId('order-card').filter({ hasText: placed.orderId });
  await card.getByRole('button', { name: en.partCancel.button }).click();
  const dialog = admin.getByRole('dialog', { name: fill(en.partCancel.title, { id: placed.orderId }) });
  await expect(dialog).toContainText(en.partCancel.lessAtDoor);
  await dialog.getByRole('spinbutton', { name: new RegExp(gone.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).fill('2');
  assert.deepEqual(await seriousViolations(admin), [], 'the Cancel items dialog');
  await shots(admin, admin, 'dialog');
  await admin.setViewportSize({ width: 1366, height: 900 });
  const answered = admin.waitForResponse((r) => r.url().endsWith('/api/order/admin/cancel-items'));
  await dialog.getByRole('button', { name: en.partCancel.send }).click();
  assert.equal((await answered).status(), 200);
  await expect(dialog).toHaveCount(0);
  const notSent = card.getByTestId('order-not-sent');
  await expect(notSent).toContainText(`2 × ${gone.name}`);
  const amount = gone.charged * 2;
  await expect(notSent.getByTestId('order-not-sent-money')).toHaveText(
    fill(en.notSent.lessAtDoor, { amount: `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2 })}` }),
  );
  // One unit of the first product is left: nothing more can be taken off, so the button is gone and focus stays on the row.
  await expect(card.getByRole('button', { name: en.partCancel.button })).toHaveCount(0);
  assert.notEqual(await admin.evaluate(() => document.activeElement?.tagName), 'BODY', 'focus stays on the order');
  await shots(admin, card, 'admin-card');
  const stored = (await apiGet(baseUrl, 'order/order-list', shopper.token)).data.find((o) => o.orderId === placed.orderId);
  assert.deepEqual(
    stored.product_details.map((l) => [l.productId, l.quantity]),
    [[kept._id, 1]],
  );
  assert.equal(stored.totalAmt, placed.totalAmt - amount);
  await desk.close();

  // The shopper, in Hindi: signed in on a phone that chose it before.
  const phone = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/my-orders', { language: 'hi-IN' });
  const mine = page.getByTestId('order-card').filter({ hasText: placed.orderId });
  await expect(mine.getByTestId('order-not-sent')).toContainText(hi.notSent.heading);
  await expect(mine.getByTestId('order-not-sent')).toContainText(gone.name);
  assert.deepEqual(await seriousViolations(page), [], 'the shopper’s order card');
  await shots(page, mine, 'shopper-hi');
  await browser.close();
});
