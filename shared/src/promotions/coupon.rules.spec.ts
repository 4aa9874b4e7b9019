import { describe, expect, it } from 'vitest';
import { couponDiscount, normalizeCouponCode, type CouponTerms } from './coupon.rules.js';
import { CreateCouponBody } from './coupon.schema.js';

const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'DIWALI10',
  type: 'percent',
  value: 10,
  maxDiscount: null,
  minOrder: null,
  startsAt: new Date('2026-10-01T00:00:00Z'),
  endsAt: new Date('2026-12-01T00:00:00Z'),
  active: true,
  ...over,
});
const at = new Date('2026-11-25T10:00:00Z');

describe('couponDiscount', () => {
  it('takes a per cent of the subtotal to the paisa, capped by maxDiscount and the subtotal', () => {
    expect(couponDiscount(terms(), 999.99, at)).toEqual({ discount: 100 });
    expect(couponDiscount(terms({ value: 15 }), 333.33, at)).toEqual({ discount: 50 });
    expect(couponDiscount(terms({ maxDiscount: 75 }), 2000, at)).toEqual({ discount: 75 });
    expect(couponDiscount(terms({ type: 'flat', value: 500 }), 300, at)).toEqual({ discount: 300 });
    expect(couponDiscount(terms({ type: 'flat', value: 150 }), 300, at)).toEqual({ discount: 150 });
  });

  it('refuses outside its window, when disabled and under its minimum', () => {
    expect(couponDiscount(terms({ startsAt: new Date('2026-11-26T00:00:00Z') }), 500, at)).toMatchObject({ reason: 'not-started' });
    expect(couponDiscount(terms({ endsAt: at }), 500, at)).toEqual({ reason: 'expired' });
    expect(couponDiscount(terms({ active: false }), 500, at)).toEqual({ reason: 'unknown' });
    expect(couponDiscount(terms({ minOrder: 999 }), 998.99, at)).toEqual({ reason: 'min-order', minOrder: 999 });
    expect(couponDiscount(terms({ minOrder: 999 }), 999, at)).toEqual({ discount: 99.9 });
  });
});

describe('coupon bodies', () => {
  it('normalises the code and checks the terms hang together', () => {
    expect(normalizeCouponCode('  diwali-10 ')).toBe('DIWALI-10');
    const ok = CreateCouponBody.safeParse({ code: ' festive50 ', type: 'flat', value: 50, startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' });
    expect(ok.success && ok.data.code).toBe('FESTIVE50');
    const bad = CreateCouponBody.safeParse({ code: 'x!', type: 'percent', value: 150, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['code', 'endsAt', 'value']);
  });
});
