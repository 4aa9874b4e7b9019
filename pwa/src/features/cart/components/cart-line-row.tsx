import { formatMoney, unitText } from '../../../i18n/format';
import { discountedPrice } from '@haat/shared/money/pricing';
import type { CartLine } from '../../../lib/storage/account-tables';
import { CartStepper } from './cart-stepper';
import { useTranslation } from '../../../i18n/i18n';

/** One cart item (docs/product.md#screens): image, name, unit, discounted price, stepper; marked while unsynced. */
export function CartLineRow({ line, waiting }: { line: CartLine; waiting: boolean }) {
  const { product } = line;
  const { t } = useTranslation('cart');
  const price = discountedPrice(product.price, product.discount);
  return (
    <li className="cart-line" data-testid="cart-line" data-product-id={line.productId} data-variant-id={line.variantId ?? undefined}>
      <img className="cart-line__img" src={product.image[0] ?? '/placeholder.svg'} alt="" width={64} height={64} loading="lazy" />
      <span className="cart-line__info">
        <span className="cart-line__name" title={product.name}>
          {product.name}
        </span>
        {line.variant && <span className="cart-line__variant">{line.variant.name}</span>}
        {unitText(product.unit) && <span className="cart-line__unit">{unitText(product.unit)}</span>}
        <span className="cart-line__price">
          {formatMoney(price)}
          {price !== product.price && <s className="cart-line__was">{formatMoney(product.price)}</s>}
        </span>
        {waiting && (
          <span className="cart-line__waiting" data-testid="waiting-for-network">
            {t('waiting')}
          </span>
        )}
      </span>
      <CartStepper product={product} variant={line.variant ?? null} quantity={line.quantity} />
    </li>
  );
}
