import 'fake-indexeddb/auto';
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '@haat/shared/addresses/address.types';
import { db } from '../../../lib/storage/db';
import { addStylesheet } from '../../../test-support/stylesheet';
import { AddressChoice } from '../components/address-choice';

const anAddress = (id: string, createdAt: string): Address => ({
  _id: id,
  userId: 'u1',
  name: 'Asha Verma',
  building: '12 Lotus Apartments',
  address_line: 'MG Road',
  district: 'Pune',
  city: 'Pune',
  state: 'Maharashtra',
  country: 'India',
  pincode: '411001',
  mobile: '9876543210',
  status: true,
  createdAt,
  updatedAt: createdAt,
});

let chosen: string | undefined;
function Checkout() {
  const [addressId, setAddressId] = useState<string>();
  chosen = addressId;
  return <AddressChoice selected={addressId} onSelect={(address) => setAddressId(address._id)} />;
}

beforeEach(async () => {
  chosen = undefined;
  await db.addresses.clear();
  await db.orders.clear();
});
afterEach(cleanup);
// The checkout's own rules, for the radio's size.
const removers: Array<() => void> = [];
beforeAll(() => removers.push(addStylesheet('features/account/components/account.css'), addStylesheet('features/checkout/components/checkout.css')));
afterAll(() => removers.forEach((remove) => remove()));

describe('the delivery address choice', () => {
  it('chooses the only saved address at once', async () => {
    await db.addresses.put(anAddress('A1', '2026-01-01T00:00:00.000Z'));
    render(<Checkout />, { wrapper: MemoryRouter });
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('radio').checked).toBe(true));
    expect(chosen).toBe('A1');
  });

  it('with two saved addresses chooses the one the last order went to, after a new sign-in the one saved last', async () => {
    await db.addresses.bulkPut([anAddress('A1', '2026-01-01T00:00:00.000Z'), anAddress('A2', '2026-01-02T00:00:00.000Z')]);
    const first = render(<Checkout />, { wrapper: MemoryRouter });
    await waitFor(() => expect(chosen).toBe('A2'));
    expect(
      screen
        .getAllByRole<HTMLInputElement>('radio')
        .filter((r) => r.checked)
        .map((r) => r.value),
    ).toEqual(['A2']);
    first.unmount();
    chosen = undefined;
    const order = (orderId: string, createdAt: string, addressId: string) =>
      ({ orderId, createdAt, delivery_address: { _id: addressId } }) as unknown as Parameters<typeof db.orders.put>[0];
    await db.orders.bulkPut([order('O1', '2026-02-01T00:00:00.000Z', 'A2'), order('O2', '2026-03-01T00:00:00.000Z', 'A1')]);
    render(<Checkout />, { wrapper: MemoryRouter });
    await waitFor(() => expect(chosen).toBe('A1'));
  });

  it('is a touch target: the radio 24 px square at least, its whole card (the label) 44 px high at least', async () => {
    await db.addresses.put(anAddress('A1', '2026-01-01T00:00:00.000Z'));
    render(<Checkout />, { wrapper: MemoryRouter });
    const radio = await screen.findByRole<HTMLInputElement>('radio');
    const css = getComputedStyle(radio);
    expect(parseFloat(css.width)).toBeGreaterThanOrEqual(24);
    expect(parseFloat(css.height)).toBeGreaterThanOrEqual(24);
    expect(radio.closest('label')?.getAttribute('data-testid')).toBe('address-option');
    expect(parseFloat(getComputedStyle(radio.closest('label')!).minHeight)).toBeGreaterThanOrEqual(44);
  });
});
