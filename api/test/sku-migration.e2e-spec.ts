import { rmSync } from 'node:fs';
import { MIGRATIONS_DIR } from '../src/db/database.js';
import { DB_KINDS } from './harness.js';
import { migrationsBefore, openMigrationDb, type MigrationDb } from './migration-db.js';

/**
 * The migration that gave products and options their SKUs, run on a shop made before it: a product
 * with options, one without, one named in Hindi only, two with the same name. Each gets a SKU from its
 * name and its place in the catalogue, the same on every copy, and the shop's SKUs are unique.
 */
describe.each(DB_KINDS)('the SKU migration on %s', (kind) => {
  let db: MigrationDb;
  let before: string;

  beforeAll(async () => {
    db = await openMigrationDb(kind);
    before = migrationsBefore('0035_skus');
    await db.migrate(before);
    await db.exec(`
      insert into products (id, name, unit, product_type, price, discount, created_at) values
        ('salt', 'Tata Salt, 1 kg', 'pack', 'fixed', 20, 0, '2026-01-01T00:00:00Z'),
        ('rice', 'India Gate Basmati Rice — Classic (Aged 2 years) Premium Long Grain', 'kg', 'variable', 100, 0, '2026-01-02T00:00:00Z'),
        ('ghee', 'देसी घी', 'pack', 'fixed', 500, 0, '2026-01-03T00:00:00Z'),
        ('salt2', 'Tata Salt, 1 kg', 'pack', 'fixed', 20, 0, '2026-01-03T00:00:00Z');
      insert into inventory_levels (id, on_hand, product_id, options) values ('Lsalt', 5, 'salt', 0), ('Lrice', 9, 'rice', 2), ('Lghee', 1, 'ghee', 0), ('Lsalt2', 0, 'salt2', 0);
      insert into product_variants (id, product_id, is_default, name, position, inventory_level_id, sku) values
        ('dsalt', 'salt', true, '', 0, 'Lsalt', null),
        ('drice', 'rice', true, '', 0, 'Lrice', null),
        ('big', 'rice', false, '5 kg', 1, 'Lrice', 'old'),
        ('small', 'rice', false, '1 kg', 0, 'Lrice', 'old'),
        ('dghee', 'ghee', true, '', 0, 'Lghee', null),
        ('dsalt2', 'salt2', true, '', 0, 'Lsalt2', null);
    `);
    await db.migrate(MIGRATIONS_DIR);
  });
  afterAll(async () => {
    await db?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it('gives each product a SKU from its name and its place, oldest first', async () => {
    const rows = await db.query<{ id: string; sku: string }>(`select id, sku from products order by id`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.sku]))).toEqual({
      salt: 'TATA-SALT-1-KG-000001',
      rice: 'INDIA-GATE-BASMATI-RICE-000002',
      ghee: 'P-000003',
      salt2: 'TATA-SALT-1-KG-000004',
    });
  });

  it('gives each option its product’s SKU and its place among the options; the default unit has none', async () => {
    const rows = await db.query<{ id: string; sku: string | null }>(`select id, sku from product_variants order by id`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.sku]))).toEqual({
      big: 'INDIA-GATE-BASMATI-RICE-000002-2',
      small: 'INDIA-GATE-BASMATI-RICE-000002-1',
      dsalt: null,
      drice: null,
      dghee: null,
      dsalt2: null,
    });
  });

  it('refuses a second product with a SKU already taken, and one not in capitals', async () => {
    const insert = (id: string, sku: string) =>
      db.exec(`insert into products (id, name, sku, unit, product_type, price) values ('${id}', 'x', '${sku}', 'pack', 'fixed', 1)`);
    await expect(insert('again', 'P-000003')).rejects.toThrow(/products_sku/);
    await expect(insert('lower', 'p-lower')).rejects.toThrow(/products_sku_form/);
  });
});
