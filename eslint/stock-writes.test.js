// node --test eslint/: the stock-writes rule on made-up files at real places in this repository.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { stockWrites } from './stock-writes.js';

RuleTester.describe = describe;
RuleTester.it = it;

const at = (path) => join(import.meta.dirname, '..', path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('haat/stock-writes', stockWrites, {
  valid: [
    { filename: at('api/src/inventory/inventory.ts'), code: 'const q = sql`update inventory_levels set reserved = 0`;' },
    { filename: at('api/src/orders/order-statement.ts'), code: 'const q = sql`select on_hand from inventory_levels`;' },
    { filename: at('api/src/catalog/products.table.ts'), code: "const q = 'select 1 from product_variants v join inventory_levels l on true';" },
    { filename: at('api/test/inventory.e2e-spec.ts'), code: "const q = 'update inventory_levels set on_hand = 1';" },
  ],
  invalid: [
    { filename: at('api/src/orders/order-statement.ts'), code: 'const q = sql`update inventory_levels l set reserved = l.reserved + ${n}`;', errors: 1 },
    { filename: at('api/src/catalog/products.service.ts'), code: 'const q = \'INSERT INTO "stock_movements" (reason) values (1)\';', errors: 1 },
    { filename: at('api/src/seed/product-loader.ts'), code: "const q = 'copy product_variants (id) from stdin';", errors: 1 },
    { filename: at('api/src/stores/stores.service.ts'), code: 'const q = sql`delete from store_units where store_id = ${id}`;', errors: 1 },
    { filename: at('api/src/cart/cart.service.ts'), code: 'const q = `delete from account_holds where user_id = ${id}`;', errors: 1 },
  ],
});
