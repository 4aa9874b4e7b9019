import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '@haat/shared/addresses/address.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { setLanguage } from '../../../i18n/i18n';
import { setSessionUser } from '../../../lib/http/session';
import { tokens } from '../../../lib/http/tokens';
import { deliveryPlaceAtom } from '../../../lib/delivery/delivery-place';
import { db } from '../../../lib/storage/db';
import { clearUserData } from '../../../lib/storage/user-data';
import { toastsAtom } from '../../../lib/ui/toast';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { CheckoutPage } from '../checkout.page';

/**
 * 409 HOLD_LIMIT at checkout (docs/product.md#rules-and-limits), answered as api/src/orders/order-placement.service.ts
 * words it: the message stays on the page with links to where the shopper can act, not a toast that goes away.
 */
const SHOP_CAP = 'Your unpaid and undelivered orders already hold 18 items; one account may hold 20 at a time, so this order can have at most 2.';
const UNVERIFIED =
  'Until your e-mail is verified, your unpaid and undelivered orders may hold 5 items; they hold 4, so this order can have at most 1. Verify your e-mail on My Profile to hold up to 20.';
let answer: Record<string, unknown> = {};
withLocalApiServer((req, res) => {
  const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  req.resume();
  req.on('end', () => {
    if (req.url === '/api/order/cash-on-delivery') return send(409, { success: false, error: true, code: 'HOLD_LIMIT', ...answer });
    if (req.url?.startsWith('/api/address/get')) return send(200, { success: true, error: false, data: [] });
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

const USER = { _id: 'U1', name: 'Asha', username: 'asha', email: 'asha@example.com', avatar: '', mobile: '', role: 'USER' };
const address: Address = {
  _id: 'A1',
  userId: 'U1',
  name: 'Asha Verma',
  building: '12 Lotus Apartments',
  address_line: 'MG Road',
  city: 'Chennai',
  district: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600001',
  country: 'India',
  mobile: '9876543210',
  status: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const product = { _id: 'P1', name: 'Ludo Set', image: [], unit: '1 box', price: 200, discount: 0, stock: 9 };

beforeEach(async () => {
  await clearUserData();
  tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
  setSessionUser(USER as never);
  await db.addresses.put(address);
  await db.cart.put({ key: cartLineKey('P1'), productId: 'P1', quantity: 3, product, addedAt: 1 });
});
afterEach(async () => {
  cleanup();
  setSessionUser(null);
  tokens.clear();
  getDefaultStore().set(deliveryPlaceAtom, null);
  getDefaultStore().set(toastsAtom, []);
  await setLanguage('en-IN', false);
});

const placeCashOnDelivery = async () => {
  render(<CheckoutPage />, { wrapper: MemoryRouter });
  await screen.findByTestId('checkout-promise'); // the address is chosen
  fireEvent.click(screen.getByRole('button', { name: /Cash on Delivery|कैश ऑन डिलीवरी/ }));
  return screen.findByTestId('hold-limit');
};
const links = (notice: HTMLElement) =>
  within(notice)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('the hold limit at checkout', () => {
  it("says the server's words with links to the cart and to My Orders", async () => {
    answer = { message: SHOP_CAP, limit: 20, held: 18 };
    const notice = await placeCashOnDelivery();
    expect(notice.getAttribute('role')).toBe('alert');
    expect(within(notice).getByText(SHOP_CAP)).toBeTruthy();
    expect(links(notice)).toEqual([
      ['Change the cart', '/cart'],
      ['Pay or cancel an unpaid order in My Orders', '/my-orders'],
    ]);
    expect(getDefaultStore().get(toastsAtom)).toEqual([]); // said once, on the page
  });

  it("for an unverified account, leads first to My Profile's Send verification link", async () => {
    answer = { message: UNVERIFIED, limit: 5, held: 4, verifyEmail: true, verifiedLimit: 20 };
    const notice = await placeCashOnDelivery();
    expect(within(notice).getByText(UNVERIFIED)).toBeTruthy();
    expect(links(notice)[0]).toEqual(['Verify your e-mail on My Profile', '/dashboard/profile#verify-email']);
    expect(links(notice)).toHaveLength(3);
  });

  it('leaves My Orders out when no order holds anything (one order over the cap by itself)', async () => {
    answer = { message: 'One order may hold at most 20 items until it is paid or delivered; this one has 23.', limit: 20, held: 0 };
    const notice = await placeCashOnDelivery();
    expect(links(notice)).toEqual([['Change the cart', '/cart']]);
  });

  it('says its links in Hindi too', async () => {
    await setLanguage('hi-IN', false);
    answer = { message: UNVERIFIED, limit: 5, held: 4, verifyEmail: true, verifiedLimit: 20 };
    const notice = await placeCashOnDelivery();
    expect(links(notice).map(([text]) => text)).toEqual([
      'मेरी प्रोफ़ाइल पर अपना ई-मेल सत्यापित करें',
      'कार्ट बदलें',
      'मेरे ऑर्डर में बिना पेमेंट वाले ऑर्डर का पेमेंट करें या उसे रद्द करें',
    ]);
  });
});
