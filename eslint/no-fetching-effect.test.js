// node --test eslint/: the no-fetching-effect rule on made-up files at real places in this repository.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { noFetchingEffect } from './no-fetching-effect.js';

RuleTester.describe = describe;
RuleTester.it = it;

const at = (path) => join(import.meta.dirname, '..', path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('haat/no-fetching-effect', noFetchingEffect, {
  valid: [
    // Reading through the layer, and an effect that only reacts to what was read.
    {
      filename: at('pwa/src/features/admin/overview.page.tsx'),
      code: "import { overviewApi } from './overview-api'; const q = useOnlineQuery({ queryKey: ['o'], queryFn: ({ signal }) => overviewApi.get(5, signal) });",
    },
    { filename: at('pwa/src/features/admin/products.page.tsx'), code: 'useEffect(() => { if (wanted) edit(wanted); }, [wanted]);' },
    // A call in an event handler, not in an effect.
    { filename: at('pwa/src/features/admin/coupons.page.tsx'), code: "import { couponsApi } from './coupons-api'; const f = () => couponsApi.list();" },
    // An effect that calls nothing of the network; tests may do as they like; listed files wait for their replacement.
    { filename: at('pwa/src/features/cart/x.tsx'), code: "import { x } from './api'; useEffect(() => { window.scrollTo(0, 0); }, []);" },
    { filename: at('pwa/src/features/cart/__tests__/x.test.tsx'), code: "useEffect(() => { void fetch('/api/x'); }, []);" },
    {
      filename: at('pwa/src/app/session-sync.tsx'),
      code: "import { accountApi } from '../features/account/public'; import { x } from './api'; useEffect(() => { void x.get(); }, []);",
      options: [{ allow: ['pwa/src/app/session-sync.tsx'] }],
    },
    // A function of a module that reaches the network, declared to answer no promise (a classifier).
    {
      filename: at('pwa/src/features/realtime/x.tsx'),
      code: "import { pushSupported } from './web-push'; useEffect(() => { if (pushSupported()) setShown(true); }, []);",
    },
    // A local callback that fetches, called from an event handler; a local function that fetches nothing, from an effect.
    {
      filename: at('pwa/src/features/checkout/x.tsx'),
      code: "import { checkoutApi } from './api'; const apply = useCallback(() => checkoutApi.couponPreview({}), []); const onClick = () => apply(); const reset = () => setCode(null); useEffect(() => { reset(); }, [lines]);",
    },
    // A component re-exported by a public.ts next to an API object is not the API object.
    { filename: at('pwa/src/app/x.tsx'), code: "import { AddressText } from '../features/account/public'; useEffect(() => { AddressText(props); }, []);" },
  ],
  invalid: [
    // Through a feature's public.ts, to the API module it re-exports.
    {
      filename: at('pwa/src/app/x.tsx'),
      code: "import { accountApi } from '../features/account/public'; useEffect(() => { void accountApi.userDetails(); }, []);",
      errors: [{ message: /accountApi/ }],
    },
    // A module of ours that calls the API itself (a feature's sync module).
    {
      filename: at('pwa/src/features/account/x.tsx'),
      code: "import { reloadWishlist } from './wishlist-sync'; useEffect(() => { void reloadWishlist(); }, []);",
      errors: [{ message: /reloadWishlist/ }],
    },
    {
      filename: at('pwa/src/features/admin/overview.page.tsx'),
      code: "import { overviewApi } from './overview-api'; useEffect(() => { overviewApi.get(5).then(setData); }, []);",
      errors: [{ message: /An effect must not fetch \(overviewApi\)/ }],
    },
    { filename: at('pwa/src/features/product/x.tsx'), code: "useEffect(() => { void fetch('/api/config'); }, []);", errors: 1 },
    {
      filename: at('pwa/src/features/product/x.tsx'),
      code: "import { http } from '../../lib/http/http'; React.useLayoutEffect(() => { let live = true; (async () => { await http.get('x').json(); })(); }, []);",
      errors: 1,
    },
    {
      filename: at('pwa/src/features/product/x.tsx'),
      code: "import { getJson } from '../../lib/http/api-client'; useEffect(() => { getJson('x').then(set); }, []);",
      errors: 1,
    },
    {
      filename: at('pwa/src/features/checkout/x.tsx'),
      code: "import { fetchOrder } from './api'; useEffect(() => { fetchOrder(id).then(set); }, [id]);",
      errors: 1,
    },
    { filename: at('pwa/src/features/checkout/x.tsx'), code: "import ky from 'ky'; useEffect(() => { ky.get('/x'); }, []);", errors: 1 },
    // Through a local callback (a hook's `apply` that an effect calls again), and through a chain of them.
    {
      filename: at('pwa/src/features/checkout/x.tsx'),
      code: "import { checkoutApi } from './api'; const apply = useCallback(async (code) => { await checkoutApi.couponPreview({ code }); }, []); useEffect(() => { if (stale) void apply(code); }, [stale, apply]);",
      errors: [{ message: /An effect must not fetch \(apply, which calls checkoutApi\)/ }],
    },
    {
      filename: at('pwa/src/features/checkout/x.tsx'),
      code: "import { http } from '../../lib/http/http'; function ask() { return http.get('x'); } const again = () => ask(); useEffect(() => { again(); }, []);",
      errors: [{ message: /\(again, which calls ask\)/ }],
    },
  ],
});
