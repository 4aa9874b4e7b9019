import { unitText } from '../../../i18n/format';
import { Link } from 'react-router-dom';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { productPath } from '@haat/shared/routing/slug';
import { AddToCartSlot, DiscountBadge, PriceTag, ProductImage, StockLabel } from '../../catalog/public';
import { ModalDialog } from '../../../lib/ui/modal-dialog';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens, Quick View: picture, name, price, Add to Cart and View Full Details, over the current page. */
export function QuickViewModal({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t } = useTranslation('product');
  return (
    <ModalDialog open={product !== null} onClose={onClose} label={t('quickView')} variant="center">
      {product && (
        <div className="quick-view">
          <button type="button" className="quick-view__close" aria-label={t('closeQuickView')} onClick={onClose}>
            ×
          </button>
          <span className="quick-view__media">
            <ProductImage src={product.image[0]} alt={product.name} sizes="(max-width: 600px) 90vw, 400px" />
            <DiscountBadge discount={product.discount} />
          </span>
          <h2>{product.name}</h2>
          {unitText(product.unit) && <p className="product-card__unit">{unitText(product.unit)}</p>}
          <PriceTag price={product.price} discount={product.discount} showOriginal />
          <StockLabel inStock={product.inStock} left={product.variants.length === 0 ? product.stock : undefined} />
          <p className="quick-view__actions">
            <AddToCartSlot product={product} label={t('cart:addToCart')} />
            <Link to={productPath(product)} className="btn btn--primary" onClick={onClose}>
              {t('viewDetails')}
            </Link>
          </p>
        </div>
      )}
    </ModalDialog>
  );
}
