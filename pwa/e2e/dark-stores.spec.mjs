import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deliveryDateAfter, deliveryDaysTo } from '@haat/shared/addresses/delivery-zones';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiGet, apiLogin, openInApp, openSignedIn, screenshot } from './lib/shopper-steps.mjs';
import { expect, test, ciOnlyUnless } from './fixtures.mjs';

/**
 * Dark stores at 390 px in English and Hindi (docs/product.md#delivery): a pincode a store serves (560034, with the
 * product on its shelves) gets "in 10 minutes" on the product page, the cart and checkout, and the order records it;
 * a pincode no store serves (560100) gets the courier's date; an admin sees the Stores screen with the store, its
 * queue with the order's packing list, moves it Packed → Out for delivery → Delivered, and the overview counts it kept.
 */
const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));
const KORAMANGALA = { district: 'Bengaluru Urban', city: 'Bengaluru', state: 'Karnataka', pincode: '560034' };

async function api(baseUrl, path, token, body) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

/** The store serving 560034 (made once per server), with three more units of a product moved onto its shelves. */
async function stockedStore(baseUrl, admin) {
  const { stores } = await api(baseUrl, 'store/list', admin);
  const store =
    stores.find((s) => s.servesPincodes.includes('560034')) ??
    (
      await api(baseUrl, 'store/create', admin, {
        name: 'Koramangala',
        address: '80 Feet Road, 4th Block',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560034',
        servesPincodes: ['560034', '560095'],
        promiseMinutes: 10,
      })
    ).store;
  const product = (await inStockProducts(baseUrl, 12)).find((p) => (p.variants ?? []).length === 0);
  assert.ok(product, 'a product sold without options');
  await api(baseUrl, 'store/transfer', admin, { storeId: store._id, productId: product._id, units: 3, to: 'store' });
  return { store, product };
}

/** A product sold without options whose promise at 560034 is the courier's: no store has it on its shelves. */
async function courierOnly(baseUrl, but) {
  for (const p of await inStockProducts(baseUrl, 24)) {
    if ((p.variants ?? []).length > 0 || p._id === but) continue;
    const res = await fetch(`${baseUrl}/api/delivery/promise?pincode=560034&productId=${p._id}`);
    if ((await res.json()).data?.promise.kind === 'courier') return p;
  }
  throw new Error('no courier-only product');
}

// The header says what is true for what the shopper looks at or holds (docs/product.md#delivery, "The header"): with
// only a courier-only product (the chess set) in the cart, a stocked product's page may promise minutes, but the chess
// set's own page promises its courier date, in the header and under its pincode check, and so does the cart.
test('dark stores: the header follows the product shown and the cart, en-IN at 390 px', async ({ baseUrl, artifactsDir, launch }) => {
  const [promise, common, cart] = ['promise', 'common', 'cart'].map((ns) => texts('en-IN', ns));
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { product: stocked } = await stockedStore(baseUrl, admin);
  const chess = await courierOnly(baseUrl, stocked._id);
  const shopper = await apiShopper(baseUrl, 'stores-header', KORAMANGALA);
  const browser = await launch();
  const page = await (await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } })).newPage();
  const header = page.getByTestId('header-promise');
  const minutes = fill(common.delivery.headerIn, { pincode: '560034', count: 10 });
  const byCourier = fill(common.delivery.headerBy, { pincode: '560034', date: '' }).trim();

  await openSignedIn(page, baseUrl, shopper.email, shopper.password, `/product/p-${chess._id}`);
  await page.getByRole('button', { name: cart.addToCart }).first().click();
  await openInApp(page, `/product/p-${stocked._id}`);
  await page.getByLabel(texts('en-IN', 'product').pincode.label).fill('560034');
  await page.getByRole('button', { name: texts('en-IN', 'product').pincode.check, exact: true }).click();
  await expect(page.getByTestId('pincode-promise')).toHaveAttribute('data-kind', 'express');
  await expect(header).toHaveText(minutes);

  // The chess set's own page: its courier date, in the header and under the pincode check; no store's minutes.
  await openInApp(page, `/product/p-${chess._id}`);
  await expect(page.getByTestId('pincode-promise')).toHaveAttribute('data-kind', 'courier');
  await expect(page.getByTestId('pincode-promise')).toContainText('(560034)');
  await expect(header).toContainText(byCourier);
  await expect(header).not.toContainText('minutes');
  await expect(page.getByTestId('pincode-promise')).not.toContainText(fill(promise.in, { count: 10 }));
  await screenshot(page, artifactsDir, 'dark-stores-en-IN-390-header-chess');

  // Elsewhere, the cart's promise: the chess set alone comes by courier.
  await openInApp(page, '/');
  await expect(header).toContainText(byCourier);
  await expect(header).not.toContainText('minutes');
  await page.close();
});

for (const lang of ['en-IN', 'hi-IN']) {
  test(`dark stores ${lang} at 390 px`, ciOnlyUnless(lang === 'en-IN'), async ({ baseUrl, artifactsDir, launch }) => {
    const [promise, product, checkout, cart, stores] = ['promise', 'product', 'checkout', 'cart', 'stores'].map((ns) => texts(lang, ns));
    const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const { store, product: item } = await stockedStore(baseUrl, admin);
    const shopper = await apiShopper(baseUrl, `stores-${lang}`, KORAMANGALA);
    const browser = await launch();
    const context = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const shot = (name) => screenshot(page, artifactsDir, `dark-stores-${lang}-390-${name}`);
    /** The cards' asks for their promises (GET /api/delivery/promises), in order, from the first page on. */
    const cardAsks = [];
    page.on('request', (r) => r.url().includes('/api/delivery/promises') && cardAsks.push((new URL(r.url()).searchParams.get('productIds') ?? '').split(',')));

    await openSignedIn(page, baseUrl, shopper.email, shopper.password, `/product/p-${item._id}`, { language: lang });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    // The product page: the pincode checked, the store's minutes for this product there.
    const check = async (pincode) => {
      await page.getByLabel(product.pincode.label).fill(pincode);
      await page.getByRole('button', { name: product.pincode.check, exact: true }).click();
    };
    await check('560034');
    const express = fill(promise.in, { count: 10 });
    const note = page.getByTestId('pincode-promise');
    await expect(note).toHaveAttribute('data-kind', 'express');
    // The promise route's answer is the only one: the pincode lookup says nothing more of a place served.
    await expect(page.getByTestId('pincode-message')).toHaveText('');
    await expect(note).toContainText(fill(promise.to, { promise: express, pincode: '560034' }));
    await expect(note).toContainText(store.name);
    await shot('product');

    // Search's cards say the store's minutes for the product it stocks, one ask for the whole page. The product page's
    // own rows of cards ask for theirs once the pincode is chosen, and may do so late (after their texts and code
    // load): the search's ask is the one naming this product, which its page's rows never show, and a card those rows
    // asked for already (its answer kept a minute) is not asked again.
    const opened = cardAsks.length;
    await openInApp(page, `/search?q=${encodeURIComponent(item.name)}`);
    const card = page
      .locator('.product-card')
      .filter({ has: page.getByRole('link', { name: item.name }) })
      .first();
    await expect(card.getByTestId('card-promise')).toHaveText(fill(promise.card, { count: 10 }));
    const shown = await page
      .locator('.product-grid .product-card__link')
      .evaluateAll((links) => [...new Set(links.map((a) => /-([0-9A-Z]{26})$/.exec(a.getAttribute('href') ?? '')?.[1]).filter(Boolean))]);
    assert.ok(shown.includes(item._id), `the product's card is read: ${JSON.stringify(shown)}`);
    const asked = cardAsks.filter((ids) => ids.includes(item._id));
    assert.equal(asked.length, 1, `one ask names the product: ${JSON.stringify(cardAsks)}`);
    // Asked before the search's: by the product page's rows, however late they asked (after `opened` too).
    const at = cardAsks.indexOf(asked[0]);
    assert.ok(at >= opened, `the search's ask comes once it is opened: ${JSON.stringify(cardAsks)}`);
    const before = cardAsks.slice(0, at).flat();
    assert.deepEqual(
      shown.filter((id) => !asked[0].includes(id) && !before.includes(id)),
      [],
      `every card of the page in that one ask, or asked before it: ${JSON.stringify({ shown, cardAsks })}`,
    );
    await shot('search');
    await page.goto(`${baseUrl}/product/p-${item._id}`);

    // The cart and checkout say the same for the cart; the order carries it.
    await page.getByRole('button', { name: cart.addToCart }).first().click();
    await openInApp(page, '/cart');
    await expect(page.getByTestId('cart-promise')).toHaveAttribute('data-kind', 'express');
    await expect(page.getByTestId('cart-promise')).toContainText(express);
    await shot('cart');
    await openInApp(page, '/checkout');
    const words = page.getByTestId('checkout-promise-words');
    await expect(words).toHaveAttribute('data-kind', 'express');
    await expect(words).toContainText(express);
    await shot('checkout');
    await page.getByRole('button', { name: checkout.pay.cod }).click();
    await page.waitForURL(/\/success\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order');
    const { data: orders } = await apiGet(baseUrl, 'order/order-list', shopper.token);
    const order = orders.find((o) => o.orderId === orderId);
    assert.equal(order.fulfilment, 'store');
    assert.deepEqual(order.promise, { kind: 'express', minutes: 10, store: { _id: store._id, name: store.name } });
    await openInApp(page, '/my-orders');
    await expect(page.getByTestId('order-promise-words').first()).toContainText(express);
    await shot('orders');

    // A pincode no store serves: the courier's date, in the shopper's language.
    await page.goto(`${baseUrl}/product/p-${item._id}`);
    await check('560100');
    // No store serves it: the courier's date from the same promise route, said of the place, and no minutes.
    await expect(note).toHaveAttribute('data-kind', 'courier');
    await expect(page.getByTestId('pincode-message')).toHaveText('');
    const courier = note;
    const days = deliveryDaysTo({ pincode: '560100', state: 'Karnataka' });
    assert.ok(days !== null, 'the rule delivers to 560100');
    const day = deliveryDateAfter(days, new Date());
    const date = await page.evaluate(
      ([d, l]) => new Intl.DateTimeFormat(l, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)),
      [day, lang],
    );
    await expect(courier).toContainText('(560100)');
    await expect(courier).toContainText(date);
    await expect(courier).not.toContainText(express);
    await shot('courier');

    // The admin's Stores screen lists the store, open, in the same language.
    const desk = await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } });
    const adminPage = await desk.newPage();
    await openSignedIn(adminPage, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/stores', { language: lang });
    await adminPage.getByRole('heading', { name: stores.heading, exact: true }).waitFor();
    const row = adminPage.getByTestId(`store-row-${store.pincode}`);
    await expect(row.getByTestId('store-state')).toHaveText(stores.open);
    await row.getByRole('button', { name: fill(stores.stockLabel, { name: store.name }) }).click();
    await expect(adminPage.getByTestId('shelf-row').filter({ hasText: item.name })).toHaveCount(1);
    for (const width of [390, 1366]) {
      await adminPage.setViewportSize({ width, height: 900 });
      await screenshot(adminPage, artifactsDir, `dark-stores-${lang}-${width}-admin`);
    }

    // The counter's hours: shown in the store's row, and set in its form with the browser's time picker (HH:MM),
    // labelled in the screen's language; a pickup order's card shows them.
    const { stores: listed } = await api(baseUrl, 'store/list', admin);
    const now = listed.find((s) => s._id === store._id);
    await expect(row.getByTestId('store-hours')).toHaveText(fill(stores.hours, { opens: now.opensAt, closes: now.closesAt }));
    await row.getByRole('button', { name: fill(stores.editLabel, { name: store.name }) }).click();
    const form = adminPage.getByRole('dialog', { name: fill(stores.editTitle, { name: store.name }) });
    const opens = form.getByLabel(stores.field.opensAt, { exact: true });
    const closes = form.getByLabel(stores.field.closesAt, { exact: true });
    await expect(opens).toHaveAttribute('type', 'time');
    await expect(opens).toHaveValue(now.opensAt);
    await expect(closes).toHaveValue(now.closesAt);
    const closesAt = lang === 'en-IN' ? '22:30' : '22:45';
    await closes.fill(closesAt);
    for (const width of [390, 1366]) {
      await adminPage.setViewportSize({ width, height: 900 });
      await opens.scrollIntoViewIfNeeded();
      await screenshot(adminPage, artifactsDir, `dark-stores-${lang}-${width}-store-form`, { fullPage: false });
    }
    await form.getByRole('button', { name: stores.save, exact: true }).click();
    await expect(form).toBeHidden();
    await expect(row.getByTestId('store-hours')).toHaveText(fill(stores.hours, { opens: now.opensAt, closes: closesAt }));
    const { stores: savedStores } = await api(baseUrl, 'store/list', admin);
    expect(savedStores.find((s) => s._id === store._id)).toMatchObject({ opensAt: now.opensAt, closesAt });

    // The store's queue: the shopper's order with its packing list and due time, moved Packed → Rider assigned → Out
    // for delivery → Delivered (which asks first); delivered within its minutes, it counts as a promise kept on the overview.
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: fill(stores.queueLabel, { name: store.name }) }).click();
    // The queue opens below the table and takes the focus to its heading, not leaving it on the button.
    await expect(adminPage.getByRole('heading', { name: fill(stores.queue.heading, { name: store.name }) })).toBeFocused();
    const queued = adminPage.getByTestId('queue-order').filter({ hasText: orderId });
    await expect(queued.getByRole('list', { name: fill(stores.queue.packing, { id: orderId }) })).toContainText(item.name);
    await expect(queued.getByTestId('queue-due')).toContainText(fill(stores.queue.left_other, { count: '' }).trim());
    const mover = queued.getByRole('group', { name: fill(stores.queue.moveLabel, { id: orderId }) });
    assert.deepEqual(await mover.getByRole('button').allTextContents(), [
      stores.queue.stage.PACKED,
      stores.queue.stage.AGENT_ASSIGNED,
      stores.queue.stage.OUT_FOR_DELIVERY,
      stores.queue.stage.DELIVERED,
    ]);
    for (const width of [390, 1366]) {
      await adminPage.setViewportSize({ width, height: 900 });
      await screenshot(adminPage, artifactsDir, `dark-stores-${lang}-${width}-queue`);
    }
    await mover.getByRole('button', { name: stores.queue.stage.PACKED }).click();
    await expect(mover.getByRole('button')).toHaveText([stores.queue.stage.AGENT_ASSIGNED, stores.queue.stage.OUT_FOR_DELIVERY, stores.queue.stage.DELIVERED]);
    await mover.getByRole('button', { name: stores.queue.stage.AGENT_ASSIGNED }).click();
    await expect(mover.getByRole('button')).toHaveText([stores.queue.stage.OUT_FOR_DELIVERY, stores.queue.stage.DELIVERED]);
    await mover.getByRole('button', { name: stores.queue.stage.OUT_FOR_DELIVERY }).click();
    await expect(mover.getByRole('button')).toHaveText([stores.queue.stage.DELIVERED]);
    await mover.getByRole('button', { name: stores.queue.stage.DELIVERED }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: stores.queue.stage.DELIVERED }).click();
    await expect(queued).toHaveCount(0);
    const { data: after } = await apiGet(baseUrl, 'order/order-list', shopper.token);
    assert.deepEqual(
      after.find((o) => o.orderId === orderId).statusHistory.map((h) => h.status),
      ['PLACED', 'PACKED', 'AGENT_ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED'],
    );
    const { overview } = texts(lang, 'admin');
    const { data: figures } = await apiGet(baseUrl, 'order/admin/overview', admin);
    const ours = figures.promisesKept.find((s) => s.store._id === store._id);
    assert.ok(ours.kept >= 1, 'the order delivered within its minutes is a promise kept');
    await adminPage.goto(`${baseUrl}/dashboard`);
    const kept = adminPage.getByTestId('overview-promises-kept').getByRole('listitem').filter({ hasText: store.name });
    const figure = (n) => new Intl.NumberFormat(lang).format(n);
    await expect(kept).toContainText(fill(overview.keptLine, { kept: figure(ours.kept), delivered: figure(ours.delivered) }));
    for (const width of [390, 1366]) {
      await adminPage.setViewportSize({ width, height: 900 });
      await screenshot(adminPage, artifactsDir, `dark-stores-${lang}-${width}-overview`);
    }
  });
}
