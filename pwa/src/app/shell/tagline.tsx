import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { deliveryPlaceAtom } from '../../lib/delivery/delivery-place';
import { deliveryRange, headerPromise } from '../../lib/delivery/delivery-words';

/**
 * The header's promise (docs/product.md#delivery): the rule's range until the shopper names a place (a pincode
 * check, an address), then that place's own date, or that we do not deliver there yet.
 */
export function Tagline() {
  const { t } = useTranslation();
  const place = useAtomValue(deliveryPlaceAtom);
  return (
    <span className="logo-link__tagline" data-testid="header-promise">
      {place ? headerPromise(place) : t('header.tagline', deliveryRange())}
    </span>
  );
}
