import { useId, useState } from 'react';
import type { Envelope } from '@haat/shared/common/envelope';
import { LIMITS } from '@haat/shared/common/limits';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import type { User } from '@haat/shared/users/user.types';
import { http } from '../../../lib/http/http';
import { usePublicConfig } from '../../../lib/http/public-config';
import { useBusy } from '../../../lib/hooks/use-busy';
import { useTranslation } from '../../../i18n/i18n';
import { spacedMobile } from '@haat/shared/users/mobile-words';

/** My Profile's mobile, proved by a texted code (docs/decisions/0280-sign-in-by-mobile-number.md), and WhatsApp updates. */
export function MobileAndWhatsapp({ user, onChange }: { user: User; onChange: (user: User) => void }) {
  const { t } = useTranslation('profile');
  const { whatsapp } = usePublicConfig();
  const id = useId();
  const [typed, setTyped] = useState(user.mobile_verified ? '' : user.mobile);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, run] = useBusy();
  const mobile = indianMobile(typed);
  const send = () =>
    run(async () => {
      await http.post('user/mobile', { json: { mobile } }).json<Envelope<null>>();
      setSentTo(mobile);
    });
  const verify = () =>
    run(async () => {
      const answer = await http.post('user/mobile/verify', { json: { mobile: sentTo, otp: code } }).json<Envelope<User>>();
      onChange(answer.data!);
      setSentTo(null);
      setCode('');
    });
  const setWhatsapp = (on: boolean) => run(async () => onChange((await http.put('user/whatsapp', { json: { on } }).json<Envelope<User>>()).data!));

  return (
    <section id="mobile" className="profile__notices" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mobile.title')}</h2>
      {user.mobile_verified ? (
        <p role="status">{t('mobile.verified', { mobile: spacedMobile(user.mobile) })}</p>
      ) : sentTo === null ? (
        <div className="address-dialog__field">
          <label htmlFor={`${id}-number`}>{t('mobile.number')}</label>
          <input id={`${id}-number`} type="tel" autoComplete="tel-national" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <button type="button" className="btn btn--ghost btn--small" disabled={!mobile || busy} onClick={() => void send()}>
            {t('mobile.send')}
          </button>
        </div>
      ) : (
        <div className="address-dialog__field">
          <label htmlFor={`${id}-code`}>{t('mobile.code', { mobile: spacedMobile(sentTo) })}</label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.otpLength}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className="btn btn--ghost btn--small" disabled={code.length !== LIMITS.otpLength || busy} onClick={() => void verify()}>
            {t('mobile.verify')}
          </button>
        </div>
      )}
      {whatsapp && user.mobile_verified && (
        <label>
          <input type="checkbox" checked={Boolean(user.whatsapp_updates)} disabled={busy} onChange={(e) => void setWhatsapp(e.target.checked)} />{' '}
          {t('mobile.whatsapp')}
        </label>
      )}
    </section>
  );
}
