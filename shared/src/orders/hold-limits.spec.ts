import { describe, expect, it } from 'vitest';
import { defaultHoldLimits, unverifiedHoldLimit } from './hold-limits.js';

describe('the hold limit an unverified account is told (docs/decisions/0003-purchase-limits.md)', () => {
  it('is the lower limit for an account with neither its e-mail nor its mobile proven', () => {
    expect(unverifiedHoldLimit({ verify_email: false }, { verified: 50, unverified: 10 })).toBe(10);
    expect(unverifiedHoldLimit({ verify_email: false, mobile_verified: false }, defaultHoldLimits())).toBe(defaultHoldLimits().unverified);
  });

  it('is nothing for a verified account, or when the shop holds both alike', () => {
    expect(unverifiedHoldLimit({ verify_email: true }, { verified: 50, unverified: 10 })).toBeNull();
    expect(unverifiedHoldLimit({ verify_email: false, mobile_verified: true }, { verified: 50, unverified: 10 })).toBeNull();
    expect(unverifiedHoldLimit({ verify_email: false }, { verified: 50, unverified: 50 })).toBeNull();
  });
});
