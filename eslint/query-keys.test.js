// node --test eslint/: the query-keys rule on made-up files at real places in this repository.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { queryKeysRule } from './query-keys.js';

RuleTester.describe = describe;
RuleTester.it = it;

const at = (path) => join(import.meta.dirname, '..', path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('haat/query-keys', queryKeysRule, {
  valid: [
    { filename: at('pwa/src/features/admin/coupons-api.ts'), code: 'queryOptions({ queryKey: adminKeys.coupons(), queryFn });' },
    { filename: at('pwa/src/features/admin/store-queue.tsx'), code: 'void invalidate(...adminKeys.storeQueue(id));' },
    { filename: at('pwa/src/features/admin/hooks/use-admin-list.ts'), code: 'invalidate(...options.queryKey.slice(0, 2));' },
    // The one place keys are written, and tests that build their own.
    { filename: at('pwa/src/lib/query/query-keys.ts'), code: "export const queryKeys = { config: () => ['config'] };" },
    { filename: at('pwa/src/lib/query/admin-keys.ts'), code: "export const adminKeys = { coupons: () => ['admin', 'coupons'] };" },
    { filename: at('pwa/src/lib/query/__tests__/keys.test.ts'), code: "useOnlineQuery({ queryKey: ['a'], queryFn });" },
    // Outside the PWA's source.
    { filename: at('api/src/x.ts'), code: "q({ queryKey: ['a'] }); invalidate('a');" },
  ],
  invalid: [
    { filename: at('pwa/src/features/admin/synonyms.page.tsx'), code: "useOnlineQuery({ queryKey: ['admin', 'synonyms'], queryFn });", errors: 1 },
    { filename: at('pwa/src/features/realtime/new-orders-counter.ts'), code: "queryClient.setQueriesData({ queryKey: ['new-orders'] }, 0);", errors: 1 },
    { filename: at('pwa/src/features/realtime/realtime-connection.ts'), code: "void invalidate('admin', 'orders');", errors: 1 },
    { filename: at('pwa/src/features/admin/store-queue.tsx'), code: 'void invalidate(`admin`, key);', errors: 1 },
  ],
});
