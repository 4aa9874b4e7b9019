import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { lookupPincode, type PincodeAnswer } from '../../../lib/http/pincode';
import { useAtomValue } from 'jotai';
import { deliveryPlaceAtom, rememberDeliveryPlace } from '../../../lib/delivery/delivery-place';
import { PromisePart } from '../../../lib/delivery/promise-part';
import { i18n, useTranslation } from '../../../i18n/i18n';

/**
 * The words the product page shows for an answer of the pincode lookup; a place served says nothing here, its promise
 * (the store's minutes or the courier's date, for this product) is the promise route's (AskedPromise).
 */
export function deliveryMessage(pincode: string, answer: PincodeAnswer): string | null {
  switch (answer.kind) {
    case 'invalid':
      return i18n.t('product:pincode.invalid');
    case 'unknown':
      return i18n.t('product:pincode.unknown', { pincode });
    case 'unreachable':
      return i18n.t('product:pincode.unreachable');
    case 'found': {
      const { place } = answer;
      const where = `${place.city}, ${place.state}`;
      return place.serviceable ? null : i18n.t('product:pincode.notServed', { where, pincode });
    }
  }
}

/**
 * "Check delivery": a 6-digit pincode, then this product's promise there from the promise route, a dark store's minutes
 * or the courier's date (docs/product.md#delivery), or why the place cannot be served; before any check, the chosen
 * pincode's promise.
 */
export function PincodeCheck({ productId, variantId, soldOut = false }: { productId: string; variantId?: string; soldOut?: boolean }) {
  const { t } = useTranslation('product');
  const [pincode, setPincode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [served, setServed] = useState(true);
  const chosen = useAtomValue(deliveryPlaceAtom);
  const where = chosen && `${chosen.city}, ${chosen.state}`;
  const pending = useRef<AbortController>(undefined);
  useEffect(() => () => pending.current?.abort(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    pending.current?.abort();
    if (!/^\d{6}$/.test(pincode)) return setMessage(t('pincode.invalid'));
    const abort = (pending.current = new AbortController());
    setMessage(t('pincode.checking'));
    const answer = await lookupPincode(pincode, abort.signal);
    if (abort.signal.aborted) return;
    setMessage(deliveryMessage(pincode, answer));
    // The header promises this place from now on; the promise below is asked for it (AskedPromise).
    setServed(answer.kind === 'found' && answer.place.serviceable);
    if (answer.kind === 'found') rememberDeliveryPlace(answer.place);
  };

  return (
    <form className="pincode" onSubmit={(e) => void submit(e)}>
      <label htmlFor="pincode">{t('pincode.label')}</label>
      <span className="pincode__row">
        <input
          id="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={LIMITS.pincodeLength}
          value={pincode}
          onChange={(e) => setPincode(e.target.value.replace(/\D/g, ''))}
          placeholder={t('pincode.placeholder')}
        />
        <button type="submit" className="btn btn--ghost btn--small">
          {t('pincode.check')}
        </button>
      </span>
      <p className="pincode__message" role="status" data-testid="pincode-message">
        {message}
      </p>
      {/* Sold out: no date is promised until it is back (Notify me above tells when). */}
      {served && chosen && soldOut && (
        <p className="pincode__message" data-testid="pincode-promise">
          {t('pincode.soldOut')}
        </p>
      )}
      {served && chosen && !soldOut && (
        <PromisePart
          productId={productId}
          variantId={variantId}
          testId="pincode-promise"
          place={{ pincode: chosen.pincode, courier: (date: string) => t('pincode.deliverBy', { where, pincode: chosen.pincode, date }) }}
        />
      )}
    </form>
  );
}
