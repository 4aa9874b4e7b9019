import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { useCardNote } from '../card-note';
import { deliveryPlaceAtom } from '../delivery-place';
import { CardPromisePart } from '../promise-part';

afterEach(() => {
  cleanup();
  getDefaultStore().set(deliveryPlaceAtom, null);
});

describe("the product cards' delivery line (docs/product.md#delivery)", () => {
  it('draws nothing and loads nothing until a pincode is chosen, then the store-minutes line', async () => {
    const { result } = renderHook(() => useCardNote());
    expect(result.current).toBeUndefined();
    act(() => getDefaultStore().set(deliveryPlaceAtom, { pincode: '560034', city: 'Bengaluru', state: 'Karnataka' }));
    await waitFor(() => expect(result.current).toBe(CardPromisePart));
    // The pincode forgotten (signed out): the cards say nothing again.
    act(() => getDefaultStore().set(deliveryPlaceAtom, null));
    expect(result.current).toBeUndefined();
  });
});
