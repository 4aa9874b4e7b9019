import { formatInr } from '@haat/shared/money/inr';
import type { Totals } from '@haat/shared/money/pricing';
import { countLabel } from '../../../lib/ui/count-label';
import './bill-details.css';

const LABELS = {
  // docs/product.md#screens spells the cart panel's row "Quntity total"; kept as written.
  cart: { title: 'Bill details', items: 'Items total', quantity: 'Quntity total', delivery: 'Delivery Charge', grand: 'Grand total' },
  checkout: { title: 'Bill Details', items: 'Items Total', quantity: 'Quantity Total', delivery: 'Delivery Charge', grand: 'Grand Total' },
};

/** docs/product.md#screens, Bill details: undiscounted total struck through, then what is paid; delivery always Free. */
export function BillDetails({ totals, variant = 'cart' }: { totals: Totals; variant?: keyof typeof LABELS }) {
  const label = LABELS[variant];
  return (
    <section className="bill-details" aria-label={label.title} data-testid="bill-details">
      <h3 className="bill-details__title">{label.title}</h3>
      <p className="bill-details__row">
        <span>{label.items}</span>
        <span>
          {totals.savings > 0 && <s data-testid="items-total-original">{formatInr(totals.itemsTotal)}</s>}{' '}
          <span data-testid="items-total">{formatInr(totals.grandTotal)}</span>
        </span>
      </p>
      <p className="bill-details__row">
        <span>{label.quantity}</span>
        <span data-testid="quantity-total">{countLabel(totals.quantityTotal, 'item')}</span>
      </p>
      <p className="bill-details__row">
        <span>{label.delivery}</span>
        <span>Free</span>
      </p>
      <p className="bill-details__row bill-details__row--grand">
        <span>{label.grand}</span>
        <span data-testid="grand-total">{formatInr(totals.grandTotal)}</span>
      </p>
    </section>
  );
}
