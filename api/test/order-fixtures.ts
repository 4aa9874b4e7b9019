import { eq } from 'drizzle-orm';
import { newId } from '../src/common/ids.js';
import { initialState } from '../src/orders/lifecycle/initial-state.js';
import { newOrderId } from '../src/orders/order-id.js';
import type { OrderToPlace } from '../src/orders/order-statement.js';
import { addresses } from '../src/addresses/addresses.table.js';
import { cartItems } from '../src/cart/cart.table.js';
import { products } from '../src/catalog/products.table.js';
import { productInventorySql } from '../src/inventory/stock-reads.js';
import { api, bearer, type TestApp } from './harness.js';

/** A small shop for order tests: products are made through the admin API, as an admin would. */

let counter = 0;
const unique = (base: string) => `${base} ${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface Shop {
  categoryId: string;
  subCategoryId: string;
}

export async function openShop(t: TestApp, adminToken: string): Promise<Shop> {
  const cat = await api(t)
    .post('/api/category/add-category')
    .set(bearer(adminToken))
    .send({ name: unique('Snacks'), image: '/uploads/c.webp' });
  if (cat.status !== 201) throw new Error(`add-category ${cat.status} ${JSON.stringify(cat.body)}`);
  const sub = await api(t)
    .post('/api/subcategory/create')
    .set(bearer(adminToken))
    .send({ name: unique('Chips'), image: '/uploads/s.webp', category: [cat.body.data._id] });
  if (sub.status !== 201) throw new Error(`subcategory/create ${sub.status} ${JSON.stringify(sub.body)}`);
  return { categoryId: cat.body.data._id, subCategoryId: sub.body.data._id };
}

export async function addProduct(
  t: TestApp,
  adminToken: string,
  shop: Shop,
  input: { price: number; discount?: number; stock: number; name?: string },
): Promise<{ _id: string; name: string }> {
  const res = await api(t)
    .post('/api/product/create')
    .set(bearer(adminToken))
    .send({
      hsn: '8518',
      gstRate: 18,
      name: input.name ?? unique('Masala Chips'),
      image: ['/uploads/p.webp', 'https://cdn.example.com/p.webp'],
      unit: 'pack',
      stock: input.stock,
      price: input.price,
      discount: input.discount ?? 0,
      description: 'Crisp.',
      category: [shop.categoryId],
      subCategory: [shop.subCategoryId],
    });
  if (res.status !== 201) throw new Error(`product/create ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * A delivery address. Written straight into the table: the address routes belong to another
 * module and are not what these tests are about.
 */
export async function addAddress(t: TestApp, userId: string, overrides: Partial<typeof addresses.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await t.db.insert(addresses).values({
    id,
    userId,
    name: 'Asha Rao',
    building: 'Flat 4B, Lotus Apartments',
    addressLine: '12 MG Road',
    district: 'Bengaluru Urban',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pincode: '560001',
    mobile: '9876543210',
    ...overrides,
  });
  return id;
}

export async function putInCart(t: TestApp, userId: string, productId: string, quantity: number): Promise<void> {
  await t.db.insert(cartItems).values({ id: newId(), userId, productId, quantity });
}

export async function cartOf(t: TestApp, userId: string): Promise<Array<{ productId: string; quantity: number }>> {
  return t.db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, userId));
}

export async function stockOf(t: TestApp, productId: string): Promise<number> {
  const [row] = await t.db.select({ inventory: productInventorySql }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row.inventory.stock;
}

/** The cart item shape the checkout screen sends: productId populated. */
export const line = (product: { _id: string; name?: string }, quantity: number) => ({
  _id: newId(),
  productId: { _id: product._id, name: product.name },
  quantity,
});

/** A cash-on-delivery order of `lines` (product, units) for `userId` at 10 a unit, as the placement service builds it for placeOrders. */
export function orderToPlace(userId: string, lines: Array<[string, number]>, opts: { price?: number; clearCart?: boolean } = {}): OrderToPlace {
  const id = newOrderId();
  const now = new Date();
  const quantity = lines.reduce((sum, [, q]) => sum + q, 0);
  return {
    clearCart: opts.clearCart ?? true,
    row: {
      id,
      userId,
      paymentMethod: 'COD',
      ...initialState('COD', now),
      subTotalAmt: quantity * 10,
      totalAmt: quantity * 10,
      couponId: null,
      couponCode: null,
      discountAmt: 0,
      fulfilment: 'warehouse',
      storeId: null,
      promise: null,
      pickupCodeSalt: null,
      pickupWrongCodes: 0,
      pickupLockedUntil: null,
      quantity,
      heldUnits: quantity,
      deliveryAddress: {
        _id: 'address',
        name: 'A',
        building: 'House 1',
        address_line: 'MG Road',
        street: 'MG Road',
        district: 'Bengaluru Urban',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        pincode: '560001',
        postalCode: '560001',
        mobile: '9876543210',
        address: 'House 1, MG Road, Bengaluru, Bengaluru Urban, Karnataka 560001, India',
      },
      idempotencyKey: null,
      requestHash: null,
      stripeSessionId: null,
      paymentProcessingAt: null,
      stripeSessionUrl: null,
      stripePaymentIntent: null,
      stripeRefundId: null,
      channel: null,
      createdAt: now,
      updatedAt: now,
    },
    lines: lines.map(([productId, q], position) => ({
      id: newId(),
      orderId: id,
      productId,
      variantId: null,
      variantName: null,
      position,
      name: 'Masala Chips',
      image: [],
      unit: 'pack',
      quantity: q,
      price: opts.price ?? 10,
      discount: 0,
      unitPrice: opts.price ?? 10,
      subTotalAmt: q * (opts.price ?? 10),
    })),
  };
}
