import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { HaatDB } from '../db';

describe('the cart store upgrade (a line is a product in a variant)', () => {
  it('carries the lines of a version-1 cart over, keyed by product, without a variant', async () => {
    const name = `haat-upgrade-${Date.now()}`;
    // The database as released before variants: the cart keyed by productId.
    const old = new Dexie(name);
    old.version(1).stores({ cart: 'productId', outbox: 'key, op' });
    const product = { _id: 'w1', name: 'Watch', image: [], unit: '1 pc', price: 500, discount: 10, stock: 2 };
    await old.table('cart').put({ productId: 'w1', quantity: 2, product, lineId: 'L1', addedAt: 5 });
    old.close();

    const db = new HaatDB(name);
    expect(await db.cart.toArray()).toEqual([{ key: 'w1', productId: 'w1', variantId: null, variant: null, quantity: 2, product, lineId: 'L1', addedAt: 5 }]);
    expect(db.tables.map((t) => t.name)).not.toContain('cart');
    // Two variants of one product are now two lines.
    await db.cart.bulkPut([
      { key: 'rice:kg5', productId: 'rice', variantId: 'kg5', quantity: 1, product },
      { key: 'rice:kg1', productId: 'rice', variantId: 'kg1', quantity: 1, product },
    ]);
    expect(await db.cart.where('productId').equals('rice').count()).toBe(2);
    db.close();
  });
});
