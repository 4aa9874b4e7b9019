import { describe, expect, it } from 'vitest';
import { formatInr } from './inr.js';

const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

describe('formatInr prints what Intl en-IN prints', () => {
  it.each([0, 1, 9.5, 99.99, 100, 999, 1000, 12345.5, 123456.5, 1234567, 12345678.9, 100000, 1000000000, 0.005, 1.005, 2.675, -5, -123456.78, -0.001, -0])(
    '%d',
    (amount) => {
      expect(formatInr(amount)).toBe(intl.format(amount));
    },
  );

  it('agrees on many random amounts', () => {
    for (let i = 0; i < 5000; i++) {
      const amount = Math.round(Math.random() * 10 ** (1 + (i % 9)) * 100) / 100;
      expect(formatInr(amount)).toBe(intl.format(amount));
    }
  });
});
