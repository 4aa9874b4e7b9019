import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n/i18n';
import { useOnlineQuery } from '../query/query-client';
import { cardPromiseQuery } from './promise-api';
import { deliveryPlaceAtom } from './delivery-place';

/**
 * A product card's line for the chosen pincode (docs/product.md#delivery): a dark store's minutes when it has the
 * product on its shelves ("Delivery in 10 min"), nothing otherwise (the header says the courier's date). Online
 * only: offline, a card says nothing it cannot check.
 */
export function CardPromise({ productId }: { productId: string }) {
  const { t } = useTranslation('promise');
  const pincode = useAtomValue(deliveryPlaceAtom)?.pincode;
  const asked = useOnlineQuery({ ...cardPromiseQuery(pincode ?? '', productId), enabled: !!pincode });
  const promise = asked.data;
  if (promise?.kind !== 'express') return null;
  return (
    // Styled here, not in the precached shell's CSS, in the green the product page's promise uses.
    <span className="card-promise" data-testid="card-promise" style={{ fontSize: 12, fontWeight: 600, color: '#0b6e35' }}>
      {t('card', { count: promise.minutes })}
    </span>
  );
}
