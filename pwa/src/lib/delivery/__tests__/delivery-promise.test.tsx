import { act, cleanup, render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { Tagline } from '../../../app/shell/header';
import { deliveryPlaceAtom, rememberDeliveryPlace } from '../delivery-place';
import { cartPromiseKey, promiseKey, PromiseNote, promiseWords, type DeliveryPromise } from '../delivery-promise';
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

describe("the header's promise with a dark store", () => {
  it("says the store's minutes for its pincode, kept while the same pincode is named again, dropped for another", () => {
    render(<Tagline />);
    act(() => getDefaultStore().set(deliveryPlaceAtom, { ...KORAMANGALA, minutes: 10 }));
    expect(screen.getByTestId('header-promise').textContent).toBe('Delivery to 560034 in 10 minutes');
    act(() => rememberDeliveryPlace(KORAMANGALA));
    expect(screen.getByTestId('header-promise').textContent).toBe('Delivery to 560034 in 10 minutes');
    act(() => rememberDeliveryPlace({ pincode: '600001', city: 'Chennai', state: 'Tamil Nadu' }));
    expect(screen.getByTestId('header-promise').textContent).toMatch(/^Delivery to 600001 by \w{3}, \d{1,2} \w{3,4}$/);
  });
});
