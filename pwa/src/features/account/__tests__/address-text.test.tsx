import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Address } from '@haat/shared/addresses/address.types';
import { AddressText } from '../components/address-text';

afterEach(cleanup);

const address: Address = {
  _id: 'A1',
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
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const lines = (a: Address) => [...render(<AddressText address={a} />).container.firstElementChild!.children].map((el) => el.textContent);

describe('an address card', () => {
  it('reads in five lines, the pincode beside the city and state, every field kept', () => {
    expect(lines(address)).toEqual(['Asha Verma', '12 Lotus Apartments, MG Road', 'Pune, Maharashtra 411001', 'India', '+91 98765 43210']);
  });

  it('names the district when it is not the city', () => {
    expect(lines({ ...address, city: 'Hinjewadi', district: 'Pune' })[2]).toBe('Hinjewadi, Pune, Maharashtra 411001');
  });
});
