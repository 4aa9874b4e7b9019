import { useAtomValue } from 'jotai';
import { useEffect, useState, type ComponentType } from 'react';
import { deliveryPlaceAtom } from './delivery-place';

/**
 * What a row or grid of product cards draws for each card's delivery (docs/product.md#delivery): nothing until the
 * shopper has chosen a pincode, then the store-minutes line (card-promise.tsx), whose code loads only then, so a
 * first visit's `/` carries this hook alone.
 */
export function useCardNote(): ComponentType<{ productId: string }> | undefined {
  return usePromiseParts()?.CardPromisePart;
}

type Parts = typeof import('./promise-part');

/** The promise's lazy parts (promise-part.ts), loaded once the shopper has chosen a place; none before. */
export function usePromiseParts(): Parts | undefined {
  const chosen = !!useAtomValue(deliveryPlaceAtom);
  const [parts, setParts] = useState<Parts>();
  useEffect(() => {
    if (chosen && !parts) void import('./promise-part').then(setParts);
  }, [chosen, parts]);
  return chosen ? parts : undefined;
}
