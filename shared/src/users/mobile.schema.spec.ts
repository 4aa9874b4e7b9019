import { describe, expect, it } from 'vitest';
import { MobileBody, MobileOtpBody, indianMobile } from './mobile.schema.js';

describe('Indian mobile numbers', () => {
  it.each(['9876543210', '98765 43210', '+91 98765 43210', '+91-98765-43210', '919876543210', '09876543210', '(987) 654-3210'])(
    'reads %s as +919876543210',
    (typed) => {
      expect(indianMobile(typed)).toBe('+919876543210');
    },
  );

  it.each(['5876543210', '987654321', '98765432101', '+1 9876543210', '+919876543210x', '', 'abcdefghij'])('refuses %s', (typed) => {
    expect(indianMobile(typed)).toBeNull();
  });

  it('answers the field and the rule when the number is not one', () => {
    const r = MobileBody.safeParse({ mobile: '12345' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['mobile'], message: 'must be a 10-digit Indian mobile number' });
    expect(MobileBody.parse({ mobile: 9876543210 })).toEqual({ mobile: '+919876543210' });
  });

  it('takes the code with the number', () => {
    expect(MobileOtpBody.parse({ mobile: '98765 43210', otp: '012345' })).toEqual({ mobile: '+919876543210', otp: '012345' });
    expect(MobileOtpBody.safeParse({ mobile: '9876543210', otp: '12345' }).success).toBe(false);
  });
});
