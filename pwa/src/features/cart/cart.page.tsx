import { useTranslation } from '../../i18n/i18n';
import { PageMeta } from '../../lib/ui/page-meta';
import { CartPanel } from './components/cart-panel';

/** /cart (docs/product.md#screens): the cart panel's content as a page, for small screens and the View Cart link. */
export function CartPage() {
  const { t } = useTranslation('cart');
  return (
    <>
      <PageMeta title={t('metaTitle')} />
      <div className="cart-page">
        <CartPanel page />
      </div>
    </>
  );
}
