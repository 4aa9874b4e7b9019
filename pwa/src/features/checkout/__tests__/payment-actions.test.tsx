import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addStylesheet } from '../../../test-support/stylesheet';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { PaymentActions } from '../components/payment-actions';

// The shop's public settings, card payments on: Pay Online is then unusable only for the reason a test gives it.
withLocalApiServer((req, res) => {
  if (req.url === '/api/config/public') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ success: true, error: false, data: { googleClientId: null, paymentsEnabled: true, returnWindowDays: 7 } }));
  }
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, error: true, code: 'NOT_FOUND', message: 'Not found' }));
});

// The buttons' own rules: the app's .btn styles and the checkout's.
const removers: Array<() => void> = [];
beforeAll(() =>
  removers.push(addStylesheet('app/styles/theme.css'), addStylesheet('app/styles/layout.css'), addStylesheet('features/checkout/components/checkout.css')),
);
afterAll(() => removers.forEach((remove) => remove()));
afterEach(() => {
  cleanup();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
});

const actions = (busy: 'cod' | 'card' | null = null) => (
  <PaymentActions busy={busy} paymentsDown={null} onPayOnline={() => undefined} onCashOnDelivery={() => undefined} />
);

describe('Pay Online when it cannot be used (docs/product.md#screens, Checkout)', () => {
  it('is an outline in muted text, not the filled main button', () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    render(actions());
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: 'Pay Online' });
    expect(pay.disabled).toBe(true);
    // jsdom leaves var(--brand) unresolved, so the rule is read by what it sets besides the colours.
    const css = getComputedStyle(pay);
    expect(css.backgroundColor).toBe('rgba(0, 0, 0, 0)');
    expect(css.borderStyle).toBe('dashed');
    expect(css.opacity, 'readable, not faded').toBe('1');
  });

  it('is the filled main button when it can be used, and while its own payment starts', async () => {
    const { rerender } = render(actions());
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: 'Pay Online' });
    await waitFor(() => expect(pay.disabled).toBe(false));
    expect(getComputedStyle(pay).borderStyle).toBe('solid');
    rerender(actions('card'));
    // Enabled while its payment starts, so the keyboard's focus stays on it (usePlaceOrder ignores a second press); the
    // other button waits.
    expect(pay.disabled).toBe(false);
    expect(pay.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cash on Delivery' }).disabled).toBe(true);
    expect(getComputedStyle(pay).borderStyle, 'its own payment starting is not "unavailable"').toBe('solid');
  });
});
