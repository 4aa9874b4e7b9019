import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiGet, apiLogin, openInApp, openSignedIn, screenshot, signIn } from './lib/shopper-steps.mjs';
import { expect, test, ciOnlyUnless } from './fixtures.mjs';

/**
 * Store pickup (docs/product.md#store-pickup), in English and Hindi: the shopper chooses "Pick up at <store>" at
 * checkout (no address, no delivery fee) and pays at the store; the store's queue makes the order ready; the shopper's
 * order card shows the 4-digit code with the store's address and hours; the counter hands it over against that code
 * (a wrong one is refused beside the field first) and the order is delivered. Screenshots at 390 and 1366 px of the
 * checkout's choice and the order card.
 */
const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));

async function api(baseUrl, path, token, body, method = body ? 'POST' : 'GET') {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

/** An open store of the shop, its counter's hours set to 08:30–22:00, with three more units of a product moved onto its shelves. */
async function pickupStore(baseUrl, admin) {
  const { stores } = await api(baseUrl, 'store/list', admin);
  const open = stores.find((s) => s.open);
  assert.ok(open, 'the shop has an open store');
  const { store } = await api(baseUrl, 'store/update', admin, { _id: open._id, opensAt: '08:30', closesAt: '22:00' }, 'PUT');
  const product = (await inStockProducts(baseUrl, 12)).find((p) => (p.variants ?? []).length === 0);
  assert.ok(product, 'a product sold without options');
  await api(baseUrl, 'store/transfer', admin, { storeId: store._id, productId: product._id, units: 3, to: 'store' });
  return { store, product };
}

for (const [lang, tag] of [
  ['en-IN', 'en'],
  ['hi-IN', 'hi'],
]) {
  test(`store pickup: choose, ready, code, hand-over, ${lang}`, ciOnlyUnless(lang === 'en-IN'), async ({ baseUrl, artifactsDir, launch }) => {
    const [checkout, orders, stores, cart] = ['checkout', 'orders', 'stores', 'cart'].map((ns) => texts(lang, ns));
    const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { store, product } = await pickupStore(baseUrl, admin);
    const shopper = await apiShopper(baseUrl, `pickup-${tag}`);
    const browser = await launch();
    const context = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const shots = async (target, name) => {
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshot(target, artifactsDir, `store-pickup-${lang}-${width}-${name}`);
      }
      await page.setViewportSize({ width: 390, height: 844 });
    };

    // Choose: picked up at the store that holds the cart, paid at its counter.
    // Signed in (the sign-in steps read English), then the shop in the journey's language.
    await signIn(page, baseUrl, shopper.email, shopper.password);
    await page.evaluate((language) => localStorage.setItem('haat.language', language), lang);
    await page.reload();
    await openInApp(page, `/product/p-${product._id}`);
    await page.getByRole('button', { name: cart.addToCart }).first().click();
    await openInApp(page, '/checkout');
    await page.getByTestId('how-pickup').click();
    const choice = page.getByTestId('pickup-store').filter({ hasText: store.name });
    await expect(choice).toContainText(fill(checkout.pickup.hours, { opens: '08:30', closes: '22:00' }));
    await choice.getByRole('radio').check();
    await expect(page.getByTestId('pickup-terms')).toHaveText(checkout.pickup.free);
    await expect(page.getByRole('heading', { name: checkout.address.title })).toHaveCount(0);
    await shots(page.locator('.checkout'), 'checkout');
    await page.getByRole('button', { name: checkout.pickup.payAtStore }).click();
    await page.waitForURL(/\/success\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order');
    const placed = (await apiGet(baseUrl, 'order/order-list', shopper.token)).data.find((o) => o.orderId === orderId);
    assert.equal(placed.fulfilment, 'pickup');
    assert.equal(placed.pickup.storeId, store._id);

    // Ready: the store's queue makes it so; the shopper's card shows the code with the store's place and hours.
    await api(baseUrl, 'store/queue/move', admin, { storeId: store._id, orderId, status: 'READY_FOR_PICKUP' });
    await openInApp(page, '/my-orders');
    const card = page.getByTestId('order-card').filter({ hasText: orderId });
    const note = card.getByTestId('order-pickup');
    await expect(note).toContainText(fill(orders.pickup.at, { name: store.name }));
    await expect(note).toContainText(store.address);
    await expect(note.getByTestId('pickup-hours')).toHaveText(fill(orders.pickup.hours, { opens: '08:30', closes: '22:00' }));
    const code = (await note.getByTestId('pickup-code').textContent()).trim();
    assert.match(code, /^\d{4}$/);
    await expect(card.locator('.order-progress__step.is-reached').last()).toHaveText(orders.stage.READY_FOR_PICKUP);
    await shots(card, 'order-card');

    // Hand-over at the counter: the store's queue asks for the code; a wrong one is said beside the field, which keeps the focus.
    const desk = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
    const adminPage = await desk.newPage();
    await openSignedIn(adminPage, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/stores', { language: lang });
    await adminPage.getByRole('heading', { name: stores.heading, exact: true }).waitFor();
    await adminPage
      .getByTestId(`store-row-${store.pincode}`)
      .getByRole('button', { name: fill(stores.queueLabel, { name: store.name }) })
      .click();
    const queued = adminPage.getByTestId('queue-order').filter({ hasText: orderId });
    await expect(queued).toContainText(fill(stores.queue.pickupBy, { name: shopper.name }));
    const field = queued.getByLabel(fill(orders.handOver.label, { id: orderId }));
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    await field.fill(wrong);
    await queued.getByRole('button', { name: orders.handOver.button }).click();
    await expect(queued.getByRole('alert')).toBeVisible();
    await expect(field).toBeFocused();
    await field.fill(code);
    await queued.getByRole('button', { name: orders.handOver.button }).click();
    await expect(queued).toHaveCount(0);

    const after = (await apiGet(baseUrl, 'order/order-list', shopper.token)).data.find((o) => o.orderId === orderId);
    assert.equal(after.status, 'DELIVERED');
    assert.equal(after.payment_status, 'COMPLETED');
    assert.equal(after.pickup.code, undefined, 'the code is gone once it is handed over');
    await desk.close();
    await context.close();
  });
}
