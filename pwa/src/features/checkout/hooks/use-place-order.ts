import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../i18n/format';
import type { CurrentTotals } from '@haat/shared/orders/order.types';
import { totalAfterCoupon, type Totals } from '@haat/shared/money/pricing';
import { ulid } from 'ulid';
import type { CartLine } from '../../../lib/storage/account-tables';
import { problemOf, type HttpProblem } from '../../../lib/http/http-problem';
import { reactionTo } from '../../../lib/http/problem-reaction';
import { useServerWrite } from '../../../lib/query/server-write';
import { toast } from '../../../lib/ui/toast';
import { cardCheckoutWrite } from '../api';
import { placeCashOnDelivery } from '../place-cash-on-delivery';
import { applyCurrentPrices } from '../price-change';
import { i18n } from '../../../i18n/i18n';
import type { AppliedCoupon } from './use-coupon';
import { couponRefusalOf, isCouponRefusal } from '../coupon-refusal';
import { ErrorCode } from '@haat/shared/common/error-code';
import { promiseWords, type DeliveryPromise } from '../../../lib/delivery/delivery-promise';
import { invalidate } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';

/** 409 HOLD_LIMIT (docs/product.md#rules-and-limits); `verifyEmail`: the lower cap of an unverified account. */
export interface HoldLimitNotice {
  message: string;
  verifyEmail: boolean;
  /** Units the shopper's unpaid and undelivered orders hold now: with none, My Orders has nothing to act on. */
  held: number;
}

const holdLimitOf = (problem: HttpProblem): HoldLimitNotice | null =>
  problem.code === ErrorCode.HoldLimit
    ? { message: problem.message, verifyEmail: problem.body?.verifyEmail === true, held: typeof problem.body?.held === 'number' ? problem.body.held : 1 }
    : null;

/** docs/product.md#screens and #states checkout actions; a coupon refused as the order is placed goes to `onCouponRefused`. */
export function usePlaceOrder(
  lines: CartLine[],
  totals: Totals,
  coupon: AppliedCoupon | null = null,
  onCouponRefused: (message: string) => void = () => undefined,
  promise: { promise: DeliveryPromise; pincode: string } | null = null,
  /** Where a refusal with no place of its own is said: a toast at checkout, in the page after a payment failed. */
  say: (message: string) => void = (message) => toast.error(message),
  /** Both buttons' one Idempotency-Key (a cancelled order's replacement: replacementKey); none: a fresh key a press. */
  idempotencyKey: string | null = null,
) {
  const navigate = useNavigate();
  // Cash on delivery goes through the outbox (placeCashOnDelivery): its own flag. The card payment is an online write;
  // once it succeeded the browser is leaving for Stripe, so the button stays busy.
  const [placingCod, setPlacingCod] = useState(false);
  const paying = useServerWrite(cardCheckoutWrite());
  const busy: 'cod' | 'card' | null = placingCod ? 'cod' : paying.isPending || paying.isSuccess ? 'card' : null;
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  const [paymentsDown, setPaymentsDown] = useState<string | null>(null);
  const [holdLimit, setHoldLimit] = useState<HoldLimitNotice | null>(null);
  const [promiseNotice, setPromiseNotice] = useState<string | null>(null);
  const items = () => lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null, quantity: l.quantity }));
  // With a coupon the order asks for the total Bill Details shows: prices moved meanwhile answer 409 PRICE_CHANGED, as
  // without one (docs/product.md#coupons).
  const priced = () =>
    coupon
      ? { totalAmt: totalAfterCoupon(totals.grandTotal, coupon.discountAmt), subTotalAmt: totals.grandTotal, couponCode: coupon.code }
      : { totalAmt: totals.grandTotal, subTotalAmt: totals.grandTotal };
  // The order carries the promise the shopper saw; the server decides again and a changed one answers 409 PROMISE_CHANGED
  // with the new promise, shown before the shopper taps again (docs/product.md#delivery).
  const promised = () => (promise ? { promise: promise.promise } : {});
  const promiseChanged = (problem: HttpProblem) => {
    const now = (problem.body?.promise ?? (problem.body?.data as { promise?: DeliveryPromise } | undefined)?.promise) as DeliveryPromise | undefined;
    if (problem.code !== ErrorCode.PromiseChanged || !now) return false;
    setPromiseNotice(i18n.t('promise:changed', { promise: promiseWords(now) }));
    void invalidate(...queryKeys.promises());
    return true;
  };

  // The cancelled order's replacement was already made with the key (another tab, the other button): say so in words.
  const refusal = (problem: HttpProblem) => (idempotencyKey && problem.code === ErrorCode.IdempotencyKeyReused ? i18n.t('retry:replaced') : problem.message);

  const pricesChanged = async (current: CurrentTotals, message: string) => {
    await applyCurrentPrices(current);
    setPriceNotice(i18n.t('checkout:newTotal', { message, total: formatMoney(current.totalAmt) }));
  };

  // Picked up at a store (docs/product.md#store-pickup): the store stands where the address and the promise stood.
  const destination = (addressId: string | undefined, pickup: { storeId: string } | null) => (pickup ? { pickup } : { address: addressId, ...promised() });

  const cashOnDelivery = async (addressId: string | undefined, pickup: { storeId: string } | null = null) => {
    // One press at a time: the pressed button stays enabled (the keyboard's focus stays on it) and a second press is ignored.
    if (busy) return;
    if (!addressId && !pickup) return void say(i18n.t('checkout:noAddress'));
    setPlacingCod(true);
    setPriceNotice(null);
    setHoldLimit(null);
    setPromiseNotice(null);
    try {
      const outcome = await placeCashOnDelivery({ list_items: items(), ...priced(), ...destination(addressId, pickup) }, idempotencyKey ?? undefined);
      if (outcome.kind === 'price-changed') return await pricesChanged(outcome.current, outcome.message);
      if (outcome.kind === 'queued') return navigate(`/success?pending=${outcome.key}`, { replace: true });
      toast.success(i18n.t('checkout:placed'));
      navigate(`/success?order=${outcome.order.orderId}`, { replace: true, state: { text: 'Order' } });
    } catch (error) {
      const problem = problemOf(error);
      if (isCouponRefusal(problem)) onCouponRefused(couponRefusalOf(problem));
      else if (holdLimitOf(problem)) setHoldLimit(holdLimitOf(problem));
      else if (!promiseChanged(problem)) say(refusal(problem));
    } finally {
      setPlacingCod(false);
    }
  };

  const payOnline = (addressId: string | undefined, pickup: { storeId: string } | null = null) => {
    if (busy) return;
    if (!addressId && !pickup) return void say(i18n.t('checkout:noAddress'));
    if (!navigator.onLine) return void say(i18n.t('checkout:payOffline'));
    setPriceNotice(null);
    setHoldLimit(null);
    setPromiseNotice(null);
    const body = { list_items: items(), ...priced(), ...(pickup ? { pickup } : { addressId, ...promised() }) };
    paying.mutate({ body, idempotencyKey: idempotencyKey ?? ulid() }, { onError: (error) => void cardRefused(problemOf(error)) });
  };

  /** What the checkout shows for a refused card payment: new prices, the coupon's reason, payments down, the hold limit. */
  const cardRefused = async (problem: HttpProblem) => {
    const current = problem.body?.current as CurrentTotals | undefined;
    const reaction = reactionTo(problem.code);
    if (reaction === 'review-prices' && current) await pricesChanged(current, problem.message);
    else if (isCouponRefusal(problem)) onCouponRefused(couponRefusalOf(problem));
    else if (reaction === 'not-offered') setPaymentsDown(problem.message);
    else if (holdLimitOf(problem)) setHoldLimit(holdLimitOf(problem));
    else if (!promiseChanged(problem)) say(refusal(problem));
  };

  return { busy, priceNotice, promiseNotice, paymentsDown, holdLimit, cashOnDelivery, payOnline };
}
