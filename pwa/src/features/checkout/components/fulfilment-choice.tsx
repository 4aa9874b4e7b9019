import { useEffect, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { PickupStore } from '@haat/shared/orders/order.types';
import type { CartLine } from '../../../lib/storage/account-tables';
import { useOnline } from '../../../lib/hooks/use-online';
import { useOnlineQuery } from '../../../lib/query/query-client';
import { hoursWords } from '../../../lib/pickup/hours-words';
import { pickupStoreAtom } from '../../../lib/pickup/pickup-choice-store';
import { useTranslation } from '../../../i18n/i18n';
import { pickupStoresQuery } from '../api';

export type HowToGet = 'deliver' | 'pickup';

interface Props {
  how: HowToGet;
  onHow: (how: HowToGet) => void;
  lines: CartLine[];
  store: PickupStore | null;
  onStore: (store: PickupStore | null) => void;
}

/**
 * How the shopper gets the order (docs/product.md#store-pickup): delivered to an address, or picked up at one of the
 * open stores that hold the whole cart (asked of the server for these lines). Offline, the store chosen last is
 * offered as it was kept on the device, and a cash order queued for it carries it.
 */
export function FulfilmentChoice({ how, onHow, lines, store, onStore }: Props) {
  const { t } = useTranslation('checkout');
  const online = useOnline();
  const kept = useAtomValue(pickupStoreAtom);
  const asked = useOnlineQuery({ ...pickupStoresQuery(lines), enabled: how === 'pickup' && online && lines.length > 0 });
  const stores = useMemo(() => (online ? (asked.data ?? []) : kept ? [kept] : []), [online, asked.data, kept]);
  // The store chosen must still be one that holds the cart: a changed cart or a new answer may leave it out.
  useEffect(() => {
    if (how !== 'pickup' || (online && !asked.data)) return;
    if (store && !stores.some((s) => s._id === store._id)) onStore(null);
    else if (!store && stores.length === 1) onStore(stores[0]!);
  }, [how, online, asked.data, store, stores, onStore]);
  return (
    <section className="checkout__section" aria-labelledby="how-to-get">
      <h2 id="how-to-get">{t('pickup.title')}</h2>
      <div role="radiogroup" aria-labelledby="how-to-get" className="checkout__how">
        {(['deliver', 'pickup'] as const).map((way) => (
          <label key={way} className="checkout__how-option" data-testid={`how-${way}`}>
            <input type="radio" name="how" value={way} checked={how === way} onChange={() => onHow(way)} />
            {t(`pickup.${way}`)}
          </label>
        ))}
      </div>
      {how === 'pickup' && (
        <>
          {online && asked.isPending && <p className="checkout__muted">{t('pickup.loading')}</p>}
          {!online && kept && <p className="checkout__muted">{t('pickup.offlineKept')}</p>}
          {(online ? asked.isSuccess : true) && stores.length === 0 && <p className="checkout__muted">{t('pickup.none')}</p>}
          <div role="radiogroup" aria-label={t('pickup.pickup')} className="checkout__addresses">
            {stores.map((s) => (
              <label key={s._id} className="address-card" data-testid="pickup-store">
                <input type="radio" name="pickup-store" value={s._id} checked={store?._id === s._id} onChange={() => onStore(s)} />
                <span>
                  <strong>{t('pickup.pickAt', { name: s.name })}</strong>
                  <br />
                  {`${s.address}, ${s.city}, ${s.state} ${s.pincode}`}
                  <br />
                  {hoursWords(s, 'checkout')}
                </span>
              </label>
            ))}
          </div>
          {store && (
            <p className="checkout__promise" role="status" data-testid="pickup-terms">
              {t('pickup.free')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
