import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionUser } from '../../../lib/http/session';
import { tokens } from '../../../lib/http/tokens';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { clearUserData } from '../../../lib/storage/user-data';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { registerCodQueue } from '../cod-queue';
import { QueuedOrderStatus } from '../components/queued-order-status';

/**
 * docs/decisions/0209-queued-orders-and-coupons.md: a cash-on-delivery order queued offline with a coupon whose uses ran
 * out meanwhile is not placed at the full price; it fails like a price change, and the shopper reads why in words.
 */
const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
withLocalApiServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    sent.push({ url: req.url ?? '', body });
    const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.url === '/api/order/cash-on-delivery')
      return send(409, { success: false, error: true, code: 'COUPON_USED_UP', message: 'Coupon FESTIVE10 is used up.' });
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

const USER = { _id: 'U1', name: 'Asha', username: 'asha', email: 'asha@example.com', avatar: '', mobile: '', role: 'USER' };
beforeEach(async () => {
  await clearUserData();
  tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
  setSessionUser(USER as never);
  registerCodQueue();
});
afterEach(() => {
  cleanup();
  sent.length = 0;
  setSessionUser(null);
  tokens.clear();
});

describe('an order queued offline with a coupon', () => {
  it('carries its code, and when the code is refused on sending the shopper is told why', async () => {
    const body = { list_items: [{ productId: 'P1', variantId: null, quantity: 2 }], totalAmt: 450, subTotalAmt: 500, address: 'A1', couponCode: 'FESTIVE10' };
    await outboxFacade.enqueue('order.cod', body, 'K1');
    await outboxFacade.flush();
    expect(sent.find((s) => s.url === '/api/order/cash-on-delivery')?.body).toEqual(body);
    render(
      <MemoryRouter>
        <QueuedOrderStatus queueKey="K1" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Your order could not be placed' })).toBeTruthy();
    expect(screen.getByTestId('order-failed').textContent).toContain(
      'Coupon FESTIVE10 was not accepted: This coupon has been used up. Review your cart and place the order again, without the code or with another.',
    );
  });
});
