import { ErrorCode } from '@haat/shared/common/error-code';
import type { HttpProblem } from '../../lib/http/http-problem';
import { formatDate, formatMoney } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';

const STARTS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' };

/** The coupon refusals (docs/product.md#coupons): the order is not placed and the shopper is told why in words. */
export const isCouponRefusal = (problem: HttpProblem) => !!problem.code && problem.code.startsWith('COUPON_');

/** The shopper's words for why a code does not apply (the server's message for a code we have no words for). */
export function couponRefusalOf(problem: HttpProblem): string {
  if (problem.status === 0) return i18n.t('checkout:coupon.offline');
  const minOrder = problem.body?.minOrder;
  const startsAt = problem.body?.startsAt;
  const from = typeof startsAt === 'string' && !Number.isNaN(Date.parse(startsAt)) ? formatDate(startsAt, STARTS) : null;
  // A coupon not started yet says from when (the answer's `startsAt`), when the answer has it.
  const key = problem.code === ErrorCode.CouponNotStarted && from ? 'COUPON_NOT_STARTED_FROM' : (problem.code ?? 'other');
  return i18n.t(`checkout:coupon.refused.${key}`, {
    defaultValue: problem.message,
    amount: typeof minOrder === 'number' ? formatMoney(minOrder) : '',
    from,
  });
}
