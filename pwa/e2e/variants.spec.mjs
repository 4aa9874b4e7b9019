import assert from 'node:assert/strict';
import { productPath } from '@haat/shared/routing/slug';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { addAddressAtCheckout, apiGet, apiLogin, newShopper, openInApp, openSignedIn, registerByApi, screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): offline, its pages come from the service worker.
test.use({ serviceWorkers: 'allow' });

const inr = (n) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/**
 * A ₹100 product with a "5 kg" variant at ₹5,000 was ordered at ₹100. The shopper
 * chooses the variant on the product page, adds it, sees its name and price in the cart and at
 * checkout, places a cash-on-delivery order and sees the variant on the order; the server charged
 * the variant's price and took the variant's stock.
 */
test('variants', async ({ baseUrl, artifactsDir, launch }) => {
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { data: categories } = await (await fetch(`${baseUrl}/api/category/get`)).json();
  const create = await fetch(`${baseUrl}/api/product/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({
      name: `Sona Masoori Rice ${Date.now().toString(36)}`,
      unit: 'kg',
      productType: 'variable',
      stock: 40,
      price: 100,
      hsn: '1006',
      gstRate: 5,
      discount: 0,
      description: 'Aged Sona Masoori rice.',
      category: [categories[0]._id],
      variants: [{ name: '1 kg' }, { name: '5 kg', price: 5000, stock: 3 }],
    }),
  });
  const created = await create.json();
  assert.equal(create.status, 201, created.message);
  const product = created.data;
  const sack = product.variants.find((v) => v.name === '5 kg');

  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const shopper = newShopper('variants');
  await registerByApi(baseUrl, shopper);
  await openSignedIn(page, baseUrl, shopper.email, shopper.password, productPath(product));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  // Nothing is added before a variant is chosen.
  await expect(page.getByRole('button', { name: 'Choose an option' })).toBeDisabled();
  await page.getByRole('button', { name: '5 kg', exact: true }).click();
  await expect(page.getByRole('button', { name: '5 kg', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.locator('.buy-box__price').getByText(inr(5000)).first().waitFor();
  await page.getByRole('button', { name: `Add to Cart: ${product.name} (5 kg)` }).click();
  await page.getByRole('group', { name: `Quantity of ${product.name} (5 kg)` }).waitFor();
  await screenshot(page, artifactsDir, 'variants-product-1366');

  await page.getByTestId('header-cart').click();
  const drawer = page.getByTestId('cart-drawer');
  const line = drawer.locator(`[data-testid="cart-line"][data-variant-id="${sack._id}"]`);
  await line.getByText('5 kg', { exact: true }).waitFor();
  await line.getByText(inr(5000)).waitFor();
  await drawer.getByTestId('waiting-for-network').first().waitFor({ state: 'detached' });
  await expect(drawer.getByTestId('grand-total')).toHaveText(inr(5000));
  await screenshot(page, artifactsDir, 'variants-cart-1366');
  await drawer.getByRole('button', { name: /Proceed/ }).click();
  await page.waitForURL(`${baseUrl}/checkout`);

  await addAddressAtCheckout(page);
  const summary = page.getByTestId('summary-line');
  await expect(summary).toHaveCount(1);
  await summary.getByText(`${product.name} (5 kg)`).waitFor();
  await summary.getByText(inr(5000)).waitFor();
  await expect(page.getByTestId('bill-details').getByTestId('grand-total')).toHaveText(inr(5000));
  await screenshot(page, artifactsDir, 'variants-checkout-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifactsDir, 'variants-checkout-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await page.waitForURL(/\/success\?order=/);
  await page.getByRole('heading', { name: 'Order placed' }).waitFor();

  // The order names the variant, on the shopper's orders page and in the API.
  await openInApp(page, '/my-orders');
  await page.getByTestId('order-card').first().getByText(`${product.name} (5 kg) × 1`).waitFor();
  await screenshot(page, artifactsDir, 'variants-orders-1366');
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);
  const { data: orders } = await apiGet(baseUrl, 'order/order-list', token);
  assert.equal(orders.length, 1);
  assert.equal(orders[0].totalAmt, 5000, 'charged the variant’s price, not the product’s ₹100');
  assert.deepEqual(
    orders[0].product_details.map((l) => [l.productId, l.variantId, l.variantName, l.unitPrice]),
    [[product._id, sack._id, '5 kg', 5000]],
  );
  // Public product reads are cached for a few seconds after stock moves (products/read-cache.ts): wait it out.
  const details = async () =>
    (
      await (
        await fetch(`${baseUrl}/api/product/get-product-details`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ productId: product._id }),
        })
      ).json()
    ).data;
  await expect
    .poll(async () => (await details()).variants.find((v) => v._id === sack._id).stock, { message: 'the variant’s stock was taken', timeout: 20_000 })
    .toBe(2);
  const after = await details();
  assert.equal(after.stock, 40, 'the product’s own stock was not');

  // Offline, the same product in both variants is two lines, and the outbox syncs each with its variantId.
  const pack = product.variants.find((v) => v.name === '1 kg');
  await openInApp(page, `${productPath(product)}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await context.setOffline(true);
  for (const v of [pack, sack]) {
    await page.getByRole('button', { name: v.name, exact: true }).click();
    await page.getByRole('button', { name: `Add to Cart: ${product.name} (${v.name})` }).click();
    await page.getByRole('group', { name: `Quantity of ${product.name} (${v.name})` }).waitFor();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, artifactsDir, 'variants-product-390');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByTestId('header-cart').click();
  const offlineDrawer = page.getByTestId('cart-drawer');
  await offlineDrawer.getByTestId('waiting-for-network').nth(1).waitFor();
  await expect(offlineDrawer.getByTestId('cart-line'), 'one product in two variants is two lines').toHaveCount(2);
  await expect(offlineDrawer.getByTestId('waiting-for-network'), 'both wait for the network').toHaveCount(2);
  await context.setOffline(false);
  const serverLines = async () =>
    (await apiGet(baseUrl, 'cart/get', token)).data.map((l) => `${l.productId._id}:${l.variantId}:${l.quantity}:${l.subTotalAmt}`).sort();
  const wanted = [`${product._id}:${pack._id}:1:100`, `${product._id}:${sack._id}:1:5000`].sort();
  await expect.poll(serverLines, { message: 'the server cart holds both variants, each at its own price' }).toEqual(wanted);
  await context.close();
});
