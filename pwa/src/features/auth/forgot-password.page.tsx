import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/ui/toast';
import { authApi } from './api';
import { AuthForm, BACK_TO_LOGIN } from './components/auth-form';
import { TextField } from './components/text-field';
import { useTranslation } from '../../i18n/i18n';

/** /forgot-password (docs/product.md#screens and #validation): Send OTP, then /verification-otp carrying the e-mail. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');

  const sendCode = async () => {
    const answer = await authApi.forgotPassword(email);
    toast.success(answer.message);
    navigate('/verification-otp', { state: { email } });
  };

  return (
    <AuthForm
      meta={t('forgot.meta')}
      title={t('forgot.title')}
      submitLabel={t('forgot.submit')}
      ready={email !== ''}
      onSubmit={sendCode}
      switchTo={BACK_TO_LOGIN}
    >
      <TextField label={t('field.email')} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} autoFocus />
    </AuthForm>
  );
}
