// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@haat/shared/catalog/catalog.types';
import type { BuyAgainProduct } from '@haat/shared/orders/buy-again';
import type { Order } from '@haat/shared/orders/order.types';
import type { OrderStage } from '@haat/shared/orders/order-stages';

const { db } = await import('../db');
const { clearUserData } = await import('../user-data');
const { buyAgainKey, deviceBuyAgain } = await import('../buy-again');

/** An order kept on the device, reaching `stages` (the last on day `on`), holding these product ids. */
function order(orderId: string, stages: OrderStage[], on: number, ...ids: string[]): Order {
  const at = (d: number) => new Date(Date.UTC(2025, 5, d)).toISOString();
  const last = stages.at(-1);
  return {
    orderId,
    _id: orderId,
    createdAt: at(on - 1),
    updatedAt: at(on),
    payment_status: last === 'DELIVERED' ? 'COMPLETED' : last === 'CANCELLED' ? 'CANCELLED' : 'CASH ON DELIVERY',
    status: last ?? null,
    fulfilment: 'warehouse',
    statusHistory: stages.map((status, i) => ({ status, updatedAt: at(on - stages.length + 1 + i) })),
    product_details: ids.map((productId) => ({
      productId,
      variantId: null,
      variantName: null,
      name: productId,
      quantity: 1,
      price: 10,
      discount: 0,
      unitPrice: 10,
    })),
  } as unknown as Order;
}
const seen = (id: string, price: number, stock: number) =>
  ({ _id: id, name: id, image: [], unit: 'pack', price, discount: 0, stock, maxPerOrder: 10, variants: [] }) as unknown as Product;

beforeEach(async () => {
  await clearUserData();
  await db.products.clear();
  await db.meta.clear();
});

describe('Buy again offline, from the orders kept on the device', () => {
  it('ranks by the shared rule and prices each product by the figures last seen', async () => {
    await db.orders.bulkPut([
      order('O1', ['PLACED', 'DELIVERED'], 3, 'rice', 'dal'),
      order('O2', ['PLACED', 'DELIVERED'], 5, 'dal', 'tea'),
      order('O3', ['PLACED', 'SHIPPED'], 6, 'tea', 'soap'),
      order('O4', ['PLACED', 'CANCELLED'], 7, 'tea', 'soap'),
    ]);
    // tea's figures from the last server answer; rice's from the catalogue kept for offline; dal from both: the answer wins.
    const kept: Partial<BuyAgainProduct>[] = [
      { _id: 'tea', name: 'Tea', image: [], unit: 'pack', price: 60, discount: 0, stock: 0, maxPerOrder: 10, variant: null, inStock: false },
      { _id: 'dal', name: 'Dal', image: [], unit: 'pack', price: 120, discount: 0, stock: 7, maxPerOrder: 10, variant: null, inStock: true },
    ];
    await db.meta.put({ key: buyAgainKey('u1'), value: kept });
    await db.products.bulkPut([seen('rice', 80, 4), seen('dal', 999, 1)]);

    const shown = await deviceBuyAgain(db, 'u1');
    expect(shown.map((p) => [p._id, p.orders, p.price, p.stock, p.inStock])).toEqual([
      ['dal', 2, 120, 7, true],
      ['tea', 1, 60, 0, false],
      ['rice', 1, 80, 4, true],
    ]);
    // Another shopper's kept answer is not this one's; soap was never delivered.
    expect((await deviceBuyAgain(db, 'u2')).map((p) => p._id)).toEqual(['dal', 'rice']);
  });

  it('shows nothing without a delivered order', async () => {
    await db.orders.put(order('O1', ['PLACED'], 3, 'rice'));
    await db.products.put(seen('rice', 80, 4));
    expect(await deviceBuyAgain(db, 'u1')).toEqual([]);
  });
});
