import { act, cleanup, render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { Tagline } from '../../../app/shell/header';
import { deliveryPlaceAtom, rememberDeliveryPlace } from '../delivery-place';
import { headerPromise } from '../delivery-words';
import { placePromise, zonesInWords } from '../place-words';

// The PWA's words about delivery, all from the one rule in shared/ (docs/product.md#delivery).
const AT = new Date('2026-11-24T10:00:00Z'); // a Tuesday in India
const BENGALURU = { pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
const PORT_BLAIR = { pincode: '744101', city: 'Port Blair', state: 'Andaman & Nicobar Islands' };

afterEach(async () => {
  cleanup();
  getDefaultStore().set(deliveryPlaceAtom, null);
  localStorage.clear();
  await setLanguage('en-IN', false);
});

describe('delivery words', () => {
  it('give a served place its date and a place not served the refusal, in English and Hindi', async () => {
    expect(placePromise(BENGALURU, AT)).toEqual({ served: true, text: 'Delivery by Wed, 25 Nov' });
    expect(placePromise({ pincode: '400001', city: 'Mumbai', state: 'Maharashtra' }, AT).text).toBe('Delivery by Sun, 29 Nov');
    expect(placePromise(PORT_BLAIR, AT)).toEqual({ served: false, text: 'Sorry, we do not deliver to Port Blair, Andaman & Nicobar Islands (744101) yet.' });
    expect(headerPromise(BENGALURU, AT)).toBe('Delivery to 560001 by Wed, 25 Nov');
    expect(headerPromise({ pincode: '793001', state: 'Meghalaya' }, AT)).toBe('No delivery to 793001 yet');

    await setLanguage('hi-IN', false);
    expect(placePromise(PORT_BLAIR, AT).text).toBe('माफ़ करें, हम अभी Port Blair, Andaman & Nicobar Islands (744101) में डिलीवरी नहीं करते।');
    expect(placePromise(BENGALURU, AT).text).toMatch(/^.+ तक डिलीवरी$/);
    expect(headerPromise({ pincode: '793001', state: 'Meghalaya' }, AT)).toBe('793001 पर अभी डिलीवरी नहीं');
  });

  it('list the zones for the FAQ with their days', () => {
    const words = zonesInWords();
    expect(words).toMatch(/^Bengaluru \(pincodes 560…\): 1 day; Karnataka: 2 days; Tamil Nadu, .*Goa: 3 days; Maharashtra, .*: 5 days$/);
    expect(words).not.toMatch(/Meghalaya|Andaman/);
  });
});

describe("the header's promise", () => {
  it('is the range until a place is known, then that place’s own promise', () => {
    render(<Tagline />);
    expect(screen.getByTestId('header-promise').textContent).toBe('Delivery in 1–5 days · 5,000+ products');
    act(() => rememberDeliveryPlace({ ...PORT_BLAIR, pincode: '744 101' }));
    expect(screen.getByTestId('header-promise').textContent).toBe('No delivery to 744101 yet');
    act(() => rememberDeliveryPlace(BENGALURU));
    expect(screen.getByTestId('header-promise').textContent).toMatch(/^Delivery to 560001 by \w{3}, \d{1,2} \w{3,4}$/);
    // Kept on the device, so the next visit starts with it.
    expect(JSON.parse(localStorage.getItem('haat.deliveryPlace')!)).toEqual(BENGALURU);
  });
});
