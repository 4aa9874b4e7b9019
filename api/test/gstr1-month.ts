import { eq } from 'drizzle-orm';
import { CashOnDeliveryBody } from '@haat/shared/orders/order.schema';
import { OrderLifecycle } from '../src/orders/lifecycle/order-lifecycle.service.js';
import { transitionReturn } from '../src/orders/lifecycle/return-transition.js';
import { lockOrder } from '../src/orders/lifecycle/transition.js';
import { OrderPlacementService } from '../src/orders/order-placement.service.js';
import { setOrderCheckoutSession } from '../src/orders/orders.repository.js';
import type { OrderRow } from '../src/orders/orders.table.js';
import { orderReturns } from '../src/orders/returns.table.js';
import { api, bearer, newCustomer, type TestApp } from './harness.js';
import { line, openShop } from './order-fixtures.js';

export const MAHARASHTRA_BUYER = '27AAPFU0939F1ZV';
export const KARNATAKA_BUYER = '29AABCT1332L1ZA';
const MUMBAI = { district: 'Mumbai', city: 'Mumbai', state: 'Maharashtra', pincode: '400001' };
const KOCHI = { district: 'Ernakulam', city: 'Kochi', state: 'Kerala', pincode: '682001' };
const IST_MS = 330 * 60_000;

/** The month the return is for: last month on India's calendar (YYYY-MM), and the one before it. */
const todayIst = new Date(Date.now() + IST_MS);
const monthOf = (back: number) => new Date(Date.UTC(todayIst.getUTCFullYear(), todayIst.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
export const MONTH = monthOf(1);
export const MONTH_BEFORE = monthOf(2);
export const LAST_DAY = new Date(Date.UTC(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7)), 0)).toISOString().slice(0, 10);
export const NEXT_DAY = new Date(Date.parse(LAST_DAY) + 86_400_000).toISOString().slice(0, 10);
/** A moment of the month (or `month`) on India's clock. */
const at = (day: string, time = '12:00', month = MONTH) => new Date(`${month}-${day}T${time}:00+05:30`);
/** A day of the month as the portal writes it (DD-MM-YYYY). */
export const portalDay = (day: string) => `${day}-${MONTH.slice(5, 7)}-${MONTH.slice(0, 4)}`;

/** What the month made: its products, invoice and credit note numbers in the order issued, and who bought. */
export interface Month {
  products: Record<'earbuds' | 'book' | 'shirt' | 'laptop', { _id: string }>;
  inv: string[];
  notes: string[];
  tradersOrderId: string;
  ashaOrderId: string;
}

/**
 * A month of a shop in Karnataka, every document dated as the lifecycle dates it (`now`): prices are
 * GST-inclusive, earbuds ₹1,180 (1,000 + 18 %), a book ₹250 (0 %), a shirt ₹1,050 (1,000 + 5 %, a garment up to ₹2,500), a laptop
 * ₹1,18,000 (1,00,000 + 18 %).
 *   inv[0]  last day of the month before, 22:00: a laptop to Mumbai, unregistered (B2CL of that month)
 *   inv[1]  03: earbuds + 2 books, at home in Karnataka (B2CS intra; the books nil, intra-state to a consumer)
 *   inv[2]  05: 2 earbuds + a book to Mumbai, unregistered (B2CS inter; the book nil, inter-state to a consumer)
 *   inv[3]  08: earbuds + shirt + 5 books to Mumbai Traders, GSTIN 27… (B2B inter; the books nil, inter-state to a business)
 *   inv[4]  12: 2 shirts + 3 books to a Bengaluru cafe, GSTIN 29… (B2B intra; the books nil, intra-state to a business)
 *   inv[5]  14: 2 laptops to Kochi, unregistered, ₹2,36,000 (B2CL)
 *   inv[6]  18: earbuds by card, paid, then cancelled the same day: notes[0] (B2CS, nets to nothing)
 *   notes[1] 20: the traders return their earbuds and a book (CDNR, and less nil)
 *   notes[2] 22: the laptop of the month before comes back (CDNUR: its invoice was B2CL)
 *   notes[3] last day, 23:30: one of the two Mumbai earbuds comes back (reduces B2CS)
 *   inv[7]  first day of the next month, 00:30: a shirt at home (the next month's)
 * and an order placed and never delivered (no document).
 */
export async function buildMonth(t: TestApp, admin: string): Promise<Month> {
  const shop = await openShop(t, admin);
  const product = async (name: string, price: number, hsn: string, gstRate: number) => {
    const res = await api(t)
      .post('/api/product/create')
      .set(bearer(admin))
      .send({ name, price, hsn, gstRate, unit: '1 pc', stock: 1000, description: 'x', category: [shop.categoryId], subCategory: [shop.subCategoryId] });
    expect(res.status).toBe(201);
    return res.body.data as { _id: string };
  };
  const products = {
    earbuds: await product('Boult Earbuds', 1180, '8518', 18),
    book: await product('Godan', 250, '4901', 0),
    shirt: await product('Cotton Shirt', 1050, '6205', 5),
    laptop: await product('ThinkPad E14', 118_000, '8471', 18),
  };
  const m: Month = { products, inv: [], notes: [], tradersOrderId: '', ashaOrderId: '' };
  const lifecycle = t.app.get(OrderLifecycle);
  const invoiceNumber = async (token: string, orderId: string) =>
    m.inv.push((await api(t).get(`/api/order/${orderId}/invoice`).set(bearer(token)).set('Accept', 'application/json')).body.data.number);
  const latestNote = async (token: string, orderId: string) => {
    const list = (await api(t).get('/api/order/order-list').set(bearer(token))).body.data;
    m.notes.push(list.find((o: { orderId: string }) => o.orderId === orderId).creditNotes.at(-1).number);
  };

  const place = async (token: string, addressId: string, items: Array<[keyof Month['products'], number]>, totalAmt: number) => {
    const placed = await api(t)
      .post('/api/order/cash-on-delivery')
      .set(bearer(token))
      .send({ list_items: items.map(([p, q]) => line(products[p], q)), totalAmt, addressId });
    expect(placed.status).toBe(201);
    return placed.body.data.orderId as string;
  };
  /** A cash order delivered (so invoiced) at `when`. */
  const delivered = async (token: string, addressId: string, items: Array<[keyof Month['products'], number]>, total: number, when: Date) => {
    const orderId = await place(token, addressId, items, total);
    await lifecycle.move(orderId, 'DELIVERED', 'admin', { extras: { now: when }, read: () => Promise.resolve(null) });
    await invoiceNumber(token, orderId);
    return orderId;
  };
  /** Units of products returned, received and refunded by UPI at `when`: a credit note dated then. */
  const returned = async (token: string, orderId: string, items: Array<[keyof Month['products'], number]>, when: Date) => {
    const asked = await api(t)
      .post('/api/order/return')
      .set(bearer(token))
      .send({ orderId, items: items.map(([key, quantity]) => ({ productId: products[key]._id, quantity })), reason: 'Not as described' });
    expect(asked.status).toBe(201);
    for (const status of ['APPROVED', 'RECEIVED']) {
      expect((await api(t).post('/api/order/admin/return-status').set(bearer(admin)).send({ returnId: asked.body.data._id, status })).status).toBe(200);
    }
    await t.db.transaction(async (tx) => {
      const order = (await lockOrder(tx, orderId)) as OrderRow;
      const [ret] = await tx.select().from(orderReturns).where(eq(orderReturns.id, asked.body.data._id)).for('update');
      await transitionReturn(tx, ret!, order, 'REFUNDED', 'admin', { method: 'UPI', reference: `UPI-${orderId}` }, when);
    });
    await latestNote(token, orderId);
  };

  const asha = await newCustomer(t, 'Asha Rao');
  const home = await address(t, asha.token);
  const mumbai = await address(t, asha.token, MUMBAI);
  const kochi = await address(t, asha.token, { ...KOCHI, name: 'Meera Nair' });
  const traders = await newCustomer(t, 'Mumbai Traders LLP');
  const tradersOffice = await address(t, traders.token, { ...MUMBAI, name: 'Mumbai Traders LLP', gstin: MAHARASHTRA_BUYER.toLowerCase() });
  const cafe = await newCustomer(t, 'Bengaluru Cafe Pvt Ltd');
  const cafeKitchen = await address(t, cafe.token, { name: 'Bengaluru Cafe Pvt Ltd', gstin: KARNATAKA_BUYER });

  const lastDayBefore = new Date(Date.UTC(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7)) - 1, 0)).toISOString().slice(8, 10);
  const octoberLaptop = await delivered(asha.token, mumbai, [['laptop', 1]], 118_000, at(lastDayBefore, '22:00', MONTH_BEFORE));
  m.ashaOrderId = await delivered(
    asha.token,
    home,
    [
      ['earbuds', 1],
      ['book', 2],
    ],
    1680,
    at('03'),
  );
  const twoEarbuds = await delivered(
    asha.token,
    mumbai,
    [
      ['earbuds', 2],
      ['book', 1],
    ],
    2610,
    at('05'),
  );
  const earbudsShirtAndBooks: Array<[keyof Month['products'], number]> = [
    ['earbuds', 1],
    ['shirt', 1],
    ['book', 5],
  ];
  m.tradersOrderId = await delivered(traders.token, tradersOffice, earbudsShirtAndBooks, 3480, at('08'));
  await delivered(
    cafe.token,
    cafeKitchen,
    [
      ['shirt', 2],
      ['book', 3],
    ],
    2850,
    at('12'),
  );
  await delivered(asha.token, kochi, [['laptop', 2]], 236_000, at('14'));

  // Paid by card (invoiced when the payment lands, as the Stripe webhook moves it), then cancelled: a credit note.
  const input = CashOnDeliveryBody.parse({ list_items: [line(products.earbuds, 1)], totalAmt: 1180, addressId: home });
  const { order } = await t.app.get(OrderPlacementService).place(asha.id, input, 'CARD');
  await setOrderCheckoutSession(t.db, order.id, `cs_test_${order.id}`, null);
  await t.db.transaction(async (tx) =>
    lifecycle.transitionIn(tx, (await lockOrder(tx, order.id)) as OrderRow, 'PLACED', 'payment', { paymentIntent: 'pi_gstr1', now: at('18', '10:00') }),
  );
  await invoiceNumber(asha.token, order.id);
  await lifecycle.move(order.id, 'CANCELLED', 'customer', { extras: { now: at('18', '11:00') }, read: () => Promise.resolve(null) });
  await latestNote(asha.token, order.id);

  await returned(
    traders.token,
    m.tradersOrderId,
    [
      ['earbuds', 1],
      ['book', 1],
    ],
    at('20'),
  );
  await returned(asha.token, octoberLaptop, [['laptop', 1]], at('22'));
  await returned(asha.token, twoEarbuds, [['earbuds', 1]], at(LAST_DAY.slice(8, 10), '23:30'));
  await delivered(asha.token, home, [['shirt', 1]], 1050, new Date(`${NEXT_DAY}T00:30:00+05:30`));
  await place(asha.token, home, [['shirt', 1]], 1050); // never delivered: no invoice
  return m;
}

/** A delivery address of the shopper's, in Bengaluru unless `extra` says otherwise. */
export async function address(t: TestApp, token: string, extra: Record<string, string> = {}): Promise<string> {
  const body = { name: 'Asha Rao', building: 'Flat 4B', address_line: '12 MG Road', district: 'Bengaluru Urban', city: 'Bengaluru' };
  const res = await api(t)
    .post('/api/address/create')
    .set(bearer(token))
    .send({ ...body, state: 'Karnataka', country: 'India', pincode: '560001', mobile: '9876543210', ...extra });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}
