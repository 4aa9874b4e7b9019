import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../i18n/i18n';
import { signedInOffline, toastMessages } from '../../../test-support/offline-shopper';
import { AddToCartButton } from '../components/add-to-cart-button';

const rice = { name: 'Basmati Rice', _id: 'r1', image: [], unit: '1 kg', price: 120, discount: 0, stock: 5 };
const toasts = toastMessages;

beforeEach(signedInOffline);
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

const renderAdd = (label?: string) =>
  render(
    <MemoryRouter>
      <AddToCartButton product={rice} label={label} />
    </MemoryRouter>,
  );

describe('the add-to-cart control for keyboard and screen-reader users (docs/product.md#keyboard-and-screen-readers)', () => {
  it('moves focus from Add to the stepper that replaces it, and back to Add when − removes the line', async () => {
    renderAdd();
    const add = screen.getByRole('button', { name: 'Add: Basmati Rice' });
    add.focus();
    fireEvent.click(add);
    const plus = await screen.findByRole('button', { name: 'Add one more Basmati Rice' });
    await waitFor(() => expect(document.activeElement).toBe(plus));
    // Said once, in words, by the toaster's live region.
    expect(toasts()).toEqual(['Added: Basmati Rice, 1 in cart']);

    const minus = screen.getByRole('button', { name: 'Remove one Basmati Rice' });
    minus.focus();
    fireEvent.click(minus);
    const again = await screen.findByRole('button', { name: 'Add: Basmati Rice' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    // The line's message takes the place of its last one.
    expect(toasts()).toEqual(['Removed: Basmati Rice']);
  });

  it('names Add by its visible text first, then the product, in Hindi too', async () => {
    await setLanguage('hi-IN', false);
    renderAdd();
    const add = screen.getByRole('button', { name: 'जोड़ें: Basmati Rice' });
    expect(add.textContent).toBe('जोड़ें');
    cleanup();
    renderAdd(i18n.t('cart:addToCart'));
    expect(screen.getByRole('button', { name: 'कार्ट में डालें: Basmati Rice' }).textContent).toBe('कार्ट में डालें');
  });
});
