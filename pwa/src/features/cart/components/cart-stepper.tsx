import type { RefObject } from 'react';
import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import { lineLimitReached } from '@haat/shared/cart/cart.rules';
import { useCartActions } from '../hooks/use-cart-actions';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  product: CartProduct;
  variant?: ChosenVariant | null;
  quantity: number;
  /** Given the button that takes focus when the stepper replaces Add: + (or − when + cannot be pressed). */
  focusRef?: RefObject<HTMLElement | null>;
  /** Called as − is pressed at 1, before the line (and this stepper) goes. */
  onRemoveLast?: (e: { currentTarget: HTMLElement }) => void;
}

/** − quantity + (docs/product.md#states); at the line's limit + stays focusable (aria-disabled) and a tap says the limit. */
export function CartStepper({ product, variant = null, quantity, focusRef, onRemoveLast }: Props) {
  const { increment, decrement } = useCartActions();
  const { t } = useTranslation('catalog');
  const name = variant ? `${product.name} (${variant.name})` : product.name;
  const atLimit = lineLimitReached(product, quantity) !== null;
  return (
    <span className="cart-stepper" role="group" aria-label={t('quantityOf', { name })}>
      <button
        type="button"
        className="cart-stepper__btn"
        aria-label={t('removeOne', { name })}
        // − first, then + (attached after it) when it can be pressed: the button that takes focus after Add.
        ref={(button) => void (focusRef && button && (focusRef.current = button))}
        onClick={(e) => {
          if (quantity <= 1) onRemoveLast?.(e);
          void decrement(product, variant);
        }}
      >
        −
      </button>
      <span className="cart-stepper__qty">{quantity}</span>
      <button
        type="button"
        className="cart-stepper__btn"
        aria-label={t('addOne', { name })}
        aria-disabled={atLimit || undefined}
        data-limit={atLimit ? 'true' : undefined}
        ref={(button) => void (focusRef && button && !atLimit && (focusRef.current = button))}
        onClick={() => void increment(product, 1, variant)}
      >
        +
      </button>
    </span>
  );
}
