import { randomUUID } from 'node:crypto';
import { NoticeWorker } from '../src/notices/index.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, startApp, type TestApp } from './harness.js';
import { addProduct, openShop, type Shop } from './order-fixtures.js';
import { BuyerAppStandIn, RegistryStandIn, libsodiumSecret, newKeys, requestContext, signatureHolds, signedHeader, type Callback } from './ondc-network.js';
import { catalogueProblems, contextProblems, orderProblems, quoteProblems } from './ondc-rules.js';
import { waitUntil } from './wait-until.js';

const SHOP_ID = 'shop.haat.test';
const SHOP_UK = 'shop-key-1';
const BAP_ID = 'buyer.app.test';
const BAP_UK = 'bap-key-1';

/** Groceries sold on ONDC: the terms every test product of the mapped category is listed with. */
const GROCERY = {
  domain: 'ONDC:RET10',
  ondcCategory: 'Snacks and Namkeen',
  returnable: true,
  cancellable: true,
  returnWindowDays: 7,
  timeToShipMinutes: 120,
  cod: true,
  manufacturer: 'Haldiram Foods',
  manufacturerAddress: 'Nagpur, Maharashtra',
};

describe.each(PORTABLE_DB_KINDS)('the shop as an ONDC seller on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  const shopKeys = newKeys();
  const bapKeys = newKeys();
  const registry = new RegistryStandIn();
  const bap = new BuyerAppStandIn();

  beforeAll(async () => {
    const [registryUrl, bapUrl] = await Promise.all([registry.start(), bap.start()]);
    registry.entries.push({ subscriber_id: BAP_ID, ukId: BAP_UK, type: 'BAP', signing_public_key: bapKeys.publicKey.toString('base64'), subscriber_url: bapUrl, domain: 'ONDC:RET10', city: 'std:080' });
    t = await startApp(kind, {
      ONDC_SUBSCRIBER_ID: SHOP_ID,
      ONDC_UNIQUE_KEY_ID: SHOP_UK,
      ONDC_SIGNING_PRIVATE_KEY: libsodiumSecret(shopKeys),
      ONDC_REGISTRY_URL: `${registryUrl}/lookup`,
      ONDC_SETTLEMENT_ACCOUNT_NO: '123456789012',
      ONDC_SETTLEMENT_IFSC: 'HDFC0001234',
      ONDC_SETTLEMENT_BANK: 'HDFC Bank',
      NOTICE_RETRY_BASE_MS: '200',
    });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
    const mapped = await api(t).put(`/api/ondc/admin/categories/${shop.categoryId}`).set(bearer(admin)).send(GROCERY);
    expect(mapped.status).toBe(200);
    expect((await api(t).put('/api/ondc/admin/locations/warehouse').set(bearer(admin)).send({ gps: '12.9716, 77.5946' })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([registry.close(), bap.close()]);
  });

  const bapInfo = () => ({ id: BAP_ID, uri: bap.url });

  /** Sends a signed request as the buyer app; answers the reply and the context it carried. */
  async function send(action: string, message: object, opts: { transactionId?: string; header?: (body: string) => string | undefined } = {}) {
    const context = requestContext(action, bapInfo(), SHOP_ID, opts.transactionId);
    const body = JSON.stringify({ context, message });
    const header = opts.header ? opts.header(body) : signedHeader(body, BAP_ID, BAP_UK, bapKeys);
    const req = api(t).post(`/ondc/${action}`).set('content-type', 'application/json');
    if (header) req.set('authorization', header);
    return { res: await req.send(body), context };
  }

  /** The callback answering `context` (its message id), once it came; its signature is the shop's. */
  async function callbackFor(context: { action: string; message_id: string }): Promise<Callback> {
    const callback = await waitUntil(() => bap.of(`on_${context.action}`, context.message_id)[0], { message: `on_${context.action}`, timeoutMs: 15_000 });
    expect(signatureHolds(callback.headers.authorization as string, callback.raw, shopKeys.publicKey, SHOP_ID, SHOP_UK)).toBe(true);
    expect(contextProblems(callback.body, context, SHOP_ID)).toEqual([]);
    return callback;
  }

  const skuOf = async (productId: string): Promise<string> => (await api(t).post('/api/product/get-product-details').send({ productId })).body.data.sku;

  const quiet = () => t.app.get(NoticeWorker).idle();

  it('refuses an unsigned, a forged, an expired or a stolen-name request with 401 NACK, and sends no callback', async () => {
    const before = bap.callbacks.length;
    const forger = newKeys();
    const tries = [
      await send('search', { intent: {} }, { header: () => undefined }),
      await send('search', { intent: {} }, { header: (body) => signedHeader(body, BAP_ID, BAP_UK, forger) }),
      await send('search', { intent: {} }, { header: (body) => signedHeader(body, BAP_ID, BAP_UK, bapKeys, Math.floor(Date.now() / 1000) - 3600, 60) }),
      await send('search', { intent: {} }, { header: (body) => signedHeader(body.replace('"intent":{}', '"intent":{"x":1}'), BAP_ID, BAP_UK, bapKeys) }),
      await send('search', { intent: {} }, { header: (body) => signedHeader(body, 'other.app', BAP_UK, bapKeys) }),
    ];
    for (const { res } of tries) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: { ack: { status: 'NACK' } }, error: { code: '30016' } });
    }
    await quiet();
    expect(bap.callbacks.length).toBe(before);
  });

  it('answers a full catalogue search ACK, then an on_search signed by the shop holding its ONDC categories as 1.2.5 lists them', async () => {
    const chips = await addProduct(t, admin, shop, { price: 120, discount: 10, stock: 40, name: 'Masala Chips ONDC' });
    const { res, context } = await send('search', { intent: { payment: { '@ondc/org/buyer_app_finder_fee_type': 'percent', '@ondc/org/buyer_app_finder_fee_amount': '3' } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const { body } = await callbackFor(context);
    expect(catalogueProblems(body)).toEqual([]);
    const provider = body.message.catalog['bpp/providers'][0];
    const sku = await skuOf(chips._id);
    const item = provider.items.find((i: { id: string }) => i.id === sku);
    expect(item).toMatchObject({ price: { value: '108.00', maximum_value: '120.00' }, category_id: 'Snacks and Namkeen', quantity: { available: { count: '99' }, maximum: { count: '10' } } });
    expect(item['@ondc/org/statutory_reqs_packaged_commodities']).toMatchObject({ manufacturer_or_packer_name: 'Haldiram Foods' });
  });
});

export { randomUUID, quoteProblems, orderProblems };
