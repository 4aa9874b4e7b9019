import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '@haat/shared/addresses/address.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { deliveryDateAfter } from '@haat/shared/addresses/delivery-zones';
import { setSessionUser } from '../../../lib/http/session';
import { tokens } from '../../../lib/http/tokens';
import { deliveryPlaceAtom } from '../../../lib/delivery/delivery-place';
import { deliveryDateWords } from '../../../lib/delivery/delivery-words';
import { db } from '../../../lib/storage/db';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { clearUserData } from '../../../lib/storage/user-data';
import { toastsAtom } from '../../../lib/ui/toast';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { CheckoutPage } from '../checkout.page';
import { registerCodQueue } from '../cod-queue';
import { QueuedOrderStatus } from '../components/queued-order-status';

/**
 * docs/product.md#delivery at checkout: the chosen address's expected date before placing; an address the shop does
 * not deliver to says so and nothing can be placed; a queued order the server refuses for its pincode is kept, failed,
 * with the server's words (docs/decisions/0209-queued-orders-and-coupons.md).
 */
const NOT_SERVED = 'We do not deliver to South Andaman, Andaman & Nicobar Islands (744101) yet. Please choose an address we deliver to.';
const sent: string[] = [];
withLocalApiServer((req, res) => {
  sent.push(req.url ?? '');
  const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  req.resume();
  req.on('end', () => {
    if (req.url === '/api/order/cash-on-delivery')
      return send(422, { success: false, error: true, code: 'PINCODE_NOT_SERVED', pincode: '744101', message: NOT_SERVED });
    if (req.url?.startsWith('/api/address/get')) return send(200, { success: true, error: false, data: [] });
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

const USER = { _id: 'U1', name: 'Asha', username: 'asha', email: 'asha@example.com', avatar: '', mobile: '', role: 'USER' };
const anAddress = (id: string, place: Pick<Address, 'pincode' | 'city' | 'district' | 'state'>): Address => ({
  _id: id,
  userId: 'U1',
  name: 'Asha Verma',
  building: '12 Lotus Apartments',
  address_line: 'MG Road',
  country: 'India',
  mobile: '9876543210',
  status: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...place,
});
const product = { _id: 'P1', name: 'Ludo Set', image: [], unit: '1 box', price: 200, discount: 0, stock: 9 };

beforeEach(async () => {
  await clearUserData();
  tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
  setSessionUser(USER as never);
  registerCodQueue();
  await db.cart.put({ key: cartLineKey('P1'), productId: 'P1', quantity: 1, product, addedAt: 1 });
});
afterEach(() => {
  cleanup();
  sent.length = 0;
  setSessionUser(null);
  tokens.clear();
  getDefaultStore().set(deliveryPlaceAtom, null);
  getDefaultStore().set(toastsAtom, []);
});

const buttons = () => ['Pay Online', 'Cash on Delivery'].map((name) => screen.getByRole<HTMLButtonElement>('button', { name }));

describe('checkout and the delivery rule', () => {
  it("shows the chosen address's expected date before placing, and the header's place follows it", async () => {
    await db.addresses.put(anAddress('A1', { pincode: '600001', city: 'Chennai', district: 'Chennai', state: 'Tamil Nadu' }));
    render(<CheckoutPage />, { wrapper: MemoryRouter });
    const promise = await screen.findByTestId('checkout-promise');
    expect(promise.textContent).toBe(`Delivery by ${deliveryDateWords(deliveryDateAfter(3, new Date()))}`);
    expect(buttons()[1]!.disabled).toBe(false);
    await waitFor(() => expect(getDefaultStore().get(deliveryPlaceAtom)).toEqual({ pincode: '600001', state: 'Tamil Nadu', city: 'Chennai' }));
  });

  it('refuses an address at 744101: the reason instead of a date, and neither button places anything', async () => {
    await db.addresses.put(anAddress('A1', { pincode: '744101', city: 'Port Blair', district: 'South Andaman', state: 'Andaman & Nicobar Islands' }));
    render(<CheckoutPage />, { wrapper: MemoryRouter });
    const promise = await screen.findByTestId('checkout-promise');
    expect(promise.textContent).toBe('Sorry, we do not deliver to Port Blair, Andaman & Nicobar Islands (744101) yet.');
    await waitFor(() => expect(buttons().map((b) => b.disabled)).toEqual([true, true]));
    expect(sent.filter((url) => url.startsWith('/api/order'))).toEqual([]);
  });

  it('a queued cash-on-delivery order refused for its pincode when it syncs is kept as failed, with the reason shown', async () => {
    await db.cart.clear();
    const body = { list_items: [{ productId: 'P1', variantId: null, quantity: 1 }], totalAmt: 200, address: 'A1' };
    await outboxFacade.enqueue('order.cod', body, 'K1');
    await outboxFacade.flush();
    expect(sent).toContain('/api/order/cash-on-delivery');
    expect((await db.outbox.get('K1'))?.failed).toBe(NOT_SERVED);
    expect(
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.message),
    ).toContain(`Your order could not be placed: ${NOT_SERVED}`);
    render(
      <MemoryRouter>
        <QueuedOrderStatus queueKey="K1" />
      </MemoryRouter>,
    );
    const failed = await screen.findByTestId('order-failed');
    expect(within(failed).getByRole('heading').textContent).toBe('Your order could not be placed');
    expect(failed.textContent).toContain(NOT_SERVED);
  });
});
