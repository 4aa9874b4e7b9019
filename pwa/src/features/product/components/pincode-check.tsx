import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { deliveryDateWords, lookupPincode, type PincodeAnswer } from '../../../lib/http/pincode';

/** The words the product page shows for an answer of the pincode lookup. */
export function deliveryMessage(pincode: string, answer: PincodeAnswer): string {
  switch (answer.kind) {
    case 'invalid':
      return 'Please enter a valid 6-digit pincode.';
    case 'unknown':
      return `We could not find pincode ${pincode}. Please check it.`;
    case 'unreachable':
      return 'Unable to check delivery right now. Please try again when you are online.';
    case 'found': {
      const { place } = answer;
      const where = `${place.city}, ${place.state}`;
      return place.serviceable && place.deliveryBy
        ? `Delivery to ${where} (${pincode}) by ${deliveryDateWords(place.deliveryBy)}.`
        : `Sorry, we do not deliver to ${where} (${pincode}) yet.`;
    }
  }
}

/** "Check delivery": a 6-digit pincode, then the place and the estimated delivery date from the API. */
export function PincodeCheck() {
  const [pincode, setPincode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const pending = useRef<AbortController>(undefined);
  useEffect(() => () => pending.current?.abort(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    pending.current?.abort();
    if (!/^\d{6}$/.test(pincode)) return setMessage('Please enter a valid 6-digit pincode.');
    const abort = (pending.current = new AbortController());
    setMessage('Checking...');
    const answer = await lookupPincode(pincode, abort.signal);
    if (!abort.signal.aborted) setMessage(deliveryMessage(pincode, answer));
  };

  return (
    <form className="pincode" onSubmit={(e) => void submit(e)}>
      <label htmlFor="pincode">Check delivery</label>
      <span className="pincode__row">
        <input
          id="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={LIMITS.pincodeLength}
          value={pincode}
          onChange={(e) => setPincode(e.target.value.replace(/\D/g, ''))}
          placeholder="6-digit pincode"
        />
        <button type="submit" className="btn btn--ghost btn--small">
          Check
        </button>
      </span>
      <p className="pincode__message" role="status" data-testid="pincode-message">
        {message}
      </p>
    </form>
  );
}
