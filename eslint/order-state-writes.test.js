// node --test eslint/: the order-state rule on made-up files at real places in this repository.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { orderStateWrites } from './order-state-writes.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = join(import.meta.dirname, '..');
const at = (path) => join(root, path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const service = at('api/src/orders/orders.service.ts');

tester.run('haat/order-state-writes', orderStateWrites, {
  valid: [
    // The lifecycle module itself.
    { filename: at('api/src/orders/lifecycle/transition.ts'), code: 'tx.update(orders).set({ status, paymentStatus, statusHistory });' },
    { filename: at('api/src/orders/lifecycle/initial-state.ts'), code: "const s = { paymentStatus: 'CASH ON DELIVERY', statusHistory: [] };" },
    { filename: at('api/src/orders/lifecycle/transition.ts'), code: 'tx.update(orders).set({ paymentProcessingAt: now });' },
    // The table declares the columns.
    { filename: at('api/src/orders/orders.table.ts'), code: "const cols = { paymentStatus: text('payment_status'), statusHistory: jsonb('status_history') };" },
    // Other columns of orders, and other tables' status columns.
    { filename: service, code: 'db.update(orders).set({ stripeRefundId: refundId });' },
    { filename: service, code: 'db.update(users).set({ status: "Active" });' },
    // Copying a state across, reading it, answering it.
    { filename: at('api/src/orders/order-wire.ts'), code: 'const wire = { payment_status: row.paymentStatus, statusHistory: row.statusHistory };' },
    { filename: at('api/src/orders/order-placement.service.ts'), code: 'const row = { id, ...initialState(method, now) };' },
    { filename: service, code: 'const q = sql`select status, payment_status from orders where id = ${id}`;' },
    { filename: service, code: 'const q = sql`update users set status = ${s}`;' },
    // Tests and the PWA are not the API's code.
    { filename: at('api/test/orders.e2e-spec.ts'), code: "db.update(orders).set({ paymentStatus: 'PAID' });" },
    { filename: at('pwa/src/features/realtime/realtime-events.ts'), code: 'const next = { ...order, statusHistory: [...order.statusHistory, entry] };' },
  ],
  invalid: [
    { filename: service, code: "tx.update(orders).set({ paymentStatus: 'PAID' }).where(x);", errors: [{ message: /only by api\/src\/orders\/lifecycle/ }] },
    { filename: service, code: 'tx.update(orders).set({ status: next, statusHistory: h });', errors: 2 },
    { filename: service, code: 'tx.update(orders).set({ ...changes });', errors: 1 },
    { filename: at('api/src/payments/checkout.service.ts'), code: 'tx.insert(orders).values([{ id, status: null }]);', errors: 1 },
    { filename: service, code: "const q = sql`update orders set payment_status = 'PAID' where id = ${id}`;", errors: 1 },
    { filename: service, code: 'const q = sql`UPDATE "orders" SET status_history = status_history || ${entry}`;', errors: 1 },
    {
      filename: at('api/src/orders/order-placement.service.ts'),
      code: "const row = { id, paymentStatus: cod ? 'CASH ON DELIVERY' : 'AWAITING_PAYMENT' };",
      errors: 1,
    },
    // The UPI processing mark is the payment's state too: only the lifecycle sets it.
    { filename: at('api/src/orders/orders.repository.ts'), code: 'tx.update(orders).set({ paymentProcessingAt: new Date() }).where(x);', errors: 1 },
    {
      filename: at('api/src/payments/stripe-webhook.service.ts'),
      code: 'const q = sql`update orders set payment_processing_at = now() where id = ${id}`;',
      errors: 1,
    },
    { filename: at('api/src/orders/order-placement.service.ts'), code: 'const row = { id, paymentProcessingAt: null };', errors: 1 },
  ],
});
