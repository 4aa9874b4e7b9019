import { useId, useState } from 'react';
import type { Envelope } from '@haat/shared/common/envelope';
import { LIMITS } from '@haat/shared/common/limits';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import type { User } from '@haat/shared/users/user.types';
import { http } from '../../../lib/http/http';
import { problemOf } from '../../../lib/http/http-problem';
import { usePublicConfig } from '../../../lib/http/public-config';
import { useBusy } from '../../../lib/hooks/use-busy';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  user: User;
  onChange: (user: User) => void;
  /** A mobile-only account's new number, texted its own code by the profile form: the old one stays its key until it is proved. */
  pending?: string | null;
  onProved?: (user: User) => void;
}

/**
 * My Profile's mobile, proved by a texted code (docs/decisions/0280-sign-in-by-mobile-number.md), and WhatsApp updates.
 * An account with a password gives it to have the code sent: the owner is present, not only a session.
 */
export function MobileAndWhatsapp({ user, onChange, pending, onProved }: Props) {
  const { t } = useTranslation('profile');
  const { whatsapp } = usePublicConfig();
  const id = useId();
  const [typed, setTyped] = useState(user.mobile_verified ? '' : user.mobile);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, run] = useBusy();
  const mobile = indianMobile(typed);
  const needsPassword = user.owner_proof === 'password';
  const awaiting = sentTo ?? (user.mobile_verified && pending && pending !== user.mobile ? pending : null);
  const send = () =>
    run(async () => {
      setPasswordError(null);
      try {
        await http.post('user/mobile', { json: needsPassword ? { mobile, currentPassword: password } : { mobile } }).json<Envelope<null>>();
      } catch (error) {
        // A wrong or missing password is said under its field (the server's words, in the screen's language).
        const problem = problemOf(error);
        const fields = problem.body?.fields;
        if (Array.isArray(fields) && fields.includes('currentPassword')) setPasswordError(problem.message.replace(/^\w+: /, ''));
        throw error;
      }
      setPassword('');
      setSentTo(mobile);
    });
  const verify = () =>
    run(async () => {
      const answer = await http.post('user/mobile/verify', { json: { mobile: awaiting, otp: code } }).json<Envelope<User>>();
      onChange(answer.data!);
      setSentTo(null);
      setCode('');
      onProved?.(answer.data!);
    });
  const setWhatsapp = (on: boolean) => run(async () => onChange((await http.put('user/whatsapp', { json: { on } }).json<Envelope<User>>()).data!));

  return (
    <section id="mobile" className="profile__notices" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mobile.title')}</h2>
      {user.mobile_verified && <p role="status">{t('mobile.verified', { mobile: user.mobile })}</p>}
      {awaiting !== null ? (
        <div className="address-dialog__field">
          {user.mobile_verified && <p>{t('mobile.pending', { mobile: awaiting, current: user.mobile })}</p>}
          <label htmlFor={`${id}-code`}>{t('mobile.code', { mobile: awaiting })}</label>
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
      ) : (
        !user.mobile_verified && (
          <div className="address-dialog__field">
            <label htmlFor={`${id}-number`}>{t('mobile.number')}</label>
            <input id={`${id}-number`} type="tel" autoComplete="tel-national" value={typed} onChange={(e) => setTyped(e.target.value)} />
            {needsPassword && (
              <>
                <label htmlFor={`${id}-password`}>{t('mobile.password')}</label>
                <input
                  id={`${id}-password`}
                  name="currentPassword"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? `${id}-password-error` : undefined}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setPasswordError(null);
                  }}
                />
                {passwordError && (
                  <p id={`${id}-password-error`} className="profile__field-error" role="alert">
                    {passwordError}
                  </p>
                )}
              </>
            )}
            <button type="button" className="btn btn--ghost btn--small" disabled={!mobile || (needsPassword && !password) || busy} onClick={() => void send()}>
              {t('mobile.send')}
            </button>
          </div>
        )
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
