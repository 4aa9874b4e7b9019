// node --test eslint/: the money-arithmetic rule on made-up files at real places in this repository.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { moneyArithmetic } from './money-arithmetic.js';

RuleTester.describe = describe;
RuleTester.it = it;

const at = (path) => join(import.meta.dirname, '..', path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('haat/money-arithmetic', moneyArithmetic, {
  valid: [
    // The owner does it all.
    { filename: at('shared/src/money/paise.ts'), code: 'export const paise = (rupees) => Math.round(rupees * 100);' },
    // Through the owner elsewhere.
    { filename: at('api/src/payments/card-refunder.ts'), code: 'const cents = paise(amount);' },
    // Not money: a width in per cent, seconds, a rating.
    { filename: at('pwa/src/features/product/components/gallery.tsx'), code: 'const x = ((e.clientX - box.left) / box.width) * 100;' },
    { filename: at('api/src/auth/tokens.service.ts'), code: 'const at = Date.now() + ttlSeconds * 1000; const s = Math.round(ms / 1000);' },
    { filename: at('api/src/catalog/product-wire.ts'), code: 'const rating = Math.round((row.ratingSum / row.reviewCount) * 10) / 10;' },
    { filename: at('api/src/orders/admin-orders.controller.ts'), code: 'const pages = Math.max(1, Math.ceil(total / query.limit));' },
    { filename: at('api/src/seed/demo-products.ts'), code: 'const p = Math.round((price * smallFactor) / factor);' },
    // Tests may check sums their own way.
    { filename: at('api/test/returns.e2e-spec.ts'), code: 'const p = Math.round(note.totals.total * 100);' },
    { filename: at('shared/src/money/pricing.spec.ts'), code: 'const p = Math.round(price * 100);' },
  ],
  invalid: [
    {
      filename: at('api/src/payments/checkout-session.ts'),
      code: 'const unit = Math.round(line.unitPrice * 100);',
      errors: [{ messageId: 'round' }, { messageId: 'convert' }],
    },
    {
      filename: at('api/src/orders/returns.service.ts'),
      code: 'const a = items.reduce((sum, i) => sum + i.amount * 100, 0) / 100;',
      errors: [{ messageId: 'convert' }, { messageId: 'convert' }],
    },
    { filename: at('shared/src/promotions/coupon.rules.ts'), code: 'const off = (subtotalPaise * value) / 100;', errors: [{ messageId: 'convert' }] },
    {
      filename: at('pwa/src/features/cart/components/bill-details.tsx'),
      code: 'const t = Math.round(totals.grandTotal - coupon.discountAmt);',
      errors: [{ messageId: 'round' }],
    },
    {
      filename: at('api/src/orders/overview.service.ts'),
      code: 'const roundMoney = (revenue) => Math.round(revenue * 100) / 100;',
      errors: [{ messageId: 'convert' }, { messageId: 'round' }, { messageId: 'convert' }],
    },
  ],
});
