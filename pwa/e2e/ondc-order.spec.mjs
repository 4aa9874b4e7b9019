import { randomUUID } from 'node:crypto';
import { libsodiumSecret, newKeys, signedHeader } from '../../scripts/beckn-buyer-app.mjs';
import { createServer } from 'node:http';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { inStockProducts } from './lib/shop-fixtures.mjs';
import { apiLogin, openSignedIn, screenshot, switchLanguageInFooter } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * A network order in the admin's screens (docs/product.md#selling-on-ondc): a buyer app (a stand-in here, with the
 * registry) confirms an order on a shop that is on ONDC; the admin finds it on Manage Orders marked "From ONDC" with
 * the buyer app and its order id, moves it Shipped → Out for delivery → Delivered as any order, and the buyer app
 * hears each move (on_status, Order-delivered last); another it cancels with the reason it picks in the cancel dialog
 * (on_cancel 018). At 390 px in English, then the card and the cancel dialog in Hindi at 1366 px.
 */
const SHOP = 'shop.journey.test';
const BAP = 'buyer.journey.test';

/** A local server answering JSON; its URL and a close. */
async function serve(answer) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(req.url ?? '', body))));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((r) => server.close(() => r(undefined))) };
}

test('a network order on Manage Orders, moved to delivered, told to its buyer app', async ({ startServer, artifactsDir, launch }) => {
  const shopKeys = newKeys();
  const bapKeys = newKeys();
  const callbacks = [];
  const bap = await serve((path, body) => {
    callbacks.push({ action: path.split('/').pop(), body: JSON.parse(body) });
    return { message: { ack: { status: 'ACK' } } };
  });
  const registry = await serve((_path, body) =>
    JSON.parse(body).subscriber_id === BAP
      ? [{ subscriber_id: BAP, ukId: 'k1', signing_public_key: bapKeys.publicKey.toString('base64'), subscriber_url: bap.url }]
      : [],
  );
  try {
    const { baseUrl } = await startServer({
      ONDC_SUBSCRIBER_ID: SHOP,
      ONDC_UNIQUE_KEY_ID: 'shop-k1',
      ONDC_SIGNING_PRIVATE_KEY: libsodiumSecret(shopKeys),
      ONDC_REGISTRY_URL: registry.url,
    });
    const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const [product] = await inStockProducts(baseUrl, 1);
    const put = (path, body) =>
      fetch(`${baseUrl}/api/${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify(body),
      });
    const terms = {
      domain: 'ONDC:RET10',
      ondcCategory: 'Snacks and Namkeen',
      returnable: true,
      cancellable: true,
      returnWindowDays: 7,
      timeToShipMinutes: 120,
      cod: true,
      manufacturer: '',
      manufacturerAddress: '',
    };
    expect((await put(`ondc/admin/categories/${product.category[0]._id ?? product.category[0]}`, terms)).status).toBe(200);
    const details = await (
      await fetch(`${baseUrl}/api/product/get-product-details`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId: product._id }),
      })
    ).json();

    /** A buyer app confirms a network order of one unit: its id, once the shop answered Accepted. */
    const confirmed = async () => {
      const networkOrderId = `PHONEPE-${randomUUID().slice(0, 8).toUpperCase()}`;
      const address = { name: 'Meera Iyer', building: '22 Lavelle Road', locality: 'Ashok Nagar', city: 'Bengaluru', state: 'Karnataka', area_code: '560001' };
      const context = {
        domain: 'ONDC:RET10',
        action: 'confirm',
        country: 'IND',
        city: 'std:080',
        core_version: '1.2.5',
        bap_id: BAP,
        bap_uri: bap.url,
        bpp_id: SHOP,
        bpp_uri: `${baseUrl}/ondc`,
        transaction_id: randomUUID(),
        message_id: randomUUID(),
        timestamp: new Date().toISOString(),
        ttl: 'PT30S',
      };
      const order = {
        id: networkOrderId,
        state: 'Created',
        provider: { id: `${SHOP}-provider` },
        items: [{ id: details.data.sku, quantity: { count: 1 } }],
        billing: { name: 'Meera Iyer', phone: '9845012345', address },
        fulfillments: [{ id: '1', type: 'Delivery', end: { location: { gps: '12.97,77.59', address }, contact: { phone: '9845012345' } } }],
        payment: { type: 'ON-FULFILLMENT', collected_by: 'BAP', status: 'NOT-PAID' },
      };
      const body = JSON.stringify({ context, message: { order } });
      const ack = await fetch(`${baseUrl}/ondc/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: signedHeader(body, BAP, 'k1', bapKeys) },
        body,
      });
      expect(await ack.json()).toEqual({ message: { ack: { status: 'ACK' } } });
      await expect
        .poll(() => callbacks.find((c) => c.action === 'on_confirm' && c.body.message?.order?.id === networkOrderId)?.body.message?.order?.state, {
          timeout: 30_000,
        })
        .toBe('Accepted');
      return networkOrderId;
    };
    const networkOrderId = await confirmed();
    const cancelledId = await confirmed();
    const keptId = await confirmed();

    const browser = await launch();
    const page = await (await browser.newContext({ locale: 'en-IN', viewport: { width: 390, height: 844 } })).newPage();
    await openSignedIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/myorders');
    const card = page.getByTestId('order-card').filter({ hasText: networkOrderId });
    await expect(card.getByTestId('order-channel')).toHaveText(`From ONDC: ${BAP}, order ${networkOrderId}`);
    const orderId = (await card.locator('header strong').innerText()).replace(/^Order #/, '');
    await screenshot(page, artifactsDir, 'ondc-order-card-en-IN-390');

    const mover = card.getByRole('group', { name: `Move order ${orderId} to` });
    for (const [stage, fulfilment] of [
      ['Shipped', 'Order-picked-up'],
      ['Out for delivery', 'Out-for-delivery'],
    ]) {
      await mover.getByRole('button', { name: stage }).click();
      await expect
        .poll(() => callbacks.some((c) => c.action === 'on_status' && c.body.message.order.fulfillments[0].state.descriptor.code === fulfilment), {
          timeout: 30_000,
        })
        .toBe(true);
    }
    await mover.getByRole('button', { name: 'Delivered' }).click();
    await page
      .getByRole('dialog', { name: `Mark order #${orderId} delivered?` })
      .getByRole('button', { name: 'Mark delivered' })
      .click();
    await expect
      .poll(
        () =>
          callbacks.find((c) => c.action === 'on_status' && c.body.message.order.state === 'Completed')?.body.message.order.fulfillments[0].state.descriptor
            .code,
        { timeout: 30_000 },
      )
      .toBe('Order-delivered');

    // Cancelled by the shop: the admin picks the reason its buyer app is told.
    const toCancel = page.getByTestId('order-card').filter({ hasText: cancelledId });
    const cancelId = (await toCancel.locator('header strong').innerText()).replace(/^Order #/, '');
    await toCancel
      .getByRole('group', { name: `Move order ${cancelId} to` })
      .getByRole('button', { name: 'Cancelled' })
      .click();
    const cancelDialog = page.getByRole('dialog', { name: `Cancel order #${cancelId}?` });
    await cancelDialog.getByRole('combobox', { name: `Reason told to ${BAP}` }).selectOption('018');
    await screenshot(page, artifactsDir, 'ondc-cancel-reason-en-IN-390');
    await cancelDialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect
      .poll(
        () =>
          callbacks
            .find((c) => c.action === 'on_cancel' && c.body.message?.order?.id === cancelledId)
            ?.body.message.order.tags.find((t) => t.code === 'cancel_request')
            ?.list.find((l) => l.code === 'reason_id')?.value,
        { timeout: 30_000 },
      )
      .toBe('018');

    await page.setViewportSize({ width: 1366, height: 900 });
    await switchLanguageInFooter(page, 'हिन्दी');
    await page.getByRole('tab', { name: /डिलीवर/ }).click();
    const delivered = page.getByTestId('order-card').filter({ hasText: networkOrderId });
    await expect(delivered.getByTestId('order-channel')).toHaveText(`ONDC से: ${BAP}, ऑर्डर ${networkOrderId}`);
    await screenshot(page, artifactsDir, 'ondc-order-card-hi-IN-1366');
    // The cancel dialog in Hindi, left as it was.
    await page.getByRole('tab', { name: /नए/ }).click();
    const kept = page.getByTestId('order-card').filter({ hasText: keptId });
    await kept.getByRole('button', { name: 'रद्द हुआ' }).click();
    await expect(page.getByTestId('cancel-reason')).toHaveValue('002');
    await screenshot(page, artifactsDir, 'ondc-cancel-reason-hi-IN-1366');
    await page.getByRole('dialog').getByRole('button', { name: 'जैसा है वैसा रहने दें' }).click();
  } finally {
    await Promise.all([bap.close(), registry.close()]);
  }
});
