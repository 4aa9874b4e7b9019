import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import { toast } from '../../lib/ui/toast';
import { authApi } from './api';
import { AuthForm, BACK_TO_LOGIN } from './components/auth-form';
import { OtpBoxes } from './components/otp-boxes';
import { useTranslation } from '../../i18n/i18n';

/** /verification-otp (docs/product.md#screens and #validation), with the e-mail carried from /forgot-password. */
export function VerificationOtpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const email = (useLocation().state as { email?: string } | null)?.email;
  const [digits, setDigits] = useState<string[]>(() => Array<string>(LIMITS.otpLength).fill(''));
  if (!email) return <Navigate to="/forgot-password" replace />;

  const verify = async () => {
    const answer = await authApi.verifyOtp(email, digits.join('')); // wrong or expired: shown by lib/http
    toast.success(answer.message);
    navigate('/reset-password', { state: { data: answer, email } });
  };

  return (
    <AuthForm
      meta={t('otp.meta')}
      title={t('otp.title')}
      submitLabel={t('otp.submit')}
      ready={digits.every((d) => d !== '')}
      onSubmit={verify}
      switchTo={BACK_TO_LOGIN}
    >
      <p className="auth-form__hint">{t('otp.sent', { email })}</p>
      <OtpBoxes digits={digits} onChange={setDigits} />
    </AuthForm>
  );
}
