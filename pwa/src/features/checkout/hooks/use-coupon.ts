import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartLine } from '../../../lib/storage/account-tables';
import { problemOf } from '../../../lib/http/http-problem';
import { i18n } from '../../../i18n/i18n';
import { couponRefusalOf } from '../coupon-refusal';
import { checkoutApi } from '../api';

/** A coupon the server priced for the current cart: the discount and the total after it. */
export interface AppliedCoupon {
  code: string;
  discountAmt: number;
  totalAmt: number;
}

const fingerprintOf = (lines: CartLine[]) =>
  lines.map((l) => `${l.productId}:${l.variantId ?? ''}:${l.quantity}:${l.product.price}:${l.product.discount ?? 0}`).join('|');

/** The checkout's coupon (docs/product.md#coupons), priced by the server for the cart, again whenever the cart changes. */
export function useCoupon(lines: CartLine[]) {
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fingerprint = fingerprintOf(lines);
  const pricedFor = useRef<string | null>(null);
  const linesRef = useRef(lines);
  linesRef.current = lines;

  const apply = useCallback(async (typed: string) => {
    const code = typed.trim().toUpperCase();
    if (!code) return setError(i18n.t('checkout:coupon.empty'));
    setBusy(true);
    setError(null);
    const now = linesRef.current;
    try {
      const answer = await checkoutApi.couponPreview({
        list_items: now.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity })),
        couponCode: code,
      });
      const totals = answer.data!;
      pricedFor.current = fingerprintOf(now);
      setApplied({ code: totals.couponCode ?? code, discountAmt: totals.discountAmt ?? 0, totalAmt: totals.totalAmt });
    } catch (e) {
      pricedFor.current = null;
      setApplied(null);
      setError(couponRefusalOf(problemOf(e)));
    } finally {
      setBusy(false);
    }
  }, []);

  const remove = useCallback(() => {
    pricedFor.current = null;
    setApplied(null);
    setError(null);
  }, []);

  /** The order was refused for the coupon (its uses ran out meanwhile): drop it and say why. */
  const refused = useCallback((message: string) => {
    pricedFor.current = null;
    setApplied(null);
    setError(message);
  }, []);

  useEffect(() => {
    if (applied && lines.length > 0 && pricedFor.current !== fingerprint) void apply(applied.code);
  }, [fingerprint, applied, lines.length, apply]);

  // Until the new cart is priced, no stale discount is offered to the order.
  const current = applied && pricedFor.current === fingerprint ? applied : null;
  return { applied: current, pending: !!applied && !current, error, busy, apply, remove, refused };
}
