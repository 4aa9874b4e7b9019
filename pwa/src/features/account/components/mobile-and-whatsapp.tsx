import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import type { User } from '@haat/shared/users/user.types';
import { problemOf } from '../../../lib/http/http-problem';
import { usePublicConfig } from '../../../lib/http/public-config';
import { useServerWrite } from '../../../lib/query/server-write';
import { useTranslation } from '../../../i18n/i18n';
import { spacedMobile } from '@haat/shared/users/mobile-words';
import { mobileCodeWrite, verifyMobileWrite, whatsappUpdatesWrite } from '../api';

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
  const sending = useServerWrite(mobileCodeWrite());
  const verifying = useServerWrite(verifyMobileWrite());
  const switching = useServerWrite(whatsappUpdatesWrite());
  const busy = sending.isPending || verifying.isPending || switching.isPending;
  const mobile = indianMobile(typed);
  const needsPassword = user.owner_proof === 'password';
  const awaiting = sentTo ?? (user.mobile_verified && pending && pending !== user.mobile ? pending : null);
  const send = () => {
    setPasswordError(null);
    sending.mutate(needsPassword ? { mobile, currentPassword: password } : { mobile }, {
      onSuccess: () => {
        setPassword('');
        setSentTo(mobile);
      },
      onError: (error) => {
        // A wrong or missing password is said under its field (the server's words, in the screen's language).
        const problem = problemOf(error);
        const fields = problem.body?.fields;
        if (Array.isArray(fields) && fields.includes('currentPassword')) setPasswordError(problem.message.replace(/^\w+: /, ''));
      },
    });
  };
  // Focus never falls to the page: a proved number's code box goes, and focus moves to the line that says it is verified.
  const verifiedLine = useRef<HTMLParagraphElement>(null);
  const [proved, setProved] = useState(false);
  useEffect(() => {
    if (proved) verifiedLine.current?.focus();
  }, [proved, user.mobile]);
  const verify = (code: string) =>
    verifying.mutate(
      { mobile: awaiting, otp: code },
      {
        onSuccess: (answer) => {
          onChange(answer.data!);
          setSentTo(null);
          setProved(true);
          onProved?.(answer.data!);
        },
      },
    );
  const setWhatsapp = (on: boolean) => switching.mutate(on, { onSuccess: (answer) => onChange(answer.data!) });

  return (
    <section id="mobile" className="profile__notices" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mobile.title')}</h2>
      {user.mobile_verified && (
        <p role="status" tabIndex={-1} ref={verifiedLine}>
          {t('mobile.verified', { mobile: spacedMobile(user.mobile) })}
        </p>
      )}
      {awaiting !== null ? (
        <CodeBox id={`${id}-code`} mobile={awaiting} current={user.mobile_verified ? user.mobile : null} busy={busy} onVerify={verify} />
      ) : (
        !user.mobile_verified && (
          <div className="address-dialog__field">
            <label htmlFor={`${id}-number`}>{t('mobile.number')}</label>
            <input id={`${id}-number`} type="tel" autoComplete="tel-national" value={typed} onChange={(e) => setTyped(e.target.value)} />
            {needsPassword && (
              <PasswordField
                id={`${id}-password`}
                value={password}
                error={passwordError}
                onChange={(value) => {
                  setPassword(value);
                  setPasswordError(null);
                }}
              />
            )}
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={!mobile || (needsPassword && !password)}
              aria-busy={busy}
              onClick={() => void (busy || send())}
            >
              {t('mobile.send')}
            </button>
          </div>
        )
      )}
      {whatsapp && user.mobile_verified && (
        <label>
          <input type="checkbox" checked={Boolean(user.whatsapp_updates)} aria-busy={busy} onChange={(e) => void (busy || setWhatsapp(e.target.checked))} />{' '}
          {t('mobile.whatsapp')}
        </label>
      )}
    </section>
  );
}

/** The current password, and under it what the server said of a wrong or missing one. */
function PasswordField({ id, value, error, onChange }: { id: string; value: string; error: string | null; onChange: (value: string) => void }) {
  const { t } = useTranslation('profile');
  return (
    <>
      <label htmlFor={id}>{t('mobile.password')}</label>
      <input
        id={id}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="profile__field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** The code texted to `mobile`; `current`, when the account has a verified number, signs in until this one is proved. */
function CodeBox(props: { id: string; mobile: string; current: string | null; busy: boolean; onVerify: (code: string) => void }) {
  const { id, mobile, current, busy, onVerify } = props;
  const { t } = useTranslation('profile');
  const [code, setCode] = useState('');
  // It opens where "Send code" was (that button is gone): focus goes to the box the code is typed in.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  return (
    <div className="address-dialog__field">
      {current && <p>{t('mobile.pending', { mobile: spacedMobile(mobile), current: spacedMobile(current) })}</p>}
      <label htmlFor={id}>{t('mobile.code', { mobile: spacedMobile(mobile) })}</label>
      <input
        ref={input}
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.otpLength}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={code.length !== LIMITS.otpLength}
        aria-busy={busy}
        onClick={() => void (busy || onVerify(code))}
      >
        {t('mobile.verify')}
      </button>
    </div>
  );
}
