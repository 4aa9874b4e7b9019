import { useId } from 'react';
import type { Order } from '@haat/shared/orders/order.types';
import type { PartCancellation, PartCancelMoney } from '@haat/shared/orders/part-cancel';
import { paise, rupees, sum } from '@haat/shared/money/paise';
import { formatMoney, formatNumber } from '../../../i18n/format';
import { useTranslation, type TFunction } from '../../../i18n/i18n';

type Item = PartCancellation['items'][number];

/** The same line taken off twice is one line of the section, its units added. */
function linesOf(cancellations: readonly PartCancellation[]): Item[] {
  const lines = new Map<string, Item>();
  for (const item of cancellations.flatMap((c) => c.items)) {
    const key = `${item.productId ?? item.name}:${item.variantId ?? ''}`;
    const seen = lines.get(key);
    lines.set(key, seen ? { ...seen, quantity: seen.quantity + item.quantity } : item);
  }
  return [...lines.values()];
}

function moneyLine(t: TFunction, money: PartCancelMoney, amount: string): string {
  if (money === 'lessAtDoor') return t('notSent.lessAtDoor', { amount });
  if (money === 'byNetwork') return t('notSent.byNetwork', { amount });
  return t('notSent.refundCard', { amount });
}

/**
 * "Not sent" on an order's card, the shopper's and the admin's (docs/product.md#cancelling-part-of-an-order): the units
 * the shop took off before the order left, and where their money went (less at the door, back from the buyer app, or
 * back to the card), one line for each way.
 */
export function NotSent({ order }: { order: Pick<Order, 'partCancellations'> }) {
  const { t } = useTranslation('orders');
  const headingId = useId();
  const cancellations = order.partCancellations ?? [];
  if (cancellations.length === 0) return null;
  const amounts = new Map<PartCancelMoney, number[]>();
  for (const c of cancellations) amounts.set(c.money, [...(amounts.get(c.money) ?? []), c.amount]);
  return (
    <section className="order-card__not-sent" aria-labelledby={headingId} data-testid="order-not-sent">
      <strong id={headingId}>{t('notSent.heading')}</strong>
      <ul>
        {linesOf(cancellations).map((l) => (
          <li key={`${l.productId ?? l.name}:${l.variantId ?? ''}`}>
            {formatNumber(l.quantity)} × {l.variantName ? `${l.name} (${l.variantName})` : l.name}
          </li>
        ))}
      </ul>
      {[...amounts].map(([money, each]) => (
        <p key={money} className="order-card__not-sent-money" data-testid="order-not-sent-money" data-money={money}>
          {moneyLine(t, money, formatMoney(rupees(sum(each.map(paise)))))}
        </p>
      ))}
    </section>
  );
}
