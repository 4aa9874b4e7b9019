import { useEffect, useState } from 'react';
import type { Address } from '@haat/shared/addresses/address.types';
import { AddressDialog, AddressText, useAddresses } from '../../account/public';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens, Delivery Address: active addresses as radios showing every field, then + Add New Address. */
export function AddressChoice({ selected, onSelect }: { selected: string | undefined; onSelect: (address: Address) => void }) {
  const { t } = useTranslation('checkout');
  const { addresses, loaded } = useAddresses();
  const [adding, setAdding] = useState(false);
  // One saved address is chosen already, so the first tap on a payment button places the order: the one the last order
  // kept on this device went to, else the one saved last (a new sign-in has no orders here yet).
  const lastUsed = useDeviceQuery(async (db) => (await db.orders.orderBy('createdAt').last())?.delivery_address?._id ?? null, [], { now: true });
  const preset = lastUsed === undefined ? undefined : (addresses.find((a) => a._id === lastUsed) ?? latestSaved(addresses));
  useEffect(() => {
    if (preset && !selected) onSelect(preset);
  }, [preset, selected, onSelect]);
  return (
    <section className="checkout__section" aria-labelledby="delivery-address">
      <h2 id="delivery-address">{t('address.title')}</h2>
      {loaded && addresses.length === 0 && <p className="checkout__muted">{t('address.none')}</p>}
      <div role="radiogroup" aria-labelledby="delivery-address" className="checkout__addresses">
        {addresses.map((a) => (
          <label key={a._id} className="address-card" data-testid="address-option">
            <input type="radio" name="address" value={a._id} checked={selected === a._id} onChange={() => onSelect(a)} />
            <AddressText address={a} />
          </label>
        ))}
      </div>
      <button type="button" className="checkout__add-address" onClick={() => setAdding(true)}>
        {t('address.add')}
      </button>
      {adding && <AddressDialog onClose={() => setAdding(false)} onSaved={onSelect} />}
    </section>
  );
}

/** The address saved or changed last: the shopper's latest word on where things go. */
function latestSaved(addresses: readonly Address[]): Address | undefined {
  return addresses.reduce<Address | undefined>(
    (latest, a) => (!latest || (a.updatedAt || a.createdAt) > (latest.updatedAt || latest.createdAt) ? a : latest),
    undefined,
  );
}
