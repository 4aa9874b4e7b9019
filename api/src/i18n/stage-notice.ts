import type { Language } from '@haat/shared/common/languages';
import { stageNoticeKind, type StageNotice } from '@haat/shared/orders/stage-notices';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import { formatMoney, t } from './i18n.js';

/**
 * The shopper's notice of an order's move, in their language (docs/product.md#order-stage-notices), or
 * null when the move tells nothing. `refunded` is the amount going back to the card, if any.
 */
export function stageNotice(
  language: Language,
  orderId: string,
  previous: OrderStage | null,
  current: OrderStage | null,
  refunded: number | null,
  pickup = false,
): StageNotice | null {
  const kind = stageNoticeKind(previous, current, refunded !== null, pickup);
  if (!kind) return null;
  const values = { id: orderId, amount: refunded !== null ? formatMoney(refunded, language) : '' };
  return { title: t(language, `push.${kind}.title`, values), body: t(language, `push.${kind}.body`, values) };
}

/** The admins' "New order" notice in one admin's language. */
export function newOrderNotice(language: Language, orderId: string, totalAmt: number): StageNotice {
  const values = { id: orderId, amount: formatMoney(totalAmt, language) };
  return { title: t(language, 'push.newOrder.title', values), body: t(language, 'push.newOrder.body', values) };
}

/** The admins' notice that a pickup order's hand-over locked after too many wrong codes, in one admin's language. */
export function pickupLockedNotice(language: Language, orderId: string): StageNotice {
  return { title: t(language, 'push.pickupLocked.title', { id: orderId }), body: t(language, 'push.pickupLocked.body', { id: orderId }) };
}

/** A shopper's notice of a step of their return, with what is refunded. */
export function returnNotice(language: Language, orderId: string, status: string, amount: number): StageNotice {
  const values = { id: orderId, amount: formatMoney(amount, language), status: t(language, `returnStatus.${status}`) };
  return { title: t(language, 'push.returnMoved.title', values), body: t(language, 'push.returnMoved.body', values) };
}
