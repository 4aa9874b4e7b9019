import { useEffect, useState } from 'react';
import type { Address } from '@haat/shared/addresses/address.types';
import { AddressDialog, AddressText, useAddresses } from '../../account/public';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens, Delivery Address: active addresses as radios showing every field, then + Add New Address. */
export function AddressChoice({ selected, onSelect }: { selected: string | undefined; onSelect: (address: Address) => void }) {
  const { t } = useTranslation('checkout');
  const { addresses, loaded } = useAddresses();
  const [adding, setAdding] = useState(false);
  // The only saved address is chosen already: the first tap on a payment button places the order.
  const only = addresses.length === 1 ? addresses[0] : undefined;
  useEffect(() => {
    if (only && !selected) onSelect(only);
  }, [only, selected, onSelect]);
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
