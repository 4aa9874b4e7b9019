import { Link } from 'react-router-dom';
import type { Product, Variant } from '@haat/shared/catalog/catalog.types';
import { productPath } from '@haat/shared/routing/slug';
import { AddToCartButton } from '../../cart/public';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  /** With a variant chosen: the product as that variant sells it (its price, stock and pictures). */
  product: Product;
  quantity?: number;
  label?: string;
  /** The product page's chosen variant (null: none chosen yet); cards link a product sold in variants to its page. */
  variant?: Variant | null;
}

/** The cart's Add, then stepper; a product sold in variants is added only in a chosen variant (VARIANT_REQUIRED). */
export function AddToCartSlot({ product, quantity, label, variant }: Props) {
  const { t } = useTranslation('catalog');
  if (product.variants.length > 0 && !variant) {
    if (variant === null)
      return (
        <button type="button" className="btn btn--primary btn--small add-to-cart" disabled>
          {t('chooseOption')}
        </button>
      );
    return (
      <Link to={productPath(product)} className="btn btn--primary btn--small add-to-cart" aria-label={t('chooseOptionsOf', { name: product.name })}>
        {t('chooseOptions')}
      </Link>
    );
  }
  return <AddToCartButton product={product} quantity={quantity} label={label} variant={variant ? { _id: variant._id, name: variant.name } : null} />;
}
