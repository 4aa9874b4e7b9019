import { useId, useState } from 'react';
import type { Envelope } from '@haat/shared/common/envelope';
import { LIMITS } from '@haat/shared/common/limits';
import { http } from '../../../lib/http/http';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  /** The account's verified mobile, where the code goes. */
  mobile: string;
  code: string;
  onCode: (code: string) => void;
}

/**
 * For an account signed up by mobile number (no password): a code sent to its own verified mobile proves its owner is
 * present to add or change the e-mail, or give up the number (docs/decisions/0280-sign-in-by-mobile-number.md).
 * The profile form sends the code with its save. Refusals come back as toasts from lib/http.
 */
export function OwnerCode({ mobile, code, onCode }: Props) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await http.post('user/owner-code').json<Envelope<null>>();
      setSent(true);
    } catch {
      // the message is already on screen (too many codes)
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="address-dialog__field">
      <label htmlFor={`${id}-code`}>{t('profile.ownerCode', { mobile })}</label>
      <input
        id={`${id}-code`}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.otpLength}
        value={code}
        onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
      />
      <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void send()}>
        {sent ? t('profile.ownerCodeAgain') : t('profile.ownerCodeSend')}
      </button>
    </div>
  );
}
