import { formatMoney } from '../../../i18n/format';
import { lineSubtotal } from '@haat/shared/money/pricing';
import type { CartLine } from '../../../lib/storage/account-tables';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens, Order Summary: each item's image, name, quantity and subtotal. */
export function OrderSummary({ lines }: { lines: CartLine[] }) {
  const { t } = useTranslation('checkout');
  return (
    <section className="checkout__section" aria-labelledby="order-summary">
      <h2 id="order-summary">{t('orderSummary')}</h2>
      <ul className="checkout__summary">
        {lines.map(({ key, product, variant, quantity }) => (
          <li key={key} className="checkout__summary-line" data-testid="summary-line">
            <img src={product.image[0] ?? '/placeholder.svg'} alt="" width={48} height={48} loading="lazy" />
            <span className="checkout__summary-name">{variant ? `${product.name} (${variant.name})` : product.name}</span>
            <span>{t('qty', { quantity })}</span>
            <span className="checkout__summary-amount">{formatMoney(lineSubtotal({ price: product.price, discount: product.discount, quantity }))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
