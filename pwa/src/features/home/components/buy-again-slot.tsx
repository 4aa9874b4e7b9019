import { useAtomValue } from 'jotai';
import { isSignedInAtom } from '../../../lib/http/session';
import { latePart } from '../../../lib/ui/late-part';

// Imported here rather than through load-buy-again-row.ts: a static import would put that file on every page preloading the late parts.
const BuyAgainRow = latePart(() => import('./buy-again-row').then((m) => m.BuyAgainRow));

/**
 * Home's place for Buy again, a late part itself (lib/ui/late-part.tsx): after the first screen, and only for a
 * signed-in shopper, the row's own chunk loads and asks the server (docs/product.md#buy-again-and-order-again).
 */
export function BuyAgain() {
  return useAtomValue(isSignedInAtom) ? <BuyAgainRow now /> : null;
}
