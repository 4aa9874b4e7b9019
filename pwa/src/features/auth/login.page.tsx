import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { authApi } from './api';
import { useCompleteSignIn } from './hooks/use-complete-sign-in';
import { AuthForm } from './components/auth-form';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { MobileSignInLink } from './components/mobile-sign-in-link';
import { PasswordField } from './components/password-field';
import { TextField } from './components/text-field';
import { useTranslation } from '../../i18n/i18n';

/** /login (docs/product.md#screens and #validation): the button stays disabled until both fields are filled; success goes to /. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  // Register sends the shopper here with the e-mail just signed up with.
  const carried = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof carried === 'string' ? carried : '');
  const [password, setPassword] = useState('');
  const completeSignIn = useCompleteSignIn();

  const login = async () => {
    const answer = await authApi.login({ email, password }); // a refusal: "Invalid email or password."
    await completeSignIn(answer.data!);
  };

  return (
    <AuthForm
      meta={t('login.meta')}
      title={t('login.title')}
      submitLabel={t('login.submit')}
      ready={Boolean(email && password)}
      onSubmit={login}
      extra={
        <>
          <GoogleSignInButton mode="login" />
          <MobileSignInLink />
        </>
      }
      switchTo={{ question: 'login.noAccount', to: '/register', label: 'login.register' }}
    >
      <TextField label={t('field.email')} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} autoFocus />
      <PasswordField label={t('field.password')} name="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <Link to="/forgot-password" className="auth-form__aside">
        {t('login.forgot')}
      </Link>
    </AuthForm>
  );
}
