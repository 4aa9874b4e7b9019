import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@haat/shared/orders/order.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { setSessionUser } from '../../../lib/http/session';
import { tokens } from '../../../lib/http/tokens';
import { db } from '../../../lib/storage/db';
import { clearUserData } from '../../../lib/storage/user-data';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { PaymentRetry } from '../components/payment-retry';

/**
 * The cancelled card order's page (docs/product.md#after-a-payment-fails): "Try again" and "Pay on delivery instead"
 * send one Idempotency-Key derived from the cancelled order, so two taps, two tabs or a retry make one order. The
 * stand-in API refuses the first press (the hold limit), then answers as the API does once an order has the key.
 */
const sent: Array<{ url: string; key: string | undefined }> = [];
withLocalApiServer((req, res) => {
  const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  req.resume();
  req.on('end', () => {
    if (req.url === '/api/order/cash-on-delivery' || req.url === '/api/order/checkout') {
      sent.push({ url: req.url, key: req.headers['idempotency-key'] as string | undefined });
      if (sent.length === 1) return send(409, { success: false, error: true, code: 'HOLD_LIMIT', message: 'Too many held.', limit: 20, held: 18 });
      return send(422, { success: false, error: true, code: 'IDEMPOTENCY_KEY_REUSED', message: 'Idempotency-Key was used for a different request.' });
    }
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

const USER = { _id: 'U1', name: 'Asha', username: 'asha', email: 'asha@example.com', avatar: '', mobile: '', role: 'USER' };
const product = { _id: 'P1', name: 'Ludo Set', image: [], unit: '1 box', price: 200, discount: 0, stock: 9 };
const cancelled = {
  _id: 'O1',
  orderId: 'HTRETRY001',
  userId: 'U1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  payment_method: 'CARD',
  payment_status: 'CANCELLED',
  status: 'CANCELLED',
  subTotalAmt: 400,
  totalAmt: 400,
  quantity: 2,
  delivery_address: {
    _id: 'A1',
    name: 'Asha Verma',
    building: '12',
    address_line: 'MG Road',
    district: 'Chennai',
    city: 'Chennai',
    state: 'Tamil Nadu',
    country: 'India',
    pincode: '600001',
    mobile: '9876543210',
  },
  product_details: [],
} as unknown as Order;

beforeEach(async () => {
  sent.length = 0;
  await clearUserData();
  tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
  setSessionUser(USER as never);
  await db.orders.put(cancelled);
  await db.cart.put({ key: cartLineKey('P1'), productId: 'P1', quantity: 2, product, addedAt: 1 });
});
afterEach(() => {
  cleanup();
  setSessionUser(null);
  tokens.clear();
});

describe("the cancelled order's two buttons", () => {
  it('send one key derived from the cancelled order, press after press and button after button, and say when it was already used', async () => {
    render(<PaymentRetry orderId="HTRETRY001" />, { wrapper: MemoryRouter });
    const retry = await screen.findByTestId('payment-retry');
    const cod = await within(retry).findByRole<HTMLButtonElement>('button', { name: 'Pay on delivery instead' });
    const card = within(retry).getByRole<HTMLButtonElement>('button', { name: 'Try again' });
    await waitFor(() => expect(cod.disabled).toBe(false));
    fireEvent.click(cod);
    await screen.findByTestId('hold-limit');
    // The pressed button stays enabled while its order is placed (a press then is ignored): its busy state is aria-busy.
    await waitFor(() => expect(cod.getAttribute('aria-busy')).toBeNull());
    fireEvent.click(cod);
    await waitFor(() => expect(screen.getByTestId('payment-retry-refused').textContent).toMatch(/already been replaced/));
    await waitFor(() => expect(card.disabled || cod.getAttribute('aria-busy') !== null).toBe(false));
    fireEvent.click(card);
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((s) => s.key)).toEqual(['replaces:HTRETRY001', 'replaces:HTRETRY001', 'replaces:HTRETRY001']);
    expect(sent.map((s) => s.url)).toEqual(['/api/order/cash-on-delivery', '/api/order/cash-on-delivery', '/api/order/checkout']);
  });
});
