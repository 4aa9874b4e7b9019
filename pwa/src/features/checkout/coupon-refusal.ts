import type { HttpProblem } from '../../lib/http/http-problem';
import { formatMoney } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';

/** The coupon refusals (docs/product.md#coupons): the order is not placed and the shopper is told why in words. */
export const isCouponRefusal = (problem: HttpProblem) => !!problem.code && problem.code.startsWith('COUPON_');

/** The shopper's words for why a code does not apply (the server's message for a code we have no words for). */
export function couponRefusalOf(problem: HttpProblem): string {
  if (problem.status === 0) return i18n.t('checkout:coupon.offline');
  const minOrder = problem.body?.minOrder;
  return i18n.t(`checkout:coupon.refused.${problem.code ?? 'other'}`, {
    defaultValue: problem.message,
    amount: typeof minOrder === 'number' ? formatMoney(minOrder) : '',
  });
}
