import assert from 'node:assert/strict';
import { addAddressAtCheckout, addFromHome, apiGet, apiLogin, newShopper, screenshot, signIn, signUp } from './lib/shopper-steps.mjs';
import { signedEvent, startStripeStandIn } from './lib/stripe-stand-in.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { expect, test } from './fixtures.mjs';

const WEBHOOK_SECRET = 'whsec_test_haat_journey_0123456789';

/**
 * Pay Online reaches the hosted-page URL of the session the API created (after a price
 * change answered 409 made the shopper confirm the new total); after the
 * webhook (signed with the stripe library's own helper) the shopper lands on /success, and the order
 * is paid. Backing out of Stripe lands on /cancel, which cancels the unpaid order.
 */
test('card-checkout', async ({ artifactsDir, launch, startServer }) => {
  const stripe = await startStripeStandIn();
  const server = await startServer({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url });
  const { baseUrl } = server;
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const shopper = newShopper('card');
    await signUp(page, baseUrl, shopper);
    await signIn(page, baseUrl, shopper.email, shopper.password);
    const token = await apiLogin(baseUrl, shopper.email, shopper.password);

    const names = await addFromHome(page, baseUrl, 2);
    await page.goto(`${baseUrl}/checkout`);
    await addAddressAtCheckout(page);
    const payOnline = page.getByRole('button', { name: 'Pay Online' });
    await page.waitForFunction(() => !document.querySelector('[data-testid="pay-online-reason"]'));

    // The price of one product goes up while the shopper looks at the total: the API answers 409 with
    // its current totals, the screen shows them and asks again; the second press goes through.
    const seenTotal = await page.getByTestId('bill-details').getByTestId('grand-total').textContent();
    const line = (await apiGet(baseUrl, 'cart/get', token)).data[0].productId;
    const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const raise = await fetch(`${baseUrl}/api/product/update-product-details`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ _id: line._id, price: line.price + 100 }),
    });
    assert.equal(raise.status, 200, await raise.text());
    await payOnline.click();
    const notice = page.getByTestId('price-changed');
    await notice.waitFor();
    const newTotal = await page.getByTestId('bill-details').getByTestId('grand-total').textContent();
    assert.notEqual(newTotal, seenTotal);
    assert.ok((await notice.textContent()).includes(`New total: ${newTotal}`), await notice.textContent());
    assert.equal(stripe.sessions.size, 0, 'nothing was charged at the old price');
    await payOnline.click();

    await page.waitForURL(/\/c\/pay\/cs_test_/);
    const session = [...stripe.sessions.values()].at(-1);
    assert.equal(page.url(), session.url, 'the browser is on the session’s hosted page');
    assert.equal(session.currency, 'inr');
    assert.equal(session.customer_email, shopper.email);
    await screenshot(page, artifactsDir, 'hosted-page');

    const event = signedEvent('checkout.session.completed', session, WEBHOOK_SECRET);
    const hook = await fetch(`${baseUrl}/api/order/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      body: event.payload,
    });
    assert.equal(hook.status, 200, await hook.text());

    await page.getByRole('link', { name: 'Pay' }).click();
    await page.waitForURL(/\/success\?session_id=cs_test_/);
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    await screenshot(page, artifactsDir, 'success');
    const { data: orders } = await apiGet(baseUrl, 'order/order-list', token);
    assert.equal(orders.length, 1);
    assert.equal(orders[0].orderId, session.metadata.orderId);
    assert.equal(orders[0].payment_method, 'CARD');
    assert.equal(orders[0].payment_status, 'PAID');
    assert.deepEqual(orders[0].product_details.map((l) => l.name).sort(), [...names].sort());
    assert.equal((await apiGet(baseUrl, 'cart/get', token)).data.length, 0, 'paid lines left the cart');

    // Backing out of Stripe: /cancel names the order and cancels it, releasing its stock.
    await addFromHome(page, baseUrl, 1);
    await page.goto(`${baseUrl}/checkout`);
    await page.getByTestId('address-option').first().getByRole('radio').check();
    await page.waitForFunction(() => !document.querySelector('[data-testid="pay-online-reason"]'));
    await payOnline.click();
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    const second = [...stripe.sessions.values()].at(-1);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/cancel\?orderId=/);
    await page.getByRole('heading', { name: `Order #${second.metadata.orderId} Cancelled` }).waitFor();
    await expect
      .poll(async () => (await apiGet(baseUrl, 'order/order-list', token)).data.find((o) => o.orderId === second.metadata.orderId)?.payment_status)
      .toBe('CANCELLED');
    assert.equal(second.status, 'expired', 'the API expired the Stripe session too');
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await stripe.stop();
  }
});
