import { useAtomValue } from 'jotai';
import { useEffect, useState, type ComponentType } from 'react';
import { deliveryPlaceAtom } from './delivery-place';

/**
 * What a row or grid of product cards draws for each card's delivery (docs/product.md#delivery): nothing until the
 * shopper has chosen a pincode, then the store-minutes line (card-promise.tsx), whose code loads only then, so a
 * first visit's `/` carries this hook alone.
 */
export function useCardNote(): ComponentType<{ productId: string }> | undefined {
  const chosen = !!useAtomValue(deliveryPlaceAtom);
  const [note, setNote] = useState<ComponentType<{ productId: string }>>();
  useEffect(() => {
    if (chosen && !note) void import('./promise-part').then((m) => setNote(() => m.CardPromisePart));
  }, [chosen, note]);
  return chosen ? note : undefined;
}
