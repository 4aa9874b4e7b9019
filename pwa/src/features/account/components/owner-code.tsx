import { useId, useState } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { useServerWrite } from '../../../lib/query/server-write';
import { ownerCodeWrite } from '../api';
import { useTranslation } from '../../../i18n/i18n';
import { spacedMobile } from '@haat/shared/users/mobile-words';

interface Props {
  /** The account's verified mobile, where the code goes. */
  mobile: string;
  code: string;
  onCode: (code: string) => void;
}

/** The code that proves a mobile-only account's owner, sent with the profile's save (docs/decisions/0280-sign-in-by-mobile-number.md). */
export function OwnerCode({ mobile, code, onCode }: Props) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [sent, setSent] = useState(false);
  const sending = useServerWrite(ownerCodeWrite());
  const busy = sending.isPending;
  const send = () => sending.mutate(undefined, { onSuccess: () => setSent(true) });
  return (
    <div className="address-dialog__field">
      <label htmlFor={`${id}-code`}>{t('profile.ownerCode', { mobile: spacedMobile(mobile) })}</label>
      <input
        id={`${id}-code`}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.otpLength}
        value={code}
        onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
      />
      <button type="button" className="btn btn--ghost btn--small" aria-busy={busy} onClick={() => void (busy || send())}>
        {sent ? t('profile.ownerCodeAgain') : t('profile.ownerCodeSend')}
      </button>
    </div>
  );
}
