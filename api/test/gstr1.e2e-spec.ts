import { CashOnDeliveryBody } from '@haat/shared/orders/order.schema';
import { financialYear } from '@haat/shared/invoices/invoice-lines';
import { OrderLifecycle } from '../src/orders/lifecycle/order-lifecycle.service.js';
import { lockOrder } from '../src/orders/lifecycle/transition.js';
import { OrderPlacementService } from '../src/orders/order-placement.service.js';
import { setOrderCheckoutSession } from '../src/orders/orders.repository.js';
import type { OrderRow } from '../src/orders/orders.table.js';
import { DB_KINDS, adminToken, api, bearer, newCustomer, startApp, type TestApp } from './harness.js';
import { line, openShop, type Shop } from './order-fixtures.js';

const MAHARASHTRA_BUYER = '27AAPFU0939F1ZV';
const KARNATAKA_BUYER = '29AABCT1332L1ZA';
const MUMBAI = { district: 'Mumbai', city: 'Mumbai', state: 'Maharashtra', pincode: '400001' };

/** Today on India's calendar, as YYYY-MM-DD and as the portal writes it (DD-MM-YYYY). */
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const portalToday = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;
const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);

/**
 * GSTR-1 from the shop's own documents (docs/product.md#gst-return): a day of orders across states, placed,
 * delivered, returned and cancelled through the API, and every table of the return checked against figures
 * worked by hand from the prices (GST-inclusive; the shop is in Karnataka).
 */
describe.each(DB_KINDS)('GSTR-1 on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let shop: Shop;
  const products: Record<string, { _id: string }> = {};
  const inv: string[] = []; // the invoice numbers, in the order issued
  const notes: string[] = []; // the credit note numbers, in the order issued
  let tradersOrderId: string;

  beforeAll(async () => {
    t = await startApp(kind, { HOLD_LIMIT_UNITS: '100000', SHOP_STATE: 'Karnataka' });
    admin = await adminToken(t);
    shop = await openShop(t, admin);
    products.earbuds = await product('Boult Earbuds', 1180, '8518', 18); // 1000 + 18 % = 1180
    products.book = await product('Godan', 250, '4901', 0);
    products.shirt = await product('Cotton Shirt', 1120, '6205', 12); // 1000 + 12 % = 1120
    products.laptop = await product('ThinkPad E14', 118_000, '8471', 18); // 1,00,000 + 18 % = 1,18,000
    await buildTheDay();
  });
  afterAll(() => t.close());

  async function product(name: string, price: number, hsn: string, gstRate: number) {
    const res = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ name, price, hsn, gstRate, unit: '1 pc', stock: 1000, description: 'x', category: [shop.categoryId], subCategory: [shop.subCategoryId] });
    expect(res.status).toBe(201);
    return res.body.data as { _id: string };
  }

  async function address(token: string, extra: Record<string, string> = {}) {
    const body = { name: 'Asha Rao', building: 'Flat 4B', address_line: '12 MG Road', district: 'Bengaluru Urban', city: 'Bengaluru' };
    const res = await api(t)
      .post('/api/address/create')
      .set(bearer(token))
      .send({ ...body, state: 'Karnataka', country: 'India', pincode: '560001', mobile: '9876543210', ...extra });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  }

  /** A cash order, delivered (so invoiced); its invoice number is kept. */
  async function delivered(token: string, addressId: string, items: Array<[string, number]>, total: number) {
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(token))
      .send({ list_items: items.map(([p, q]) => line(products[p]!, q)), totalAmt: total, addressId });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.orderId as string;
    expect((await api(t).post('/api/order/admin/update-status').set(bearer(admin)).send({ orderId, status: 'DELIVERED' })).status).toBe(200);
    inv.push((await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(token)).set('Accept', 'application/json')).body.data.number);
    return orderId;
  }

  /** A return of `quantity` of a delivered cash order's product, taken back and refunded by UPI: a credit note. */
  async function returned(token: string, orderId: string, productKey: string, quantity: number) {
    const asked = await api(t)
      .post('/api/order/return')
      .set(bearer(token))
      .send({ orderId, items: [{ productId: products[productKey]!._id, quantity }], reason: 'Not as described' });
    expect(asked.status).toBe(201);
    for (const status of ['APPROVED', 'RECEIVED', 'REFUNDED']) {
      const move = await api(t)
        .post('/api/order/admin/return-status')
        .set(bearer(admin))
        .send({ returnId: asked.body.data._id, status, ...(status === 'REFUNDED' ? { refund: { method: 'UPI', reference: `UPI-${orderId}` } } : {}) });
      expect(move.status).toBe(200);
    }
    const list = (await api(t).get('/api/order/order-list').set(bearer(token))).body.data;
    notes.push(list.find((o: { orderId: string }) => o.orderId === orderId).creditNotes.at(-1).number);
  }

  /** A card order paid (invoiced when the payment lands, as the Stripe webhook moves it), then cancelled: a credit note. */
  async function paidThenCancelled(user: { id: string; token: string }, addressId: string) {
    const input = CashOnDeliveryBody.parse({ list_items: [line(products.earbuds!, 1)], totalAmt: 1180, addressId });
    const { order } = await t.app.get(OrderPlacementService).place(user.id, input, 'CARD');
    await setOrderCheckoutSession(t.db, order.id, `cs_test_${order.id}`, null);
    await t.db.transaction(async (tx) =>
      t.app.get(OrderLifecycle).transitionIn(tx, (await lockOrder(tx, order.id)) as OrderRow, 'PLACED', 'payment', { paymentIntent: 'pi_gstr1' }),
    );
    inv.push((await api(t).get(`/api/order/${order.id}/invoice`).set(bearer(user.token)).set('Accept', 'application/json')).body.data.number);
    const cancel = await api(t).post('/api/order/cancel').set(bearer(user.token)).send({ orderId: order.id });
    expect(cancel.status).toBe(200);
    notes.push(cancel.body.data.creditNotes[0].number);
  }

  async function buildTheDay() {
    const asha = await newCustomer(t, 'Asha Rao');
    const home = await address(asha.token);
    const mumbai = await address(asha.token, MUMBAI);
    const traders = await newCustomer(t, 'Mumbai Traders LLP');
    const tradersOffice = await address(traders.token, { ...MUMBAI, gstin: MAHARASHTRA_BUYER.toLowerCase() });
    const cafe = await newCustomer(t, 'Bengaluru Cafe Pvt Ltd');
    const cafeKitchen = await address(cafe.token, { gstin: KARNATAKA_BUYER });

    await delivered(
      asha.token,
      home,
      [
        ['earbuds', 1],
        ['book', 2],
      ],
      1180 + 500,
    ); // inv[0]: B2CS within the state
    const twoEarbuds = await delivered(asha.token, mumbai, [['earbuds', 2]], 2360); // inv[1]: B2CS to Maharashtra
    const laptop = await delivered(asha.token, mumbai, [['laptop', 1]], 118_000); // inv[2]: B2CL, over ₹1 lakh across states
    const tradersOrder = (tradersOrderId = await delivered(
      traders.token,
      tradersOffice,
      [
        ['earbuds', 1],
        ['shirt', 1],
      ],
      1180 + 1120,
    )); // inv[3]: B2B
    await delivered(cafe.token, cafeKitchen, [['shirt', 2]], 2240); // inv[4]: B2B within the state
    await paidThenCancelled(asha, home); // inv[5] and notes[0]: sold and cancelled, nets to nothing
    await returned(traders.token, tradersOrder, 'earbuds', 1); // notes[1]: CDNR
    await returned(asha.token, laptop, 'laptop', 1); // notes[2]: CDNUR (a B2CL invoice's note)
    await returned(asha.token, twoEarbuds, 'earbuds', 1); // notes[3]: reduces B2CS
    // Placed and never delivered: no invoice, nothing in the return.
    const pending = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(asha.token))
      .send({ list_items: [line(products.shirt!, 1)], totalAmt: 1120, addressId: home });
    expect(pending.status).toBe(201);
  }

  const gstr1 = (query: string, token = admin) => api(t).get(`/api/admin/gst/gstr1?${query}`).set(bearer(token));

  it("takes a business buyer's GSTIN on its address, checked by its check character, and prints it on the invoice", async () => {
    const buyer = await newCustomer(t, 'Typo Traders');
    const res = await api(t).post('/api/address/create').set(bearer(buyer.token)).send({
      name: 'T',
      building: 'B',
      address_line: 'L',
      district: 'Mumbai',
      city: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
      pincode: '400001',
      mobile: '9876543210',
      gstin: '27AAPFU0939F1ZW',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('gstin: has a wrong check character (mistyped?)');
    // Typed in lower case, kept and printed in capitals.
    const invoice = await api(t).get(`/api/order/${tradersOrderId}/invoice`).set(bearer(admin)).set('Accept', 'application/json');
    expect(invoice.body.data.buyer).toMatchObject({ name: 'Asha Rao', state: 'Maharashtra', gstin: MAHARASHTRA_BUYER });
  });

  it('is for admins only, and names what is wrong with a period', async () => {
    const shopper = await newCustomer(t, 'Curious Shopper');
    expect((await gstr1(`from=${today}&to=${today}`, shopper.token)).status).toBe(403);
    expect((await api(t).get(`/api/admin/gst/gstr1?from=${today}&to=${today}`)).status).toBe(401);
    const cases: Array<[string, string]> = [
      ['from=2026-11-31&to=2026-12-01', 'from: must be a date as YYYY-MM-DD'],
      ['from=2026-11-10&to=2026-11-01', 'to: must not be before from'],
      ['from=2026-01-01&to=2026-06-30', 'to: must be within 92 days of from (a return covers a month or a quarter)'],
      ['from=2026-11-01&to=2026-11-30&format=csv', 'table: is required for CSV (one table per file)'],
      ['from=2026-11-01&to=2026-11-30&format=xml', 'format: must be json or csv'],
      ['to=2026-11-30', 'from: must be a date as YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const res = await gstr1(query);
      expect({ query, status: res.status, code: res.body.code, message: res.body.message }).toEqual({ query, status: 400, code: 'VALIDATION', message });
    }
    // A Hindi-speaking admin reads the problem in Hindi.
    const hindi = await gstr1('from=2026-01-01&to=2026-06-30').set('Accept-Language', 'hi-IN');
    expect(hindi.body.message).toBe('to: from के 92 दिनों के भीतर होनी चाहिए (एक रिटर्न एक महीने या एक तिमाही का होता है)');
  });

  it('puts each invoice in its table: B2B by buyer, B2CL invoice by invoice, the rest summed in B2CS less their credit notes', async () => {
    const res = await gstr1(`from=${today}&to=${today}&format=json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`GSTR1-${today.slice(5, 7)}${today.slice(0, 4)}`);
    const g = res.body;
    expect(g.gstin).toBe('29AAHCH4527K1Z7');
    expect(g.fp).toBe(`${today.slice(5, 7)}${today.slice(0, 4)}`);
    expect(g.b2b).toEqual([
      {
        ctin: MAHARASHTRA_BUYER,
        inv: [
          {
            inum: inv[3],
            idt: portalToday,
            val: 2300,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 1, itm_det: { rt: 12, txval: 1000, iamt: 120, csamt: 0 } },
              { num: 2, itm_det: { rt: 18, txval: 1000, iamt: 180, csamt: 0 } },
            ],
          },
        ],
      },
      {
        ctin: KARNATAKA_BUYER,
        inv: [
          {
            inum: inv[4],
            idt: portalToday,
            val: 2240,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 12, txval: 2000, camt: 120, samt: 120, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.b2cl).toEqual([
      { pos: '27', inv: [{ inum: inv[2], idt: portalToday, val: 118_000, itms: [{ num: 1, itm_det: { rt: 18, txval: 100_000, iamt: 18_000, csamt: 0 } }] }] },
    ]);
    expect(g.b2cs).toEqual([
      // Two earbuds to Mumbai (2,000 + 360 IGST) less one returned (1,000 + 180).
      { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 18, txval: 1000, iamt: 180, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 0, txval: 500, camt: 0, samt: 0, csamt: 0 },
      // One earbud at home, and one sold by card and cancelled (its invoice and its credit note cancel out).
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 1000, camt: 90, samt: 90, csamt: 0 },
    ]);
  });

  it('puts credit notes to registered buyers in CDNR and those of B2CL invoices in CDNUR', async () => {
    const g = (await gstr1(`from=${today}&to=${today}`)).body;
    expect(g.cdnr).toEqual([
      {
        ctin: MAHARASHTRA_BUYER,
        nt: [
          {
            ntty: 'C',
            nt_num: notes[1],
            nt_dt: portalToday,
            pos: '27',
            val: 1180,
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 180, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: notes[2],
        nt_dt: portalToday,
        pos: '27',
        val: 118_000,
        itms: [{ num: 1, itm_det: { rt: 18, txval: 100_000, iamt: 18_000, csamt: 0 } }],
      },
    ]);
  });

  it('sums the HSN summary per code and rate, B2B and B2C apart, in units less those credited', async () => {
    const { hsn } = (await gstr1(`from=${today}&to=${today}`)).body;
    const row = (hsn_sc: string, desc: string, qty: number, rt: number, txval: number, iamt: number, camt: number, samt: number) => ({
      hsn_sc,
      desc,
      uqc: 'NOS',
      qty,
      rt,
      txval,
      iamt,
      camt,
      samt,
      csamt: 0,
    });
    // B2B: shirts 1 (Mumbai, IGST 120) + 2 (Bengaluru, 120 + 120); the traders' earbud returned, so its row nets to nothing.
    expect(hsn.hsn_b2b).toEqual([{ num: 1, ...row('6205', 'Cotton Shirt', 3, 12, 3000, 120, 120, 120) }]);
    // B2C: earbuds 1 + 2 + 1 sold, 1 cancelled and 1 returned; the laptop sold and returned nets to nothing.
    expect(hsn.hsn_b2c).toEqual([
      { num: 1, ...row('4901', 'Godan', 2, 0, 500, 0, 0, 0) },
      { num: 2, ...row('8518', 'Boult Earbuds', 2, 18, 2000, 180, 90, 90) },
    ]);
  });

  it('summarises the documents: each series from its first to its last number, none cancelled', async () => {
    const { doc_issue } = (await gstr1(`from=${today}&to=${today}`)).body;
    const year = financialYear(new Date());
    expect(inv).toEqual([1, 2, 3, 4, 5, 6].map((n) => `HT/${year}/00000${n}`));
    expect(notes).toEqual([1, 2, 3, 4].map((n) => `HTCN/${year}/00000${n}`));
    expect(doc_issue).toEqual({
      doc_det: [
        { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: inv[0], to: inv[5], totnum: 6, cancel: 0, net_issue: 6 }] },
        { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: notes[0], to: notes[3], totnum: 4, cancel: 0, net_issue: 4 }] },
      ],
    });
  });

  it('gives a table as CSV with the offline tool’s columns, and nothing for a period without documents', async () => {
    const csv = await gstr1(`from=${today}&to=${today}&format=csv&table=b2cs`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.trim().split('\n')).toEqual([
      'Type,Place Of Supply,Supply Type,Rate,Taxable Value,Integrated Tax,Central Tax,State/UT Tax,Cess Amount',
      'OE,27-Maharashtra,Inter State,18,1000.00,180.00,0.00,0.00,0.00',
      'OE,29-Karnataka,Intra State,0,500.00,0.00,0.00,0.00,0.00',
      'OE,29-Karnataka,Intra State,18,1000.00,0.00,90.00,90.00,0.00',
    ]);
    const b2b = await gstr1(`from=${today}&to=${today}&format=csv&table=b2b`);
    expect(b2b.text.trim().split('\n')[1]).toBe(
      `${MAHARASHTRA_BUYER},${inv[3]},${portalToday},2300.00,27-Maharashtra,N,Regular B2B,12,1000.00,120.00,0.00,0.00,0.00`,
    );

    const before = (await gstr1(`from=${yesterday}&to=${yesterday}`)).body;
    expect(before).toMatchObject({ b2b: [], b2cl: [], b2cs: [], cdnr: [], cdnur: [], hsn: { hsn_b2b: [], hsn_b2c: [] }, doc_issue: { doc_det: [] } });
  });
});
