import { useCallback, useState } from 'react';
import type { CartLine } from '../../../lib/storage/account-tables';
import { problemOf } from '../../../lib/http/http-problem';
import { useOnlineQuery } from '../../../lib/query/query-client';
import { i18n } from '../../../i18n/i18n';
import { couponRefusalOf } from '../coupon-refusal';
import { couponPreviewQuery } from '../api';

/** A coupon the server priced for the current cart: the discount and the total after it. */
export interface AppliedCoupon {
  code: string;
  discountAmt: number;
  totalAmt: number;
}

/**
 * The checkout's coupon (docs/product.md#coupons): the code the shopper applied, priced by the server for the cart
 * (couponPreviewQuery), again whenever the cart changes; until the new cart is priced, no stale discount is offered.
 */
export function useCoupon(lines: CartLine[]) {
  const [code, setCode] = useState<string | null>(null);
  // What the shopper is told besides the server's refusal: an empty code, or the order refused for the coupon.
  const [said, setSaid] = useState<string | null>(null);
  const priced = useOnlineQuery({ ...couponPreviewQuery(code ?? '', lines), enabled: !!code && lines.length > 0 });
  const { refetch } = priced;

  const apply = useCallback(
    async (typed: string) => {
      const next = typed.trim().toUpperCase();
      setSaid(next ? null : i18n.t('checkout:coupon.empty'));
      if (!next) return;
      // The same code again is asked again (its uses may have run out meanwhile).
      if (next === code) await refetch();
      else setCode(next);
    },
    [code, refetch],
  );
  const remove = useCallback(() => {
    setCode(null);
    setSaid(null);
  }, []);
  /** The order was refused for the coupon (its uses ran out meanwhile): drop it and say why. */
  const refused = useCallback((message: string) => {
    setCode(null);
    setSaid(message);
  }, []);

  const totals = code ? priced.data : undefined;
  const applied = totals ? { code: totals.couponCode ?? code!, discountAmt: totals.discountAmt ?? 0, totalAmt: totals.totalAmt } : null;
  const error = said ?? (code && priced.isError ? couponRefusalOf(problemOf(priced.error)) : null);
  return { applied, pending: !!code && !applied && !priced.isError, error, busy: priced.isFetching, apply, remove, refused };
}
