import { useId, useState } from 'react';
import type { Envelope } from '@haat/shared/common/envelope';
import { LIMITS } from '@haat/shared/common/limits';
import { http } from '../../../lib/http/http';
import { useBusy } from '../../../lib/hooks/use-busy';
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
  const [busy, run] = useBusy();
  const send = () =>
    run(async () => {
      await http.post('user/owner-code').json<Envelope<null>>();
      setSent(true);
    });
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
