import { rmSync } from 'node:fs';
import { MIGRATIONS_DIR } from '../src/db/database.js';
import { DB_KINDS } from './harness.js';
import { migrationsBefore, openMigrationDb, type MigrationDb } from './migration-db.js';

/**
 * The migration that made variants rows and stock the inventory's, run on a copy of a shop as it
 * was before: products with and without options, options with and without their own stock, open
 * orders (placed, shipped, awaiting card payment), finished ones, and cart lines (one naming an
 * option that is gone). What a shopper could buy before is what they can buy after.
 */
describe.each(DB_KINDS)('the inventory migration on %s', (kind) => {
  let db: MigrationDb;
  let before: string;

  beforeAll(async () => {
    db = await openMigrationDb(kind);
    before = migrationsBefore('0013_');
    await db.migrate(before);
    await db.exec(`
      insert into users (id, name, email, password_hash, role) values ('u1', 'Asha', 'asha@test.local', 'x', 'USER');
      insert into products (id, name, unit, product_type, stock, price, discount, variants) values
        ('plain', 'Salt', 'pack', 'fixed', 7, 20, 0, '[]'),
        ('rice', 'Rice', 'kg', 'variable', 50, 100, 0,
          '[{"_id":"sack","name":"5 kg","price":5000,"stock":3,"image":["/uploads/sack.webp"]},{"_id":"pack","name":"1 kg pack"}]');
      insert into orders (id, user_id, payment_method, payment_status, status, status_history, sub_total_amt, total_amt, quantity, delivery_address) values
        ('HTOPEN001', 'u1', 'COD', 'CASH ON DELIVERY', 'PLACED', '[]', 40, 40, 2, '{}'),
        ('HTSHIP001', 'u1', 'COD', 'CASH ON DELIVERY', 'SHIPPED', '[]', 5000, 5000, 1, '{}'),
        ('HTCARD001', 'u1', 'CARD', 'AWAITING_PAYMENT', null, '[]', 300, 300, 3, '{}'),
        ('HTDONE001', 'u1', 'COD', 'COMPLETED', 'DELIVERED', '[]', 20, 20, 1, '{}'),
        ('HTGONE001', 'u1', 'COD', 'CANCELLED', 'CANCELLED', '[]', 20, 20, 1, '{}');
      insert into order_lines (id, order_id, product_id, variant_id, variant_name, position, name, unit, quantity, price, discount, unit_price, sub_total_amt) values
        ('l1', 'HTOPEN001', 'plain', null, null, 0, 'Salt', 'pack', 2, 20, 0, 20, 40),
        ('l2', 'HTSHIP001', 'rice', 'sack', '5 kg', 0, 'Rice', 'kg', 1, 5000, 0, 5000, 5000),
        ('l3', 'HTCARD001', 'rice', 'pack', '1 kg pack', 0, 'Rice', 'kg', 3, 100, 0, 100, 300),
        ('l4', 'HTDONE001', 'plain', null, null, 0, 'Salt', 'pack', 1, 20, 0, 20, 20),
        ('l5', 'HTGONE001', 'plain', null, null, 0, 'Salt', 'pack', 1, 20, 0, 20, 20),
        ('l6', 'HTDONE001', 'rice', 'vanished', 'Old size', 1, 'Rice', 'kg', 1, 100, 0, 100, 100);
      insert into cart_items (id, user_id, product_id, variant_id, quantity) values
        ('c1', 'u1', 'rice', 'sack', 1), ('c2', 'u1', 'rice', 'vanished', 1), ('c3', 'u1', 'plain', null, 2);
    `);
    await db.migrate(MIGRATIONS_DIR);
  });
  afterAll(async () => {
    await db?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  const available = async (productId: string, variantId: string | null) =>
    (
      await db.query<{ n: number }>(`select l.on_hand - l.reserved as n from product_variants v join inventory_levels l on l.id = v.inventory_level_id
        where v.product_id = '${productId}' and ${variantId ? `v.id = '${variantId}'` : 'v.is_default'}`)
    )[0]?.n;

  it('keeps what each unit can sell: the product’s stock, an option’s own, an option without its own selling the product’s', async () => {
    expect(await available('plain', null)).toBe(7);
    expect(await available('rice', null)).toBe(50);
    expect(await available('rice', 'sack')).toBe(3);
    expect(await available('rice', 'pack')).toBe(50);
    const rows = await db.query<{ id: string; name: string; price: string | number | null; image: string[]; position: number; shares: boolean }>(
      `select v.id, v.name, v.price, v.image, v.position, v.inventory_level_id = d.inventory_level_id as shares
       from product_variants v join product_variants d on d.product_id = v.product_id and d.is_default where v.product_id = 'rice' and not v.is_default order by v.position`,
    );
    expect(rows.map((r) => ({ ...r, price: r.price === null ? null : Number(r.price) }))).toEqual([
      { id: 'sack', name: '5 kg', price: 5000, image: ['/uploads/sack.webp'], position: 0, shares: false },
      { id: 'pack', name: '1 kg pack', price: null, image: [], position: 1, shares: true },
    ]);
  });

  it('turns open orders into reservations (unshipped) and fulfilments (shipped), so cancelling them later settles right', async () => {
    const levels = await db.query<{ product_id: string; variant: string; on_hand: number; reserved: number }>(
      `select v.product_id, case when v.is_default then '-' else v.id end as variant, l.on_hand, l.reserved
       from product_variants v join inventory_levels l on l.id = v.inventory_level_id where v.is_default or v.inventory_level_id = 'L' || v.id order by 1, 2`,
    );
    expect(levels).toEqual([
      { product_id: 'plain', variant: '-', on_hand: 9, reserved: 2 }, // 7 + the open order's 2
      { product_id: 'rice', variant: '-', on_hand: 53, reserved: 3 }, // 50 + the card order's 3 (a 1 kg pack sells from the product's pool)
      { product_id: 'rice', variant: 'sack', on_hand: 3, reserved: 0 }, // the shipped sack has left the shelf
    ]);
    const ledger = await db.query<{ order_id: string; reason: string; on_hand_delta: number; reserved_delta: number }>(
      `select order_id, reason, on_hand_delta, reserved_delta from stock_movements where order_id is not null order by order_id, id`,
    );
    expect(ledger).toEqual([
      { order_id: 'HTCARD001', reason: 'order', on_hand_delta: 0, reserved_delta: 3 },
      { order_id: 'HTOPEN001', reason: 'order', on_hand_delta: 0, reserved_delta: 2 },
      { order_id: 'HTSHIP001', reason: 'order', on_hand_delta: 0, reserved_delta: 1 },
      { order_id: 'HTSHIP001', reason: 'fulfil', on_hand_delta: -1, reserved_delta: -1 },
    ]);
    // Every pool's ledger adds up to its figures.
    const sums = await db.query<{ id: string; on_hand: number; reserved: number; s_on_hand: number; s_reserved: number }>(
      `select l.id, l.on_hand, l.reserved, sum(m.on_hand_delta)::int as s_on_hand, sum(m.reserved_delta)::int as s_reserved
       from inventory_levels l join stock_movements m on m.inventory_level_id = l.id group by l.id`,
    );
    for (const s of sums) expect([s.s_on_hand, s.s_reserved]).toEqual([s.on_hand, s.reserved]);
  });

  it('drops a cart line naming a vanished option and unsets such an order line’s option, keeping its copied name', async () => {
    expect((await db.query<{ id: string }>(`select id from cart_items order by id`)).map((r) => r.id)).toEqual(['c1', 'c3']);
    expect(await db.query(`select variant_id, variant_name from order_lines where id = 'l6'`)).toEqual([{ variant_id: null, variant_name: 'Old size' }]);
    expect(await db.query(`select variant_id from order_lines where id = 'l2'`)).toEqual([{ variant_id: 'sack' }]);
  });
});
