import { describe, expect, it } from 'vitest';
import type { Store } from '@haat/shared/stores/store.schema';
import { emptyStoreFields, storeFieldsOf, storeRequest } from '../store-form-model';

// The Stores screen's form, checked with the API's own schema before sending (docs/product.md#delivery).
const KORAMANGALA = {
  name: 'Koramangala',
  address: '80 Feet Road, 4th Block',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560034',
  servesPincodes: '560034, 560095 560047,560034',
  promiseMinutes: '10',
  opensAt: '08:30',
  closesAt: '22:00',
};

describe('the store form', () => {
  it('sends the pincodes served as a list (each once) and the minutes as a number', () => {
    const checked = storeRequest(KORAMANGALA);
    expect(checked).toEqual({ ok: true, body: { ...KORAMANGALA, servesPincodes: ['560034', '560095', '560047'], promiseMinutes: 10 } });
  });

  it('names each field with a problem: missing, a bad pincode, minutes out of range', () => {
    const checked = storeRequest({
      ...emptyStoreFields(),
      address: 'x',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '5600',
      servesPincodes: '560034 12',
      promiseMinutes: '3',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.name).toBe('is required');
    expect(checked.problems.pincode).toBeTruthy();
    expect(checked.problems.servesPincodes).toBeTruthy();
    expect(checked.problems.promiseMinutes).toBe('must be at least 5');
    expect(checked.problems.city).toBeUndefined();
  });

  it("sends the counter's hours as typed, and names an hour that is not one or left empty", () => {
    expect(storeRequest(KORAMANGALA)).toMatchObject({ ok: true, body: { opensAt: '08:30', closesAt: '22:00' } });
    const checked = storeRequest({ ...KORAMANGALA, opensAt: '24:00', closesAt: ' ' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual({ opensAt: 'must be a time HH:MM (24 hours)', closesAt: 'is required' });
  });

  it('opens a store as it stands (its hours too), and a new one at 10 minutes and 09:00 to 21:00', () => {
    const store: Store = {
      ...KORAMANGALA,
      _id: 'S1',
      servesPincodes: ['560034', '560095'],
      promiseMinutes: 15,
      opensAt: '07:00',
      closesAt: '23:30',
      open: true,
      createdAt: '',
      updatedAt: '',
      units: 3,
      products: 1,
    };
    expect(storeFieldsOf(store)).toMatchObject({
      servesPincodes: '560034, 560095',
      promiseMinutes: '15',
      name: 'Koramangala',
      opensAt: '07:00',
      closesAt: '23:30',
    });
    // A new store opens with the hours the API gives a store it is not told any.
    expect(emptyStoreFields()).toMatchObject({ promiseMinutes: '10', opensAt: '09:00', closesAt: '21:00' });
  });
});
