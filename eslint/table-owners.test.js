// node --test eslint/: the table-owners rule on made-up files at real places in this repository, and the table of
// owners in docs/architecture.md against the tables api/src declares.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { readTableOwners, sqlReferences, tableOwners } from './table-owners.js';
import { allowedTableReads } from './table-reads.js';

RuleTester.describe = describe;
RuleTester.it = it;

const at = (path) => join(import.meta.dirname, '..', path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const read = (file, statement, tables) => ({ file, statement, tables, reason: 'a test' });
const allowReads = [
  {
    allowReads: [read('api/src/search/search.repository.ts', 'RANKED', ['products']), read('api/src/inventory/order-reservation.ts', 'reserve', ['stores'])],
  },
];
/** The migrations of a fixture folder, checked on the file that applies them. */
const migrations = (folder) => ({
  filename: at('api/src/db/database.ts'),
  code: 'export const x = 1;',
  options: [{ migrations: `eslint/fixtures/${folder}` }],
});

tester.run('haat/table-owners', tableOwners, {
  valid: [
    // A domain's own tables, by SQL and by the builder.
    { filename: at('api/src/orders/lifecycle/release-stock.ts'), code: 'const q = sql`update orders set held_units = 0 where id = ${id}`;' },
    { filename: at('api/src/stores/stores.service.ts'), code: "import { stores } from './stores.table.js';\ndb.update(stores).set({ open });" },
    // An allowed read, and words that are not a table after the keyword.
    { filename: at('api/src/search/search.repository.ts'), code: 'const RANKED = sql`select id from products where publish`;', options: allowReads },
    {
      filename: at('api/src/inventory/order-reservation.ts'),
      code: 'export function reserve() { const q = sql`select 1 from stores s where s.open for update`; }',
      options: allowReads,
    },
    // Migrations whose functions write only their owners' tables: a trigger calls the owner's function.
    migrations('migrations-owned'),
    { filename: at('api/src/cart/cart.service.ts'), code: 'const q = sql`insert into cart_items (id) values (1) on conflict do update set quantity = 1`;' },
    { filename: at('api/src/orders/overview.repository.ts'), code: "const q = sql`select extract(epoch from now()), 'orders' as what from overview_days`;" },
    // A name that only looks like a table: a local value, or a value of the same name from a folder that has no such table.
    { filename: at('api/src/cart/cart.service.ts'), code: 'const products = rel();\nconst q = sql`select 1 from ${products} p`;' },
    { filename: at('api/src/cart/cart.service.ts'), code: "import { orders } from './cart-orders.js';\ndb.update(orders);" },
    // Places the rule does not watch: the seed, table files, tests.
    { filename: at('api/src/seed/demo-stores.ts'), code: "import { stores } from '../stores/stores.table.js';\ndb.insert(stores).values(rows);" },
    { filename: at('api/src/inventory/store-units.table.ts'), code: 'const q = sql`select id from stores`;' },
    { filename: at('api/test/inventory.e2e-spec.ts'), code: 'const q = sql`update orders set held_units = 3`;' },
  ],
  invalid: [
    // Writes, whatever the allow-list says: raw SQL, quoted, the builder, an interpolated table object.
    {
      filename: at('api/src/inventory/inventory.ts'),
      code: 'const q = sql`update orders o set held_units = 0 where o.id = ${id}`;',
      options: allowReads,
      errors: [{ message: /^SQL writes orders, a table of orders\// }],
    },
    {
      filename: at('api/src/promotions/coupons.service.ts'),
      code: 'const q = \'DELETE FROM "cart_items" WHERE user_id = $1\';',
      errors: [{ message: /^SQL writes cart_items/ }],
    },
    {
      filename: at('api/src/orders/store-queue.ts'),
      code: "import { stores } from '../stores/stores.table.js';\ntx.update(stores).set({ open: false });",
      errors: [{ message: /^drizzle writes stores, a table of stores\// }],
    },
    {
      filename: at('api/src/orders/order-stock.ts'),
      code: "import { accountHolds } from '../db/schema.js';\nconst q = sql`insert into ${accountHolds} (user_id) values (${id})`;",
      errors: [{ message: /^SQL writes account_holds/ }],
    },
    // Reads not on the list: another file or statement than the one listed, another table, a second statement,
    // the builder, an interpolated table; and an entry that matches nothing.
    {
      filename: at('api/src/cart/cart.service.ts'),
      code: 'const RANKED = sql`select p.name from products p`;',
      options: allowReads,
      errors: [{ message: /^SQL reads products, a table of catalog\/: .*\(api\/src\/cart\/cart.service.ts, RANKED\)/ }],
    },
    {
      filename: at('api/src/search/search.repository.ts'),
      code: 'const RANKED = sql`select id from products`;\nconst OTHER = sql`select count(*) from orders join order_lines l on true join products p on true`;',
      options: allowReads,
      errors: [{ message: /^SQL reads orders/ }, { message: /^SQL reads order_lines/ }, { message: /^SQL reads products/ }],
    },
    {
      filename: at('api/src/search/search.repository.ts'),
      code: 'const RANKED = (a) => [sql`select id from products`, sql`select name from products`];',
      options: allowReads,
      errors: [{ message: /^SQL reads products, a table of catalog\/, in a second statement of RANKED/ }],
    },
    {
      filename: at('api/src/inventory/order-reservation.ts'),
      code: 'export function reserve() { return 1; }',
      options: allowReads,
      errors: [{ message: /^eslint\/table-reads.js allows a read of stores in reserve of this file, which reads none now/ }],
    },
    {
      filename: at('api/src/orders/store-queue.ts'),
      code: "import { stores } from '../stores/stores.table.js';\ndb.select().from(stores);",
      errors: [{ message: /^drizzle reads stores/ }],
    },
    {
      filename: at('api/src/reviews/reviews.service.ts'),
      code: "import { products } from '../catalog/index.js';\nconst q = sql`select 1 from ${products} where id = ${id}`;",
      errors: [{ message: /^SQL reads products/ }],
    },
    // A trigger on the catalogue's products that writes the wishlist and queues notices itself, as one did before the
    // wishlist and the notices had functions of their own; and a function named for one owner run on another's table.
    {
      ...migrations('migrations-cross-write'),
      errors: [
        {
          message:
            /^eslint\/fixtures\/migrations-cross-write\/0001_price_fell.sql:12: function wishlist_on_sale is named for wishlist\/ but runs as a trigger on inventory_levels, a table of inventory\//,
        },
        {
          message:
            /^eslint\/fixtures\/migrations-cross-write\/0001_price_fell.sql:2: function price_fell \(catalog\/'s: its trigger is on products\) writes wishlist_items, a table of wishlist\/: only wishlist\/ writes it; call a function of wishlist\/ \(named wishlist_…\)/,
        },
        { message: /function price_fell \(catalog\/'s: its trigger is on products\) writes jobs, a table of jobs\// },
      ],
    },
  ],
});

describe('the owners of the tables', () => {
  it('allows at most 10 SQL reads into another domain, each one statement with its reason', () => {
    assert.ok(allowedTableReads.length <= 10, `${allowedTableReads.length} statements allowed`);
    for (const entry of allowedTableReads) assert.ok(entry.reason.length > 20, `${entry.file} ${entry.statement} says why`);
  });

  const { bySqlName } = readTableOwners();

  it('reads every table of api/src from its table file, owned by the folder it is in', () => {
    assert.equal(bySqlName.get('stores')?.owner, 'stores');
    assert.equal(bySqlName.get('store_units')?.owner, 'inventory');
    assert.equal(bySqlName.get('orders')?.owner, 'orders');
    const schema = readFileSync(at('api/src/db/schema.ts'), 'utf8');
    const exported = [...schema.matchAll(/export \{([^}]+)\}/g)].flatMap((m) => (m[1] ?? '').split(',').map((n) => n.trim()));
    assert.equal(bySqlName.size, exported.length, 'every table db/schema.ts gathers has one owner');
  });

  it('finds the tables SQL names after its keywords, and which it writes', () => {
    const known = new Map([
      ['orders', 1],
      ['products', 1],
      ['stores', 1],
    ]);
    assert.deepEqual(sqlReferences('with h as (select id from orders for update) update orders set x = 1 from h', [], known), [
      { table: 'orders', write: false },
      { table: 'orders', write: true },
    ]);
    assert.deepEqual(sqlReferences('select 1 from \u00000 p join stores s on true', ['products'], known), [
      { table: 'products', write: false },
      { table: 'stores', write: false },
    ]);
    assert.deepEqual(sqlReferences('copy products (id) from stdin', [], known), [{ table: 'products', write: true }]);
  });

  it('docs/architecture.md lists every table with its owner', () => {
    const doc = readFileSync(at('docs/architecture.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Who owns which table'), doc.indexOf('\n## ', doc.indexOf('## Who owns which table') + 1));
    /** @type {Map<string, string>} */
    const listed = new Map();
    for (const [, folder = '', tables = ''] of section.matchAll(/^\| `?([\w-]+)`? \| (.+) \|$/gm)) {
      for (const [, table = ''] of tables.matchAll(/`(\w+)`/g)) listed.set(table, folder);
    }
    const wrong = [...bySqlName].filter(([table, { owner }]) => listed.get(table) !== owner).map(([table, { owner }]) => `${table} (${owner})`);
    assert.deepEqual(wrong, [], 'tables missing from the table of owners, or listed under another folder');
    assert.deepEqual(
      [...listed.keys()].filter((t) => !bySqlName.has(t)),
      [],
      'tables listed that api/src does not declare',
    );
  });
});
