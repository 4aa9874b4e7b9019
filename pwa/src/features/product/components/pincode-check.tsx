import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '@haat/shared/common/limits';

/**
 * docs/product.md#states and #validation: a 6-digit pincode, "Checking..." then, after 1 s, the (client-simulated) answer.
 * Indian pincodes never start with 0, so those are reported as not served.
 */
export function checkPincodeLocally(pincode: string): string {
  return pincode.startsWith('0') ? `Sorry, we do not deliver to ${pincode} yet.` : `Delivery available to ${pincode}: get it in 10 minutes.`;
}

export function PincodeCheck() {
  const [pincode, setPincode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    clearTimeout(timer.current);
    if (!/^\d{6}$/.test(pincode)) return setMessage('Please enter a valid 6-digit pincode.');
    setMessage('Checking...');
    timer.current = setTimeout(() => {
      try {
        setMessage(checkPincodeLocally(pincode));
      } catch {
        setMessage('Unable to check availability. Please try again.');
      }
    }, LIMITS.pincodeCheckMs);
  };

  return (
    <form className="pincode" onSubmit={submit}>
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
      <p className="pincode__message" role="status">
        {message}
      </p>
    </form>
  );
}
