import { describe, expect, it } from 'vitest';
import { addressLines, addressText } from './address-lines.js';

describe('the address formatter', () => {
  const home = {
    building: 'Flat 4B, Lotus Apartments',
    street: '12 MG Road',
    city: 'Bengaluru',
    district: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    country: 'India',
  };

  it('prints a district named as its city once', () => {
    expect(addressLines(home)).toEqual(['Flat 4B, Lotus Apartments, 12 MG Road', 'Bengaluru, Karnataka 560001', 'India']);
  });

  it('keeps a district that is not the city, and drops a street part that repeats the city', () => {
    expect(addressText({ ...home, street: '12 MG Road, bengaluru', district: 'Bengaluru Urban' })).toBe(
      'Flat 4B, Lotus Apartments, 12 MG Road, Bengaluru, Bengaluru Urban, Karnataka 560001, India',
    );
  });

  it('without the state puts the pincode beside the city, and missing parts leave no stray comma', () => {
    expect(addressLines({ street: '14 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' }, { withoutState: true })).toEqual([
      '14 MG Road',
      'Bengaluru 560001',
    ]);
    expect(addressText({ street: ' 14  MG Road ', city: '', district: null, pincode: '' })).toBe('14 MG Road');
  });

  it('never prints any part twice', () => {
    const text = addressText({
      building: 'Bengaluru',
      street: 'MG Road, Bengaluru',
      city: 'Bengaluru',
      district: 'bengaluru',
      state: 'Karnataka',
      country: 'India',
    });
    const parts = text.split(', ').map((p) => p.toLowerCase());
    expect(new Set(parts).size).toBe(parts.length);
  });
});
