import { randomUUID } from 'node:crypto';
import { NoticeWorker } from '../src/notices/index.js';
import { OndcSearch } from '../src/ondc/ondc-search.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { addAddress, addProduct, line, openShop, stockOf as stockLeft, type Shop } from './order-fixtures.js';
import { BuyerAppStandIn, RegistryStandIn, libsodiumSecret, newKeys, requestContext, signatureHolds, signedHeader, type Callback } from './ondc-network.js';
import { catalogueProblems, contextProblems, orderProblems, quoteProblems, partCancelProblems, returnProblems, sequenceProblems } from './ondc-rules.js';
import { openStore, stockStore } from './store-fixtures.js';
import { waitUntil } from './wait-until.js';
import { invoices } from '../src/invoices/invoices.table.js';
import { eq } from 'drizzle-orm';

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
    registry.entries.push({
      subscriber_id: BAP_ID,
      ukId: BAP_UK,
      type: 'BAP',
      signing_public_key: bapKeys.publicKey.toString('base64'),
      subscriber_url: bapUrl,
      domain: 'ONDC:RET10',
      city: 'std:080',
    });
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
    const { res, context } = await send('search', {
      intent: { payment: { '@ondc/org/buyer_app_finder_fee_type': 'percent', '@ondc/org/buyer_app_finder_fee_amount': '3' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const { body } = await callbackFor(context);
    expect(catalogueProblems(body)).toEqual([]);
    const provider = body.message.catalog['bpp/providers'][0];
    const sku = await skuOf(chips._id);
    const item = provider.items.find((i: { id: string }) => i.id === sku);
    expect(item).toMatchObject({
      price: { value: '108.00', maximum_value: '120.00' },
      category_id: 'Snacks and Namkeen',
      quantity: { available: { count: '99' }, maximum: { count: '10' } },
    });
    expect(item['@ondc/org/statutory_reqs_packaged_commodities']).toMatchObject({ manufacturer_or_packer_name: 'Haldiram Foods' });
  });

  it('answers an incremental refresh with the items changed in its window, a price change among them', async () => {
    const crisps = await addProduct(t, admin, shop, { price: 50, stock: 9, name: 'Plain Crisps ONDC' });
    const since = new Date().toISOString();
    expect((await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: crisps._id, price: 55 })).status).toBe(200);
    const until = new Date(Date.now() + 1000).toISOString();
    const window = {
      code: 'catalog_inc',
      list: [
        { code: 'start_time', value: since },
        { code: 'end_time', value: until },
      ],
    };
    const { context } = await send('search', { intent: { tags: [window] } });
    const { body } = await callbackFor(context);
    expect(catalogueProblems(body)).toEqual([]);
    const items = body.message.catalog['bpp/providers'][0].items as Array<{ id: string; price: { value: string } }>;
    expect(items.map((i) => i.id)).toEqual([await skuOf(crisps._id)]);
    expect(items[0]?.price.value).toBe('55.00');
    // A window that ends before it starts is refused at once.
    const backwards = {
      code: 'catalog_inc',
      list: [
        { code: 'start_time', value: until },
        { code: 'end_time', value: since },
      ],
    };
    expect((await send('search', { intent: { tags: [backwards] } })).res.status).toBe(400);
  });

  it('answers an incremental refresh with an item whose stock alone changed, sold out and back on sale', async () => {
    const nuts = await stocked(90, 1, 'Cashew Stock Only');
    const windowOf = (since: string, until: string) => ({
      intent: {
        tags: [
          {
            code: 'catalog_inc',
            list: [
              { code: 'start_time', value: since },
              { code: 'end_time', value: until },
            ],
          },
        ],
      },
    });
    const pull = async (since: string) => {
      const { context } = await send('search', windowOf(since, new Date(Date.now() + 1000).toISOString()));
      const { body } = await callbackFor(context);
      expect(catalogueProblems(body)).toEqual([]);
      return (body.message.catalog['bpp/providers'][0]?.items ?? []) as Array<{ id: string; quantity: { available: { count: string } } }>;
    };
    // pacing: the window starts after the product's own row was written (the database's clock, not this one's)
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    // Nothing of it changed since: not in the window.
    expect((await pull(since)).map((i) => i.id)).not.toContain(nuts.sku);
    // Its last unit sold (a PWA order): only its stock changed, and the network hears it is out.
    const shopper = await newCustomer(t, 'Stock shopper');
    const addressId = await addAddress(t, shopper.id);
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(shopper.token))
      .send({ list_items: [line(nuts, 1)], totalAmt: 90, address: addressId });
    expect(placed.status).toBe(201);
    const out = (await pull(since)).find((i) => i.id === nuts.sku);
    expect(out?.quantity.available.count).toBe('0');
    // The shopper cancels: the unit is back on sale, and the next window says so.
    const backSince = new Date().toISOString();
    expect((await api(t).post('/api/order/cancel').set(bearer(shopper.token)).send({ orderId: placed.body.data._id })).status).toBe(200);
    expect((await pull(backSince)).find((i) => i.id === nuts.sku)?.quantity.available.count).toBe('99');
  });

  it('pushes the catalogue’s changes to a buyer app that asked for them, once each, until it says stop', async () => {
    const watch = (mode: string) => ({ intent: { tags: [{ code: 'catalog_inc', list: [{ code: 'mode', value: mode }] }] } });
    const started = await send('search', watch('start'));
    expect(started.res.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const pushed = await stocked(70, 5, 'Pushed Peanuts');
    const search = t.app.get(OndcSearch);
    expect(await search.pushChanges(new Date(Date.now() + 1000))).toBe(1);
    const told = await waitUntil(() => bap.of('on_search').find((c) => c.body.context.transaction_id === started.context.transaction_id), {
      message: 'the pushed on_search',
      timeoutMs: 15_000,
    });
    expect(signatureHolds(told.headers.authorization as string, told.raw, shopKeys.publicKey, SHOP_ID, SHOP_UK)).toBe(true);
    expect(catalogueProblems(told.body)).toEqual([]);
    expect(told.body.message.catalog['bpp/providers'][0].items.map((i: { id: string }) => i.id)).toEqual([pushed.sku]);
    // Nothing changed since the last push: nothing is sent.
    expect(await search.pushChanges(new Date(Date.now() + 2000))).toBe(0);
    expect((await send('search', watch('stop'))).res.status).toBe(200);
    expect((await api(t).put('/api/product/update-product-details').set(bearer(admin)).send({ _id: pushed._id, price: 75 })).status).toBe(200);
    expect(await search.pushChanges(new Date(Date.now() + 5000))).toBe(0);
  });

  it('tries a callback again while the buyer app fails, and delivers it once', async () => {
    const tries = bap.refused;
    bap.failNext = [503, 500];
    const { context } = await send('status', { order_id: 'NW-NOT-HERE' });
    const answer = await callbackFor(context);
    expect(answer.body.error).toMatchObject({ type: 'DOMAIN-ERROR' });
    expect(bap.refused - tries).toBe(2);
    await quiet();
    expect(bap.of('on_status', context.message_id)).toHaveLength(1);
    // The same message sent again is the same callback: not queued twice.
    const body = JSON.stringify({ context, message: { order_id: 'NW-NOT-HERE' } });
    const again = await api(t)
      .post('/ondc/status')
      .set('content-type', 'application/json')
      .set('authorization', signedHeader(body, BAP_ID, BAP_UK, bapKeys))
      .send(body);
    expect(again.status).toBe(200);
    await quiet();
    expect(bap.of('on_status', context.message_id)).toHaveLength(1);
  });

  it('keeps the ONDC settings to admins, and names what is wrong in them', async () => {
    const customer = await newCustomer(t, 'Not An Admin');
    expect((await api(t).get('/api/ondc/admin/settings').set(bearer(customer.token))).status).toBe(403);
    expect((await api(t).put(`/api/ondc/admin/categories/${shop.categoryId}`).set(bearer(customer.token)).send(GROCERY)).status).toBe(403);
    const bad = await api(t)
      .put(`/api/ondc/admin/categories/${shop.categoryId}`)
      .set(bearer(admin))
      .send({ ...GROCERY, domain: 'ONDC:RET99', returnWindowDays: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual(expect.arrayContaining(['domain', 'returnWindowDays']));
    expect((await api(t).put('/api/ondc/admin/categories/no-such-category').set(bearer(admin)).send(GROCERY)).status).toBe(404);
    expect((await api(t).put('/api/ondc/admin/locations/warehouse').set(bearer(admin)).send({ gps: '123,456' })).status).toBe(400);
    expect((await api(t).put('/api/ondc/admin/locations/no-such-store').set(bearer(admin)).send({ gps: '12.9,77.5' })).status).toBe(404);
    const settings = (await api(t).get('/api/ondc/admin/settings').set(bearer(admin))).body.data;
    expect(settings).toMatchObject({
      enabled: true,
      subscriberId: SHOP_ID,
      categories: [expect.objectContaining({ categoryId: shop.categoryId, domain: 'ONDC:RET10' })],
    });
    expect(settings.locations[0]).toMatchObject({ id: 'warehouse', kind: 'warehouse', gps: '12.9716,77.5946' });
  });

  /** A product of the mapped category and its SKU. */
  async function stocked(price: number, stock: number, name = 'Namkeen') {
    const product = await addProduct(t, admin, shop, { price, stock, name: `${name} ${randomUUID().slice(0, 6)}` });
    return { ...product, sku: await skuOf(product._id) };
  }

  const provider = () => ({ id: `${SHOP_ID}-provider`, locations: [{ id: 'warehouse' }] });
  const endAt = (pincode = '560001') => ({
    type: 'Delivery',
    end: {
      location: {
        gps: '12.97,77.59',
        address: { name: 'Asha Rao', building: 'Flat 4B', locality: 'MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'IND', area_code: pincode },
      },
      contact: { phone: '9876543210', email: 'asha@example.com' },
    },
  });
  const endOf = () => endAt();
  const billing = {
    name: 'Asha Rao',
    phone: '9876543210',
    email: 'asha@example.com',
    address: { name: 'Asha Rao', city: 'Bengaluru', state: 'Karnataka', area_code: '560001' },
  };
  const items = (lines: Array<[string, number]>) => lines.map(([id, count]) => ({ id, location_id: 'warehouse', quantity: { count } }));

  /** select → init → confirm for `lines`, paid `ON-ORDER` (prepaid) or `ON-FULFILLMENT` (cash); answers on_confirm. */
  async function order(lines: Array<[string, number]>, payment: 'ON-ORDER' | 'ON-FULFILLMENT', pincode = '560001') {
    const endOf = () => endAt(pincode);
    const transactionId = randomUUID();
    const selected = await send('select', { order: { provider: provider(), items: items(lines), fulfillments: [endOf()] } }, { transactionId });
    expect(selected.res.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const onSelect = await callbackFor(selected.context);
    const total = onSelect.body.message.order.quote.price.value as string;
    const paid = payment === 'ON-ORDER' ? { status: 'PAID', params: { amount: total, currency: 'INR', transaction_id: randomUUID() } } : { status: 'NOT-PAID' };
    const init = await send(
      'init',
      {
        order: { provider: provider(), items: items(lines), billing, fulfillments: [{ id: '1', ...endOf() }], payment: { type: payment, collected_by: 'BAP' } },
      },
      { transactionId },
    );
    const onInit = await callbackFor(init.context);
    const networkOrderId = `NW-${randomUUID().slice(0, 8)}`;
    const now = new Date().toISOString();
    const confirm = await send(
      'confirm',
      {
        order: {
          id: networkOrderId,
          state: 'Created',
          provider: provider(),
          items: items(lines),
          billing,
          fulfillments: [{ id: '1', ...endOf() }],
          quote: onInit.body.message.order.quote,
          payment: { type: payment, collected_by: 'BAP', ...paid },
          created_at: now,
          updated_at: now,
        },
      },
      { transactionId },
    );
    expect(confirm.res.body).toEqual({ message: { ack: { status: 'ACK' } } });
    return { onSelect, onInit, onConfirm: await callbackFor(confirm.context), networkOrderId, transactionId };
  }

  /** The shop's order of a network order, as the admin's order list answers it. */
  async function adminOrderOf(networkOrderId: string) {
    const res = await api(t).get('/api/order/admin/orders?limit=100').set(bearer(admin));
    return (
      res.body.data as Array<{
        orderId: string;
        status: string;
        payment_status: string;
        payment_method: string;
        fulfilment?: string;
        channel?: { networkOrderId: string };
      }>
    ).find((o) => o.channel?.networkOrderId === networkOrderId);
  }

  /** The unsolicited callbacks of `action` about a network order, in the order they came. */
  const newsOf = (action: string, networkOrderId: string) => bap.of(action).filter((c) => c.body.message?.order?.id === networkOrderId);

  it('prices a select by the shop’s own rules, and answers one it cannot fill with 40002 and what can be had', async () => {
    const dal = await stocked(99.5, 3, 'Moong Dal');
    const bhujia = await stocked(200, 50, 'Bhujia');
    const { context } = await send('select', {
      order: {
        provider: provider(),
        items: items([
          [dal.sku, 2],
          [bhujia.sku, 3],
        ]),
        fulfillments: [endOf()],
      },
    });
    const { body } = await callbackFor(context);
    expect(body.error).toBeUndefined();
    expect(quoteProblems(body.message.order.quote, { [dal.sku]: 2, [bhujia.sku]: 3 })).toEqual([]);
    expect(body.message.order.quote.price.value).toBe('799.00');
    expect(body.message.order.fulfillments[0]).toMatchObject({ '@ondc/org/TAT': expect.stringMatching(/^P/), state: { descriptor: { code: 'Serviceable' } } });

    const short = await send('select', {
      order: {
        provider: provider(),
        items: items([
          [dal.sku, 5],
          [bhujia.sku, 1],
        ]),
        fulfillments: [endOf()],
      },
    });
    const oos = (await callbackFor(short.context)).body;
    expect(oos.error).toMatchObject({ type: 'DOMAIN-ERROR', code: '40002' });
    expect(JSON.parse(oos.error.message)).toEqual([{ item_id: dal.sku, error: '40002' }]);
    const dalLine = oos.message.order.quote.breakup.find((l: { '@ondc/org/item_id': string }) => l['@ondc/org/item_id'] === dal.sku);
    expect(dalLine['@ondc/org/item_quantity'].count).toBe(3);
    expect(quoteProblems(oos.message.order.quote)).toEqual([]);

    const unknown = await send('select', { order: { provider: provider(), items: items([['NO-SUCH-SKU', 1]]), fulfillments: [endOf()] } });
    expect((await callbackFor(unknown.context)).body.error).toMatchObject({ code: '30004' });
    expect((await send('select', { order: { provider: { id: 'someone-else' }, items: items([[dal.sku, 1]]) } })).res.body.error).toMatchObject({
      code: '30001',
    });
  });

  it('takes a cash-on-delivery order to delivery: on_init’s settlement, on_confirm Accepted, the admin’s moves told as on_status', async () => {
    const chana = await stocked(150, 20, 'Chana');
    const { onInit, onConfirm, networkOrderId } = await order([[chana.sku, 2]], 'ON-FULFILLMENT');
    expect(onInit.body.message.order.payment['@ondc/org/settlement_details'][0]).toMatchObject({
      settlement_bank_account_no: '123456789012',
      settlement_ifsc_code: 'HDFC0001234',
    });
    const confirmed = onConfirm.body.message.order;
    expect(orderProblems(confirmed)).toEqual([]);
    expect(confirmed).toMatchObject({
      id: networkOrderId,
      state: 'Accepted',
      fulfillments: [{ state: { descriptor: { code: 'Pending' } } }],
      payment: { status: 'NOT-PAID' },
    });
    expect(confirmed.quote.price.value).toBe('300.00');

    const placed = await adminOrderOf(networkOrderId);
    expect(placed).toMatchObject({ status: 'PLACED', payment_status: 'CASH ON DELIVERY', channel: { kind: 'ondc', buyerApp: BAP_ID, networkOrderId } });
    const moves: Array<[string, string, string]> = [
      ['SHIPPED', 'In-progress', 'Order-picked-up'],
      ['OUT_FOR_DELIVERY', 'In-progress', 'Out-for-delivery'],
      ['DELIVERED', 'Completed', 'Order-delivered'],
    ];
    for (const [stage, state, fulfilment] of moves) {
      expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: placed?.orderId, status: stage })).status).toBe(200);
      const told = await waitUntil(
        () => newsOf('on_status', networkOrderId).find((c) => c.body.message.order.fulfillments[0].state.descriptor.code === fulfilment),
        {
          message: `on_status ${fulfilment}`,
          timeoutMs: 15_000,
        },
      );
      expect(signatureHolds(told.headers.authorization as string, told.raw, shopKeys.publicKey, SHOP_ID, SHOP_UK)).toBe(true);
      expect(contextProblems(told.body, null, SHOP_ID)).toEqual([]);
      expect(told.body.context).toMatchObject({ action: 'on_status', transaction_id: onConfirm.body.context.transaction_id, bap_id: BAP_ID });
      expect(told.body.message.order.state).toBe(state);
      expect(orderProblems(told.body.message.order)).toEqual([]);
    }
    expect(newsOf('on_status', networkOrderId).at(-1)?.body.message.order.payment.status).toBe('PAID');
    await quiet();
    // Each move is told once.
    expect(newsOf('on_status', networkOrderId)).toHaveLength(3);

    const status = await send('status', { order_id: networkOrderId });
    expect((await callbackFor(status.context)).body.message.order).toMatchObject({
      state: 'Completed',
      fulfillments: [{ state: { descriptor: { code: 'Order-delivered' } } }],
    });
    const track = await send('track', { order_id: networkOrderId });
    expect((await callbackFor(track.context)).body.message.tracking).toMatchObject({ status: 'inactive' });
  });

  it('delivers a dark store’s network order by its hyperlocal states, moved from the store’s queue: Packed, Agent-assigned, Order-picked-up, Order-delivered', async () => {
    const store = await openStore(t, { pincode: '560095', serves: ['560095'] });
    const laddoo = await stocked(120, 5, 'Laddoo');
    await stockStore(t, store.id, laddoo._id, 5);
    const { onConfirm, networkOrderId } = await order([[laddoo.sku, 1]], 'ON-FULFILLMENT', '560095');
    expect(orderProblems(onConfirm.body.message.order)).toEqual([]);
    expect(onConfirm.body.message.order.fulfillments[0]).toMatchObject({
      type: 'Delivery',
      tags: [{ code: 'routing', list: [{ code: 'type', value: 'P2P' }] }],
    });
    const placed = await adminOrderOf(networkOrderId);
    expect(placed).toMatchObject({ fulfilment: 'store' });
    const moves: Array<[string, string, string]> = [
      ['PACKED', 'In-progress', 'Packed'],
      ['AGENT_ASSIGNED', 'In-progress', 'Agent-assigned'],
      ['OUT_FOR_DELIVERY', 'In-progress', 'Order-picked-up'],
      ['DELIVERED', 'Completed', 'Order-delivered'],
    ];
    for (const [stage, state, fulfilment] of moves) {
      // The store's queue offers the move (the process's rows, actor `store`) and makes it.
      const queue = (await api(t).get(`/api/store/queue?storeId=${store.id}`).set(bearer(admin))).body.data.orders as Array<{ _id: string; status: string }>;
      expect(queue.find((o) => o._id === placed?.orderId)).toBeDefined();
      const moved = await api(t).post('/api/store/queue/move').set(bearer(admin)).send({ storeId: store.id, orderId: placed?.orderId, status: stage });
      expect(moved.status).toBe(200);
      const told = await waitUntil(
        () => newsOf('on_status', networkOrderId).find((c) => c.body.message.order.fulfillments[0].state.descriptor.code === fulfilment),
        { message: `on_status ${fulfilment}`, timeoutMs: 15_000 },
      );
      expect(signatureHolds(told.headers.authorization as string, told.raw, shopKeys.publicKey, SHOP_ID, SHOP_UK)).toBe(true);
      expect(told.body.message.order.state).toBe(state);
      expect(orderProblems(told.body.message.order)).toEqual([]);
    }
    await quiet();
    const told = newsOf('on_status', networkOrderId).map((c) => c.body.message.order.fulfillments[0].state.descriptor.code as string);
    expect(told).toEqual(['Packed', 'Agent-assigned', 'Order-picked-up', 'Order-delivered']);
    expect(sequenceProblems(['Pending', ...told])).toEqual([]);
    const delivered = newsOf('on_status', networkOrderId).at(-1)!.body.message.order.fulfillments[0];
    expect(delivered.end.time.timestamp > delivered.start.time.timestamp).toBe(true);
  });

  it('takes a prepaid order as paid by the buyer app, and a buyer’s cancellation with its reason answered by on_cancel alone', async () => {
    const poha = await stocked(80, 10, 'Poha');
    const { onConfirm, networkOrderId } = await order([[poha.sku, 3]], 'ON-ORDER');
    expect(onConfirm.body.message.order).toMatchObject({ state: 'Accepted', payment: { type: 'ON-ORDER', status: 'PAID' } });
    expect(await adminOrderOf(networkOrderId)).toMatchObject({ status: 'PLACED', payment_status: 'PAID' });

    expect((await send('cancel', { order_id: networkOrderId, cancellation_reason_id: '002' })).res.status).toBe(400);
    const cancel = await send('cancel', { order_id: networkOrderId, cancellation_reason_id: '052' });
    const { body } = await callbackFor(cancel.context);
    expect(body.message.order).toMatchObject({ state: 'Cancelled', fulfillments: [{ state: { descriptor: { code: 'Cancelled' } } }] });
    expect(body.message.order.tags).toContainEqual({
      code: 'cancel_request',
      list: [
        { code: 'reason_id', value: '052' },
        { code: 'initiated_by', value: BAP_ID },
      ],
    });
    expect(await adminOrderOf(networkOrderId)).toMatchObject({ status: 'CANCELLED' });
    await quiet();
    expect(newsOf('on_status', networkOrderId)).toHaveLength(0);
    expect(bap.of('on_cancel').filter((c) => c.body.message?.order?.id === networkOrderId)).toHaveLength(1);
  });

  it('places a prepaid order as collected by the buyer app, not a card order: one under the card minimum, two from one phone at once, invoiced when delivered', async () => {
    // ₹20 is under the card minimum (₹50): a card order would be refused.
    const toffee = await stocked(20, 10, 'Toffee');
    const [first, second] = await Promise.all([order([[toffee.sku, 1]], 'ON-ORDER'), order([[toffee.sku, 1]], 'ON-ORDER')]);
    for (const placed of [first, second]) {
      expect(placed.onConfirm.body.error).toBeUndefined();
      expect(placed.onConfirm.body.message.order).toMatchObject({ state: 'Accepted', payment: { type: 'ON-ORDER', status: 'PAID' } });
      expect(await adminOrderOf(placed.networkOrderId)).toMatchObject({ status: 'PLACED', payment_status: 'PAID', payment_method: 'NETWORK' });
    }
    const row = await adminOrderOf(first.networkOrderId);
    // Not invoiced until the goods are handed over: the buyer app settles to the shop after delivery.
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, row!.orderId))).toHaveLength(0);
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: row?.orderId, status: 'DELIVERED' })).status).toBe(200);
    expect(await adminOrderOf(first.networkOrderId)).toMatchObject({ status: 'DELIVERED', payment_status: 'COMPLETED' });
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, row!.orderId))).toHaveLength(1);
  });

  /** An update asking to return `count` of `itemId` for `reason`, as retail 1.2.5 sends it. */
  const returnUpdate = (networkOrderId: string, returnId: string, itemId: string, count: number, reason = '003') => ({
    update_target: 'item',
    order: {
      id: networkOrderId,
      state: 'Completed',
      provider: provider(),
      items: [{ id: itemId, quantity: { count }, tags: [{ code: 'update_type', list: [{ code: 'type', value: 'return' }] }] }],
      fulfillments: [
        {
          type: 'Return',
          tags: [
            {
              code: 'return_request',
              list: [
                { code: 'id', value: returnId },
                { code: 'item_id', value: itemId },
                { code: 'item_quantity', value: String(count) },
                { code: 'reason_id', value: reason },
                { code: 'reason_desc', value: 'The packet came torn' },
                { code: 'ttl_approval', value: 'PT24H' },
                { code: 'ttl_reverseqc', value: 'P3D' },
              ],
            },
          ],
        },
      ],
    },
  });

  it('takes a return through update into the shop’s own returns, and tells each of its moves by on_update with the refund as its quote trail', async () => {
    const makhana = await stocked(125, 10, 'Makhana');
    const { onConfirm, networkOrderId, transactionId } = await order([[makhana.sku, 3]], 'ON-FULFILLMENT');
    const confirmedPrice = onConfirm.body.message.order.quote.price.value as string;
    const placed = await adminOrderOf(networkOrderId);
    // Not delivered yet: the return process refuses, and the buyer app hears why.
    const early = await send('update', returnUpdate(networkOrderId, 'RET-EARLY', makhana.sku, 1), { transactionId });
    expect((await callbackFor(early.context)).body.error).toMatchObject({ code: '50002', message: expect.stringContaining('not delivered') });
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: placed?.orderId, status: 'DELIVERED' })).status).toBe(200);

    // A reason a buyer may not give, or no return_request: refused at once.
    expect((await send('update', returnUpdate(networkOrderId, 'RET-X', makhana.sku, 1, '001'), { transactionId })).res.status).toBe(400);
    const asked = await send('update', returnUpdate(networkOrderId, 'RET-1', makhana.sku, 2), { transactionId });
    expect(asked.res.body).toEqual({ message: { ack: { status: 'ACK' } } });
    const initiated = (await callbackFor(asked.context)).body.message.order;
    expect(returnProblems(initiated, BAP_ID, confirmedPrice)).toEqual([]);
    expect(initiated.fulfillments.find((f: { type: string }) => f.type === 'Return')).toMatchObject({
      id: 'RET-1',
      state: { descriptor: { code: 'Return_Initiated' } },
    });
    // Asked again (a new message): the same return.
    const again = await send('update', returnUpdate(networkOrderId, 'RET-1', makhana.sku, 2), { transactionId });
    expect((await callbackFor(again.context)).body.error).toBeUndefined();
    const shopReturns = (
      (await api(t).get('/api/order/admin/returns').set(bearer(admin))).body.data as Array<{
        _id: string;
        orderId: string;
        status: string;
        amount: number;
        reason: string;
      }>
    ).filter((r) => r.orderId === placed?.orderId);
    expect(shopReturns).toHaveLength(1);
    expect(shopReturns[0]).toMatchObject({ status: 'REQUESTED', amount: 250, reason: expect.stringContaining('ONDC 003') });

    const moves: Array<[string, string]> = [
      ['APPROVED', 'Return_Approved'],
      ['RECEIVED', 'Return_Delivered'],
    ];
    for (const [status, state] of moves) {
      expect((await api(t).post('/api/order/admin/return-status').set(bearer(admin)).send({ returnId: shopReturns[0]!._id, status })).status).toBe(200);
      const told = await waitUntil(
        () =>
          bap
            .of('on_update')
            .find(
              (c) =>
                c.body.message?.order?.id === networkOrderId &&
                c.body.message.order.fulfillments.some((f: { state?: { descriptor?: { code?: string } } }) => f.state?.descriptor?.code === state),
            ),
        { message: `on_update ${state}`, timeoutMs: 15_000 },
      );
      expect(signatureHolds(told.headers.authorization as string, told.raw, shopKeys.publicKey, SHOP_ID, SHOP_UK)).toBe(true);
      expect(contextProblems(told.body, null, SHOP_ID)).toEqual([]);
      expect(told.body.context).toMatchObject({ action: 'on_update', transaction_id: transactionId });
      const order = told.body.message.order;
      expect(returnProblems(order, BAP_ID, confirmedPrice)).toEqual([]);
      // The order is worth one packet now: ₹125 of the ₹375 confirmed, the ₹250 refund its quote trail.
      expect(order.quote.price.value).toBe('125.00');
    }
    // Refunded (a cash order's: the admin says how): the network already has the refund in its quote; nothing more is sent.
    const refunded = await api(t)
      .post('/api/order/admin/return-status')
      .set(bearer(admin))
      .send({ returnId: shopReturns[0]!._id, status: 'REFUNDED', refund: { method: 'UPI', reference: 'UPI-REF-1' } });
    expect(refunded.status).toBe(200);
    await quiet();
    // Asked twice, approved, received: four on_updates of the order, each move told once.
    expect(bap.of('on_update').filter((c) => c.body.message?.order?.id === networkOrderId)).toHaveLength(4);
  });

  it('tells a part cancellation by the shop as an unsolicited on_update: a Cancel fulfilment, its reason, and a quote trail of what the units were paid', async () => {
    const [poha, sooji] = [await stocked(80, 10, 'Poha'), await stocked(45, 10, 'Sooji')];
    const { onConfirm, networkOrderId, transactionId } = await order(
      [
        [poha.sku, 3],
        [sooji.sku, 2],
      ],
      'ON-FULFILLMENT',
    );
    const confirmedPrice = onConfirm.body.message.order.quote.price.value as string;
    expect(confirmedPrice).toBe('330.00');
    const placed = await adminOrderOf(networkOrderId);
    // The shop ran out of sooji and has one poha short: two sooji and one poha come off.
    const taken = await api(t)
      .post('/api/order/admin/cancel-items')
      .set(bearer(admin))
      .send({
        orderId: placed?.orderId,
        items: [
          { productId: sooji._id, quantity: 2 },
          { productId: poha._id, quantity: 1 },
        ],
      });
    expect(taken.status).toBe(200);
    expect(taken.body.data.partCancellations[0]).toMatchObject({ amount: 170, money: 'lessAtDoor' });
    const told = await waitUntil(() => bap.of('on_update').find((c) => c.body.message?.order?.id === networkOrderId), {
      message: 'on_update',
      timeoutMs: 15_000,
    });
    expect(signatureHolds(told.headers.authorization as string, told.raw, shopKeys.publicKey, SHOP_ID, SHOP_UK)).toBe(true);
    expect(contextProblems(told.body, null, SHOP_ID)).toEqual([]);
    expect(told.body.context).toMatchObject({ action: 'on_update', transaction_id: transactionId });
    const updated = told.body.message.order;
    expect(partCancelProblems(updated, SHOP_ID, confirmedPrice)).toEqual([]);
    expect(orderProblems(updated)).toEqual([]);
    const cancel = updated.fulfillments.find((f: { type: string }) => f.type === 'Cancel');
    expect(updated.quote.price.value).toBe('160.00');
    expect(updated.items).toEqual([
      { id: poha.sku, fulfillment_id: '1', quantity: { count: 2 } },
      { id: poha.sku, fulfillment_id: cancel.id, quantity: { count: 1 } },
      { id: sooji.sku, fulfillment_id: cancel.id, quantity: { count: 2 } },
    ]);
    // The sooji stays in the quote with none of it.
    expect(updated.quote.breakup.find((b: Record<string, unknown>) => b['@ondc/org/item_id'] === sooji.sku)).toMatchObject({
      '@ondc/org/item_quantity': { count: 0 },
      price: { value: '0.00' },
    });
    // The order goes on: its next move's on_status still names what was taken off, and adds up.
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId: placed?.orderId, status: 'SHIPPED' })).status).toBe(200);
    const moved = await waitUntil(() => newsOf('on_status', networkOrderId)[0], { message: 'on_status', timeoutMs: 15_000 });
    expect(orderProblems(moved.body.message.order)).toEqual([]);
    expect(partCancelProblems(moved.body.message.order, SHOP_ID, confirmedPrice)).toEqual([]);
    await quiet();
    expect(bap.of('on_update').filter((c) => c.body.message?.order?.id === networkOrderId)).toHaveLength(1);
  });

  it('tells the buyer app of the shop’s own cancellation by an unsolicited on_cancel, with the reason its admin gave', async () => {
    const sev = await stocked(60, 10, 'Sev');
    const { networkOrderId } = await order([[sev.sku, 1]], 'ON-FULFILLMENT');
    const placed = await adminOrderOf(networkOrderId);
    const cancel = (body: object) =>
      api(t)
        .post('/api/order/admin/update-status')
        .set(bearer(admin))
        .send({ orderId: placed?.orderId, ...body });
    // A reason that is not a seller's, or a reason for another move: refused, naming the field.
    const buyers = await cancel({ status: 'CANCELLED', reason: '052' });
    expect(buyers.status).toBe(400);
    expect(buyers.body.message).toContain('reason');
    expect((await cancel({ status: 'CONFIRMED', reason: '018' })).status).toBe(400);
    expect((await cancel({ status: 'CANCELLED', reason: '018' })).status).toBe(200);
    const told = await waitUntil(() => bap.of('on_cancel').find((c) => c.body.message?.order?.id === networkOrderId), {
      message: 'on_cancel',
      timeoutMs: 15_000,
    });
    expect(signatureHolds(told.headers.authorization as string, told.raw, shopKeys.publicKey, SHOP_ID, SHOP_UK)).toBe(true);
    expect(told.body.message.order).toMatchObject({ state: 'Cancelled' });
    expect(told.body.message.order.tags).toContainEqual({
      code: 'cancel_request',
      list: [
        { code: 'reason_id', value: '018' },
        { code: 'initiated_by', value: SHOP_ID },
      ],
    });
  });

  it('answers a confirm it cannot fill with 40002 and places nothing; a confirm sent twice is one order', async () => {
    const last = await stocked(40, 1, 'Last Pack');
    const first = await order([[last.sku, 1]], 'ON-FULFILLMENT');
    expect(first.onConfirm.body.message.order.state).toBe('Accepted');
    const second = await send('confirm', {
      order: {
        id: 'NW-LATE',
        state: 'Created',
        provider: provider(),
        items: items([[last.sku, 1]]),
        billing,
        fulfillments: [{ id: '1', ...endOf() }],
        payment: { type: 'ON-FULFILLMENT', collected_by: 'BAP', status: 'NOT-PAID' },
      },
    });
    expect((await callbackFor(second.context)).body.error).toMatchObject({ code: '40002' });
    expect(await adminOrderOf('NW-LATE')).toBeUndefined();

    // The same network order confirmed again (a new message): the same order answers, and nothing more is sold.
    const again = await send('confirm', {
      order: {
        id: first.networkOrderId,
        state: 'Created',
        provider: provider(),
        items: items([[last.sku, 1]]),
        billing,
        fulfillments: [{ id: '1', ...endOf() }],
        payment: { type: 'ON-FULFILLMENT', collected_by: 'BAP', status: 'NOT-PAID' },
      },
    });
    const repeated = (await callbackFor(again.context)).body;
    expect(repeated.error).toBeUndefined();
    expect(repeated.message.order).toMatchObject({ id: first.networkOrderId, state: 'Accepted' });
    const all = (await api(t).get('/api/order/admin/orders?limit=100').set(bearer(admin))).body.data as Array<{ channel?: { networkOrderId: string } }>;
    expect(all.filter((o) => o.channel?.networkOrderId === first.networkOrderId)).toHaveLength(1);
  });

  it('sells exactly the last units to a crowd of PWA shoppers and network buyers', async () => {
    const units = 4;
    const last = await stocked(30, units, 'Crowded Chips');
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const c = await newCustomer(t, `Crowd ${i}`);
        return { ...c, addressId: await addAddress(t, c.id) };
      }),
    );
    const confirmOf = (i: number) => ({
      order: {
        id: `NW-CROWD-${i}-${randomUUID().slice(0, 6)}`,
        state: 'Created',
        provider: provider(),
        items: items([[last.sku, 1]]),
        billing: { ...billing, phone: `98765000${10 + i}` },
        fulfillments: [{ id: '1', ...endOf() }],
        payment: { type: 'ON-FULFILLMENT', collected_by: 'BAP', status: 'NOT-PAID' },
      },
    });
    const [pwa, network] = await Promise.all([
      Promise.all(
        shoppers.map((c) =>
          api(t)
            .post('/api/order/cash-on-delivery')
            .set(bearer(c.token))
            .send({ list_items: [line(last, 1)], totalAmt: 30, address: c.addressId }),
        ),
      ),
      Promise.all(Array.from({ length: 6 }, (_, i) => send('confirm', confirmOf(i)))),
    ]);
    const answers = await Promise.all(network.map(({ context }) => callbackFor(context)));
    const soldOnline = pwa.filter((r) => r.status === 201).length;
    const soldOnNetwork = answers.filter((a) => a.body.message?.order?.state === 'Accepted').length;
    expect(pwa.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(answers.every((a) => a.body.message?.order?.state === 'Accepted' || a.body.error?.code === '40002')).toBe(true);
    expect(soldOnline + soldOnNetwork).toBe(units);
    expect(await stockLeft(t, last._id)).toBe(0);
  });
});

describe.each(PORTABLE_DB_KINDS)('a shop not on ONDC on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it('answers the network endpoints 503 NACK', async () => {
    const res = await api(t).post('/ondc/search').send({ context: {}, message: {} });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ message: { ack: { status: 'NACK' } } });
  });
});
