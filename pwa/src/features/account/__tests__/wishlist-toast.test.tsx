import 'fake-indexeddb/auto';
import { act, cleanup, renderHook } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { db } from '../../../lib/storage/db';
import { clearUserData } from '../../../lib/storage/user-data';
import { setSessionUser } from '../../../lib/http/session';
import { toast, toastsAtom } from '../../../lib/ui/toast';
import { setLanguage } from '../../../i18n/i18n';
import { useWishlistToggle } from '../hooks/use-wishlist-toggle';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
const toasts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => t.message);

beforeEach(async () => {
  await clearUserData();
  getDefaultStore().set(toastsAtom, []);
  setSessionUser({ _id: 'u1', name: 'Asha' } as User);
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false }); // the outbox keeps the change
});
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

describe('wishlist heart toast (docs/product.md#states, Wishlist)', () => {
  it('says "Added to wishlist", then "Removed from wishlist" in its place, beside a cart toast it leaves alone', async () => {
    toast.success('Added: Watch, 1 in cart'); // the cart's toast on screen already
    const { result } = renderHook(() => useWishlistToggle('w1'), { wrapper });
    await act(() => result.current.toggle());
    expect(await db.wishlist.get('w1')).toBeTruthy();
    expect(toasts()).toEqual(['Added: Watch, 1 in cart', 'Added to wishlist']);
    await act(() => result.current.toggle());
    expect(await db.wishlist.get('w1')).toBeUndefined();
    expect(toasts()).toEqual(['Added: Watch, 1 in cart', 'Removed from wishlist']);
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
