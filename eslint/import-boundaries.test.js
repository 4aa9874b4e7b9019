// node --test eslint/: the boundary rule on made-up files at real places in this repository.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { importBoundaries } from './import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = join(import.meta.dirname, '..');
const at = (path) => join(root, path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('haat/import-boundaries', importBoundaries, {
  valid: [
    { filename: at('pwa/src/features/cart/cart-page.tsx'), code: "import { db } from '../../lib/db';" },
    { filename: at('pwa/src/features/cart/cart-page.tsx'), code: "import { formatMoney } from '../../i18n/format';" },
    { filename: at('pwa/src/features/cart/__tests__/cart.test.tsx'), code: "import { aProduct } from '../../../test-support/a-product';" },
    { filename: at('pwa/src/features/cart/hooks/use-cart.ts'), code: "import { x } from '../cart-lines';" },
    { filename: at('pwa/src/features/cart/hooks/use-cart.ts'), code: "import { x } from '../../orders/public';" },
    { filename: at('pwa/src/features/cart/cart-page.tsx'), code: "import { x } from '@haat/shared/cart/cart.rules';" },
    { filename: at('pwa/src/features/cart/cart-page.tsx'), code: "import { useState } from 'react';" },
    { filename: at('pwa/src/app/routes.tsx'), code: "const page = () => import('../features/cart/cart.page');" },
    { filename: at('pwa/src/app/other-routes.tsx'), code: "const page = () => import('../features/cart/cart.page');" },
    { filename: at('pwa/src/app/shell/cart-button.tsx'), code: "import { useCart } from '../../features/cart/public';" },
    { filename: at('pwa/src/app/__tests__/counts.test.tsx'), code: "import { x } from '../../features/cart/cart-lines';" },
    { filename: at('api/src/cart/cart.service.ts'), code: "import { cartItems } from './cart.table.js';" },
    { filename: at('api/src/cart/cart.table.ts'), code: "import { users } from '../users/users.table.js';" },
    { filename: at('api/src/db/schema.ts'), code: "export * from '../cart/cart.table.js';" },
    { filename: at('api/test/cart.e2e-spec.ts'), code: "import { cartItems } from '../src/cart/cart.table.js';" },
    // the API's floors: a lower domain through its face, a shared floor at any depth
    { filename: at('api/src/orders/order-stock.ts'), code: "import { saleableRowsByIds } from '../catalog/index.js';" },
    { filename: at('api/src/orders/lifecycle/transition.ts'), code: "import { removeFromCart } from '../../cart/index.js';" },
    { filename: at('api/src/orders/order-stock.ts'), code: "import { defineStatement } from '../db/database.js';" },
    { filename: at('api/src/common/all-exceptions.filter.ts'), code: "import { localizeMessage } from '../i18n/localize-message.js';" },
    { filename: at('api/src/app.module.ts'), code: "import { OrdersModule } from './orders/index.js';" },
    { filename: at('api/src/seed/product-loader.ts'), code: "import { products } from '../catalog/products.table.js';" },
    {
      filename: at('api/src/inventory/inventory.table.ts'),
      code: "import { products } from '../catalog/products.table.js';",
      options: [{ allow: ['api/src/inventory/inventory.table -> api/src/catalog/products.table'] }],
    },
  ],
  invalid: [
    {
      filename: at('pwa/src/features/cart/hooks/use-cart.ts'),
      code: "import { x } from '../../orders/order-store';",
      errors: [{ message: /through pwa\/src\/features\/orders\/public\.ts/ }],
    },
    { filename: at('pwa/src/features/cart/cart-page.tsx'), code: "export { x } from '../orders/hooks/use-orders';", errors: 1 },
    { filename: at('pwa/src/features/cart/cart-page.tsx'), code: "const m = import('../orders/orders.page');", errors: 1 },
    { filename: at('pwa/src/features/cart/cart-page.tsx'), code: "import '../../main';", errors: [{ message: /lib\/, i18n\/, @haat\/shared/ }] },
    // faces in the PWA: a feature never reaches into app/, and app/ enters a feature through its public.ts
    {
      filename: at('pwa/src/features/account/components/account-menu.tsx'),
      code: "import { LanguageSwitch } from '../../../app/shell/language-switch';",
      errors: [{ message: /app\/ stands on the features/ }],
    },
    {
      filename: at('pwa/src/app/shell/use-cart-summary.ts'),
      code: "import { cartTotals } from '../../features/cart/cart-lines';",
      errors: [{ message: /app\/ enters feature "cart" through pwa\/src\/features\/cart\/public\.ts/ }],
    },
    { filename: at('pwa/src/app/shell/cart-button.tsx'), code: "const d = import('../../features/cart/components/cart-drawer');", errors: 1 },
    { filename: at('pwa/src/app/shell/header.tsx'), code: "const p = import('../../features/cart/cart.page');", errors: 1 },
    { filename: at('pwa/src/features/cart/cart-page.tsx'), code: "import { aProduct } from '../../test-support/a-product';", errors: 1 },
    {
      filename: at('api/src/orders/order-stock.ts'),
      code: "import { products } from '../catalog/products.table.js';",
      errors: [{ message: /Enter catalog\/ through its face, api\/src\/catalog\/index\.ts/ }],
    },
    {
      filename: at('api/src/orders/order-placement.service.ts'),
      code: "import { CheckoutService } from '../payments/index.js';",
      errors: [{ message: /orders\/ \(a domain\) must not import payments\/ \(a domain on a higher floor\)/ }],
    },
    {
      filename: at('api/src/db/database.ts'),
      code: "import { users } from '../users/index.js';",
      errors: [{ message: /db\/ \(a shared floor\) must not import users\// }],
    },
    { filename: at('api/src/i18n/mails.ts'), code: "import { mailOf } from '../mail/index.js';", errors: 1 },
    { filename: at('api/src/catalog/products.service.ts'), code: "import { SearchService } from '../search/index.js';", errors: 1 },
    {
      filename: at('api/src/catalog/products.service.ts'),
      code: "import { CatalogVersion } from './index.js';",
      errors: [{ message: /not the folder's face/ }],
    },
    { filename: at('api/src/inventory/inventory.table.ts'), code: "import { products } from '../catalog/products.table.js';", errors: 1 },
    {
      filename: at('api/src/security-headers/x.ts'),
      code: "import { PublicConfigModule } from '../public-config/index.js';",
      errors: [{ message: /the same floor/ }],
    },
    { filename: at('api/src/nowhere/x.ts'), code: "import { users } from '../users/index.js';", errors: [{ message: /has no floor/ }] },
    {
      filename: at('shared/src/cart/cart.rules.ts'),
      code: "import { x } from '../../../api/src/cart/cart-view.js';",
      errors: [{ message: /shared\/ must not import from api\// }],
    },
    { filename: at('api/src/cart/cart.service.ts'), code: "import { x } from '@haat/pwa/lib/db';", errors: 1 },
    { filename: at('pwa/src/lib/db.ts'), code: "import { x } from '../../../api/src/db/schema.js';", errors: 1 },
  ],
});
