import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getDefaultStore } from 'jotai';
import { LIMITS } from '@haat/shared/common/limits';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import { mobileProblem, spacedMobile } from '@haat/shared/users/mobile-words';
import { problemOf } from '../../lib/http/http-problem';
import { userAtom } from '../../lib/http/session';

import { mobileApi } from './api';
import { AuthForm, BACK_TO_LOGIN } from './components/auth-form';
import { OtpBoxes } from './components/otp-boxes';
import { TextField } from './components/text-field';
import { useCompleteSignIn } from './hooks/use-complete-sign-in';
import { useCountdown } from './hooks/use-countdown';
import { useWebOtp } from './hooks/use-web-otp';
import { useTranslation } from '../../i18n/i18n';

/** A new code may be asked for this long after the last one was sent. */
const RESEND_AFTER_MS = 30_000;
const noDigits = () => Array<string>(LIMITS.otpLength).fill('');
const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** /login/mobile (docs/product.md#screens): the number, then the texted code; a new account goes on to /login/name. */
export function MobileSignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const completeSignIn = useCompleteSignIn();
  const [typed, setTyped] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [digits, setDigits] = useState(noDigits);
  const [resendAt, setResendAt] = useState(0);
  const [refused, setRefused] = useState(false);
  const wait = useCountdown(resendAt);
  const mobile = indianMobile(typed);
  // Why the number cannot be one, said once the shopper leaves the field or presses Send code (not while typing).
  const [checked, setChecked] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // A refused Send code puts the focus back in the field, after the render that marks it (the press took it away).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) field.current?.focus();
  }, [refusals]);
  const wrong = typed.trim() && mobileProblem(typed);
  const problem = checked && wrong ? t(`mobile.problem.${wrong.kind}`, { count: wrong.count }) : null;

  const send = async (to: string) => {
    try {
      await mobileApi.sendCode(to);
      setSentTo(to);
      setDigits(noDigits());
      setRefused(false);
      setResendAt(Date.now() + RESEND_AFTER_MS);
    } catch (error) {
      const retryAfter = Number(problemOf(error).body?.retryAfter);
      if (retryAfter > 0) {
        setRefused(true);
        setResendAt(Date.now() + retryAfter * 1000);
      }
      throw error;
    }
  };

  const verify = async () => {
    const answer = await mobileApi.verify(sentTo!, digits.join(''));
    await completeSignIn(answer.data!);
    // An account made by this sign-in has no name yet: asked on the next screen.
    if (!getDefaultStore().get(userAtom)?.name) navigate('/login/name', { replace: true, state });
  };

  const onCode = useCallback((code: string) => setDigits(code.slice(0, LIMITS.otpLength).split('')), []);
  useWebOtp(sentTo !== null, onCode);

  const waitLine = wait > 0 && (
    <p className="auth-form__hint" role="status">
      {t(refused ? 'mobile.waitRefused' : 'mobile.resendIn', { time: clock(wait) })}
    </p>
  );

  if (sentTo === null)
    return (
      <AuthForm
        meta={t('mobile.meta')}
        title={t('mobile.title')}
        submitLabel={t('mobile.send')}
        ready={typed.trim() !== '' && wait === 0}
        onSubmit={async () => {
          if (mobile) return send(mobile);
          setChecked(true);
          setRefusals((n) => n + 1);
        }}
        switchTo={BACK_TO_LOGIN}
      >
        <p className="auth-form__hint">{t('mobile.numberHint')}</p>
        <TextField
          label={t('mobile.number')}
          name="mobile"
          type="tel"
          autoComplete="tel-national"
          value={typed}
          onChange={setTyped}
          onBlur={() => setChecked(true)}
          problem={problem}
          inputRef={field}
          autoFocus
        />
        {waitLine}
      </AuthForm>
    );

  return (
    <AuthForm
      meta={t('mobile.meta')}
      title={t('otp.title')}
      submitLabel={t('mobile.verify')}
      ready={digits.every((d) => d !== '')}
      onSubmit={verify}
      switchTo={BACK_TO_LOGIN}
      extra={
        <div className="auth-form__row">
          <button type="button" className="btn btn--ghost btn--small" disabled={wait > 0} onClick={() => void send(sentTo).catch(() => undefined)}>
            {t('mobile.resend')}
          </button>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setSentTo(null)}>
            {t('mobile.change')}
          </button>
        </div>
      }
    >
      <p className="auth-form__hint" role="status">
        {t('mobile.sent', { mobile: spacedMobile(sentTo) })}
      </p>
      {/* Focus goes to the first box: the code is what the shopper types next. */}
      <OtpBoxes digits={digits} onChange={setDigits} autoFocus />
      {waitLine}
    </AuthForm>
  );
}
