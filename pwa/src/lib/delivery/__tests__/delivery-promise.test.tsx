import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { Tagline } from '../../../app/shell/header';
import { HeaderPromise, headerSubject, productOnScreen } from '../header-promise';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { invalidate } from '../../query/query-client';
import { queryKeys } from '../../query/query-keys';
import { deliveryPlaceAtom, rememberDeliveryPlace } from '../delivery-place';
import { cartPromiseKey, PromiseNote, promiseWords, usePromise, type DeliveryPromise, type PromiseSubject } from '../delivery-promise';
import { deliveryDateWords } from '../delivery-words';
import { promiseKey } from '../promise-api';
import type { CartLine } from '../../storage/device-store';

// The promise a pincode gets, in words (docs/product.md#delivery): a dark store's minutes or the courier's date.
const EXPRESS: DeliveryPromise = { kind: 'express', minutes: 10, store: { _id: 'S1', name: 'Koramangala' } };
const COURIER: DeliveryPromise = { kind: 'courier', date: '2026-11-28' };
const KORAMANGALA = { pincode: '560034', city: 'Bengaluru', state: 'Karnataka' };

afterEach(async () => {
  cleanup();
  getDefaultStore().set(deliveryPlaceAtom, null);
  localStorage.clear();
  await setLanguage('en-IN', false);
});

describe('the promise in words', () => {
  it("says a store's minutes or the courier's date, in English and Hindi", async () => {
    expect(promiseWords(EXPRESS)).toBe('Delivery in 10 minutes');
    expect(promiseWords(COURIER)).toBe('Delivery by Sat, 28 Nov');
    await setLanguage('hi-IN', false);
    expect(promiseWords(EXPRESS)).toBe('10 मिनट में डिलीवरी');
    expect(promiseWords(COURIER)).toMatch(/^.*28.* तक डिलीवरी$/);
    expect(promiseWords(COURIER)).not.toMatch(/Sat|Nov/);
  });

  it('draws the kind, the pincode and the store it comes from', async () => {
    render(<PromiseNote seen={{ promise: EXPRESS, seenAt: '' }} testId="note" to="560034" />);
    expect(screen.getByTestId('note').dataset.kind).toBe('express');
    expect(screen.getByTestId('note').textContent).toBe('Delivery in 10 minutes to 560034 · from our Koramangala store');
    cleanup();
    await setLanguage('hi-IN', false);
    render(<PromiseNote seen={{ promise: COURIER, seenAt: '' }} testId="note" label="placedUnder" />);
    expect(screen.getByTestId('note').dataset.kind).toBe('courier');
    expect(screen.getByTestId('note').textContent).toMatch(/^ऑर्डर इस वादे पर रखा गया: .* तक डिलीवरी$/);
  });

  it('is kept per pincode and product, and the cart is asked again when a line or its sync changes', () => {
    expect(promiseKey('560034', 'P1')).toBe('promise:560034:P1');
    expect(promiseKey('560034', 'P1', 'V1')).toBe('promise:560034:P1:V1');
    expect(promiseKey('560034')).toBe('promise:560034:cart');
    const line = { key: 'P1', quantity: 1 } as CartLine;
    expect(cartPromiseKey([], 0)).toBeUndefined();
    const one = cartPromiseKey([line], 1);
    expect(cartPromiseKey([{ ...line, quantity: 2 }], 1)).not.toBe(one);
    expect(cartPromiseKey([line], 0)).not.toBe(one);
  });
});

/** The one promise route, standing in for the API: express for products the Koramangala store stocks, else the courier. */
const asked: string[] = [];
const STOCKED = new Set(['EARBUDS']);
withLocalApiServer((req, res) => {
  const url = new URL(req.url ?? '', 'http://x');
  asked.push(`${url.pathname}?${url.searchParams.toString()}`);
  const productId = url.searchParams.get('productId');
  // The cart: express only while every line is on the store's shelves (here, a cart key naming EARBUDS alone).
  const express = url.searchParams.get('pincode') === '560034' && (productId ? STOCKED.has(productId) : cartExpress);
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ success: true, error: false, data: { promise: express ? EXPRESS : COURIER } }));
});
let cartExpress = false;
afterEach(() => {
  asked.length = 0;
  cartExpress = false;
});

function Shown({ subject, testId }: { subject: PromiseSubject | null; testId: string }) {
  const seen = usePromise(subject);
  return <span data-testid={testId}>{seen ? promiseWords(seen.promise) : 'none'}</span>;
}

describe('usePromise: one promise for a product, the cart or nothing, from the one route', () => {
  it('asks the route once for every part showing the same product, and gives its answer', async () => {
    const subject = { pincode: '560034', productId: 'EARBUDS' };
    render(
      <>
        <Shown subject={subject} testId="a" />
        <Shown subject={{ ...subject }} testId="b" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('Delivery in 10 minutes'));
    expect(screen.getByTestId('b').textContent).toBe('Delivery in 10 minutes');
    expect(asked).toEqual(['/api/delivery/promise?pincode=560034&productId=EARBUDS']);
  });

  it('asks for the cart without a product, again when its lines change, and again when a socket event says stock moved', async () => {
    const { rerender } = render(<Shown subject={{ pincode: '560034', cart: 'CHESS*1|0' }} testId="cart" />);
    await waitFor(() => expect(screen.getByTestId('cart').textContent).toMatch(/^Delivery by /));
    cartExpress = true;
    rerender(<Shown subject={{ pincode: '560034', cart: 'EARBUDS*1|0' }} testId="cart" />);
    await waitFor(() => expect(screen.getByTestId('cart').textContent).toBe('Delivery in 10 minutes'));
    cartExpress = false;
    await act(() => invalidate(...queryKeys.promises()));
    await waitFor(() => expect(screen.getByTestId('cart').textContent).toMatch(/^Delivery by /));
    expect(asked).toEqual(Array(3).fill('/api/delivery/promise?pincode=560034'));
  });

  it('asks nothing without a subject', async () => {
    // A part with a subject beside it: once its answer came, the one without asked nothing meanwhile.
    render(
      <>
        <Shown subject={null} testId="none" />
        <Shown subject={{ pincode: '560034', productId: 'CHESS' }} testId="chess" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('chess').textContent).toMatch(/^Delivery by /));
    expect(screen.getByTestId('none').textContent).toBe('none');
    expect(asked).toEqual(['/api/delivery/promise?pincode=560034&productId=CHESS']);
  });
});

describe("the header's promise: what is true for what the shopper looks at or holds", () => {
  const header = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <HeaderPromise place={KORAMANGALA} />
      </MemoryRouter>,
    );

  it("on a product's page, that product's promise: a store's minutes for a stocked one, the courier's date for a chess set", async () => {
    header('/product/Boat-Earbuds-EARBUDS');
    await waitFor(() => expect(document.body.textContent).toBe('Delivery to 560034 in 10 minutes'));
    cleanup();
    header('/product/Wooden-Chess-Set-CHESS');
    await waitFor(() => expect(document.body.textContent).toBe(`Delivery to 560034 by ${deliveryDateWords(COURIER.date)}`));
  });

  it("elsewhere, signed out: the place's own date by the delivery zones, asking nothing", async () => {
    header('/');
    expect(document.body.textContent).toMatch(/^Delivery to 560034 by \w{3}, \d{1,2} \w{3,4}$/);
    // No cart is asked for a shopper signed out (the route answers a cart's promise to its owner only): a product
    // asked after it is answered while the header asked nothing.
    render(<Shown subject={{ pincode: '560034', productId: 'EARBUDS' }} testId="after" />);
    await waitFor(() => expect(screen.getByTestId('after').textContent).toBe('Delivery in 10 minutes'));
    expect(asked.filter((a) => !a.includes('productId'))).toEqual([]);
    expect(document.body.textContent).toMatch(/^Delivery to 560034 by /);
  });

  it('names its subject: the product on screen, else the cart, else none', () => {
    expect(productOnScreen('/product/Wooden-Chess-Set-CHESS')).toBe('CHESS');
    expect(productOnScreen('/search')).toBeNull();
    expect(headerSubject(KORAMANGALA, 'CHESS', 'EARBUDS*1|0')).toEqual({ pincode: '560034', productId: 'CHESS' });
    expect(headerSubject(KORAMANGALA, null, 'CHESS*1|0')).toEqual({ pincode: '560034', cart: 'CHESS*1|0' });
    expect(headerSubject(KORAMANGALA, null, undefined)).toBeNull();
  });

  it('before a place is named, the range; a place named shows its date at once', () => {
    render(<Tagline />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('header-promise').textContent).toMatch(/^Delivery in 1–5 days/);
    act(() => rememberDeliveryPlace({ pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' }));
    expect(screen.getByTestId('header-promise').textContent).toMatch(/^Delivery to 600001 by \w{3}, \d{1,2} \w{3,4}$/);
  });
});
