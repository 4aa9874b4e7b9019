// node --test eslint/: the no-test-sleeps rule on made-up files at real places in this repository.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { noTestSleeps } from './no-test-sleeps.js';

RuleTester.describe = describe;
RuleTester.it = it;

const at = (path) => join(import.meta.dirname, '..', path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('haat/no-test-sleeps', noTestSleeps, {
  valid: [
    // Waiting for the thing itself, or polling with a deadline.
    { filename: at('pwa/e2e/cart.spec.mjs'), code: "await expect(page.getByText('Saved')).toBeVisible(); await expect.poll(() => read()).toBe(2);" },
    { filename: at('api/test/orders.e2e-spec.ts'), code: "await new Promise((resolve) => socket.once('connect', resolve));" },
    {
      filename: at('pwa/src/lib/__tests__/retry.test.ts'),
      code: 'vi.useFakeTimers(); await vi.advanceTimersByTimeAsync(1000); await vi.waitFor(() => expect(x).toBe(1));',
    },
    // The pause of a poll: a loop that reads again, with a deadline.
    {
      filename: at('api/test/accounts-fixtures.ts'),
      code: 'for (;;) { if (await found()) break; if (Date.now() > until) throw new Error(); await new Promise((r) => setTimeout(r, 50)); }',
    },
    {
      filename: at('pwa/e2e/lib/server.mjs'),
      code: 'async function f() { while (Date.now() < deadline) { if (await up()) return; await new Promise((r) => setTimeout(r, 250)); } }',
    },
    // A timer that is not a sleep: a deadline that rejects, a callback that does work.
    { filename: at('api/test/socket-client.ts'), code: "const t = setTimeout(() => reject(new Error('no event')), 5000);" },
    // A load's pacing or a stand-in's slowness, saying so, with no assertion right after it.
    {
      filename: at('api/test/db-faults.e2e-spec.ts'),
      code: '// pacing: a shopper backs off after a refusal\nconst sleep = (ms) => new Promise((r) => setTimeout(r, ms));\nfor (;;) { if (await order()) break; await sleep(300); }',
    },
    {
      filename: at('pwa/src/test-support/token-server.ts'),
      code: 'async function refresh() {\n  // pacing: a slow refresh, so that requests overlap it\n  await new Promise((r) => setTimeout(r, 80));\n  reply();\n}',
    },
    { filename: at('api/test/db-faults.e2e-spec.ts'), code: 'await sleep(1_000); // pacing: the outage lasts a second\nawait reopen();' },
    // A barrier: the later event through the same path, then the check.
    {
      filename: at('api/test/payments.e2e-spec.ts'),
      code: 'await cancel(cod); await cancel(paid); await waitFor(refunds, (r) => r.orderId === paid); expect(refundsOf(cod)).toEqual([]);',
    },
    // Not a test file: app code may wait (a retry's back-off).
    { filename: at('pwa/src/lib/retry.ts'), code: 'await new Promise((r) => setTimeout(r, delayMs));' },
    { filename: at('api/src/mail/mail.service.ts'), code: 'await sleep(100);' },
  ],
  invalid: [
    { filename: at('pwa/e2e/cart.spec.mjs'), code: 'await page.waitForTimeout(300);', errors: 1 },
    { filename: at('pwa/e2e/lib/server.mjs'), code: 'await new Promise((r) => setTimeout(r, 250));', errors: 1 },
    // A helper defined in a loop's body is still a sleep where it is called.
    { filename: at('api/test/logging.e2e-spec.ts'), code: 'for (const x of xs) { const settle = () => new Promise((r) => setTimeout(r, 50)); }', errors: 1 },
    { filename: at('api/test/payments.e2e-spec.ts'), code: 'await new Promise((resolve) => { setTimeout(() => resolve(), 50); });', errors: 1 },
    { filename: at('api/test/health.e2e-spec.ts'), code: 'await new Promise(function (r) { globalThis.setTimeout(r, 10); });', errors: 1 },
    { filename: at('pwa/src/app/__tests__/x.test.tsx'), code: 'await sleep(20); await delay(5);', errors: 2 },
    { filename: at('pwa/src/test-support/shop-server.ts'), code: 'await new Promise((r) => setTimeout(r, 80));', errors: 1 },
    { filename: at('shared/src/orders/stages.test.ts'), code: "import { setTimeout as wait } from 'node:timers/promises'; await wait(100);", errors: 1 },
    { filename: at('api/test/x.e2e-spec.ts'), code: "import * as timers from 'node:timers/promises'; await timers.setTimeout(100);", errors: 1 },
    // A reason comment must give a reason, and be next to the sleep.
    { filename: at('pwa/e2e/cart.spec.mjs'), code: '// pacing:\nawait page.waitForTimeout(300);', errors: 1 },
    { filename: at('pwa/e2e/cart.spec.mjs'), code: '// pacing: far away\n\nconst a = 1;\nawait page.waitForTimeout(300);', errors: 1 },
    // "Nothing may come, only time shows it" is no longer a reason: a barrier shows it.
    {
      filename: at('pwa/e2e/product.spec.mjs'),
      code: '// deliberate sleep: a retry of the 404 would come 1 s later\nawait new Promise((r) => setTimeout(r, 2500));\nassert.ok(asked <= 2);',
      errors: [{ message: /in a test: wait for the event/ }],
    },
    // Pacing right before an assertion is a wait for that assertion, whatever the comment says.
    {
      filename: at('api/test/payments.e2e-spec.ts'),
      code: '// pacing: a refund would be asked for after the answer\nawait new Promise((r) => setTimeout(r, 200));\nexpect(stripe.refunds()).toHaveLength(before);',
      errors: [{ message: /before an assertion/ }],
    },
    {
      filename: at('pwa/e2e/cart.spec.mjs'),
      code: 'await page.waitForTimeout(300); // pacing: settle\nawait expect(page.getByText("x")).toHaveCount(0);',
      errors: [{ message: /before an assertion/ }],
    },
    // A file's own sleep helper: allowed where it is defined as pacing, reported where it is called.
    {
      filename: at('api/test/realtime.e2e-spec.ts'),
      code: '// pacing: a socket event would have come by then\nconst settle = () => new Promise((r) => setTimeout(r, 300));\nit("x", async () => { await settle(); expect(seen).toEqual([]); });',
      errors: [{ message: /settle\(…\) in a test/ }],
    },
  ],
});
