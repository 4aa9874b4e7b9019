import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@haat/shared/common/error-code';
import { setLanguage } from '../../../i18n/i18n';
import { couponRefusalOf } from '../coupon-refusal';

/**
 * A coupon refused as not started yet (422 COUPON_NOT_STARTED) says from when, read from the answer's `startsAt`
 * (docs/product.md#coupons) in the shopper's language; an answer without it keeps the plain sentence.
 */
const startsAt = '2026-12-05T04:30:00.000Z';
const refusal = (body: Record<string, unknown>) =>
  couponRefusalOf({ status: 422, code: ErrorCode.CouponNotStarted, message: 'The coupon SOON starts on 2026-12-05.', body });

afterEach(() => setLanguage('en-IN', false));

describe('a coupon not started yet', () => {
  it('says the day it starts, in English', () => {
    const words = refusal({ code: 'COUPON_NOT_STARTED', startsAt });
    expect(words).toMatch(/^This coupon starts on .*5 Dec 2026.*: apply it then\.$/);
  });

  it('and in Hindi', async () => {
    await setLanguage('hi-IN', false);
    const words = refusal({ code: 'COUPON_NOT_STARTED', startsAt });
    expect(words).toMatch(/^यह कूपन .*2026.* से शुरू होगा: तब लगाएँ।$/);
  });

  it('keeps the plain sentence when the answer has no start', () => {
    expect(refusal({ code: 'COUPON_NOT_STARTED' })).toBe('This coupon is not active yet.');
  });
});
