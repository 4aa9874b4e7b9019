import assert from 'node:assert/strict';
import { addAddressAtCheckout, addFromHome, apiGet, apiLogin, newShopper, screenshot, signIn, signUp } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * Sign up → sign in → add three products → checkout by cash on delivery → success,
 * and the order is in the API with those three products and the total the shopper saw; then Log Out.
 */
test('signup-checkout-cod', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const shopper = newShopper('cod');

  await signUp(page, baseUrl, shopper);
  await signIn(page, baseUrl, shopper.email, shopper.password);
  assert.equal(await page.evaluate(() => Boolean(localStorage.getItem('accesstoken') && localStorage.getItem('refreshToken'))), true);

  const names = await addFromHome(page, baseUrl, 3);
  // The second product twice: plus adds one.
  await page
    .getByRole('button', { name: `Add one more ${names[1]}` })
    .first()
    .click();

  await page.getByTestId('header-cart').click();
  const drawer = page.getByTestId('cart-drawer');
  await drawer.getByText('Quantity total').waitFor();
  await expect(drawer.getByTestId('quantity-total')).toHaveText('4 items');
  // Synced: no line waits for the network any more.
  await drawer.getByTestId('waiting-for-network').first().waitFor({ state: 'detached' });
  const grandTotal = await drawer.getByTestId('grand-total').textContent();
  await screenshot(page, artifactsDir, 'cart-panel');
  await drawer.getByRole('button', { name: /Proceed/ }).click();
  await page.waitForURL(`${baseUrl}/checkout`);

  // Both payment actions need an address first.
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await page.getByText('Please select a delivery address').first().waitFor();
  await addAddressAtCheckout(page);
  await expect(page.getByTestId('summary-line')).toHaveCount(3);
  await expect(page.getByTestId('bill-details').getByTestId('grand-total')).toHaveText(grandTotal);
  // No Stripe keys on this server: Pay Online says why it cannot work.
  await expect(page.getByRole('button', { name: 'Pay Online' })).toBeDisabled();
  await page.getByTestId('pay-online-reason').waitFor();

  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await page.waitForURL(/\/success\?order=/);
  await page.getByRole('heading', { name: 'Order placed' }).waitFor();
  const shownId = (await page.getByTestId('order-id').textContent()).replace('Order #', '');
  await screenshot(page, artifactsDir, 'success');

  const token = await apiLogin(baseUrl, shopper.email, shopper.password);
  const { data: orders } = await apiGet(baseUrl, 'order/order-list', token);
  assert.equal(orders.length, 1);
  assert.equal(orders[0].orderId, shownId);
  assert.equal(orders[0].payment_method, 'COD');
  assert.deepEqual(orders[0].product_details.map((l) => l.name).sort(), [...names].sort());
  assert.equal(orders[0].quantity, 4);
  assert.equal(new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(orders[0].totalAmt), grandTotal);
  const { data: cart } = await apiGet(baseUrl, 'cart/get', token);
  assert.equal(cart.length, 0, 'the ordered lines left the cart');
  await page.getByTestId('header-cart').getByText('My Cart').waitFor();

  // Log Out (docs/product.md#states): user state and local storage cleared, back to /, the header asks to sign in.
  const deviceRefresh = await page.evaluate(() => localStorage.getItem('refreshToken'));
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('navigation', { name: 'My Account' }).getByText(shopper.name).waitFor();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Login' }).waitFor();
  await page.getByText('Logout successful!').waitFor();
  assert.equal(await page.evaluate(() => localStorage.length), 0);
  const refresh = await fetch(`${baseUrl}/api/user/refresh-token`, { method: 'POST', headers: { authorization: `Bearer ${deviceRefresh}` } });
  assert.equal(refresh.status, 401, "the device's session was revoked on the server too");
  await context.close();
});
