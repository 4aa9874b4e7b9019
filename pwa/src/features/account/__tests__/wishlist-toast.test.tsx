import 'fake-indexeddb/auto';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/storage/db';
import { toast } from '../../../lib/ui/toast';
import { signedInOffline, toastMessages } from '../../../test-support/offline-shopper';
import { setLanguage } from '../../../i18n/i18n';
import { useWishlistToggle } from '../hooks/use-wishlist-toggle';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const toasts = toastMessages;

beforeEach(signedInOffline);
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

describe('wishlist heart toast (docs/product.md#states, Wishlist)', () => {
  it('says "Added to wishlist", then "Removed from wishlist" in its place: one toast at a time, the newest', async () => {
    toast.success('Added: Watch, 1 in cart'); // the cart's toast on screen already
    const { result } = renderHook(() => useWishlistToggle('w1'), { wrapper });
    await act(() => result.current.toggle());
    expect(await db.wishlist.get('w1')).toBeTruthy();
    expect(toasts()).toEqual(['Added to wishlist']);
    await act(() => result.current.toggle());
    expect(await db.wishlist.get('w1')).toBeUndefined();
    expect(toasts()).toEqual(['Removed from wishlist']);
  });

  it('says it in Hindi too', async () => {
    await setLanguage('hi-IN', false);
    const { result } = renderHook(() => useWishlistToggle('w2'), { wrapper });
    await act(() => result.current.toggle());
    expect(toasts()).toEqual(['विशलिस्ट में जोड़ दिया गया']);
    await act(() => result.current.toggle());
    expect(toasts()).toEqual(['विशलिस्ट से हटा दिया गया']);
  });
});
