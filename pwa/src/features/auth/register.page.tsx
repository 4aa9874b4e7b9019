import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PASSWORD_MISMATCH } from '@haat/shared/users/user.schema';
import { toast } from '../../lib/ui/toast';
import { authApi } from './api';
import { schemaText } from '../../i18n/validation';
import { passwordProblem } from './password-problem';
import { AuthForm, BACK_TO_LOGIN } from './components/auth-form';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { MobileSignInLink } from './components/mobile-sign-in-link';
import { PasswordField } from './components/password-field';
import { TextField } from './components/text-field';
import { useTranslation } from '../../i18n/i18n';

/** /register (docs/product.md#screens and #validation): all four fields needed; the passwords must match; success goes to /login. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const register = async () => {
    const problem = passwordProblem(form.password, t('field.password'));
    if (problem) return void toast.error(problem);
    if (form.password !== form.confirmPassword) return void toast.error(schemaText(PASSWORD_MISMATCH));
    const answer = await authApi.register(form); // a refusal (the e-mail is taken, a common password) is shown by lib/http
    toast.success(answer.message);
    // The new account's e-mail is filled in on the login form, so only the password is typed again.
    navigate('/login', { state: { email: form.email } });
  };

  return (
    <AuthForm
      meta={t('register.meta')}
      title={t('register.title')}
      submitLabel={t('register.submit')}
      ready={Object.values(form).every((v) => v !== '')}
      onSubmit={register}
      extra={
        <>
          <GoogleSignInButton mode="register" />
          <MobileSignInLink />
        </>
      }
      switchTo={BACK_TO_LOGIN}
    >
      <TextField label={t('field.name')} name="name" autoComplete="name" value={form.name} onChange={set('name')} autoFocus />
      <TextField label={t('field.email')} name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
      <PasswordField
        label={t('field.password')}
        name="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        hint={t('newPasswordHint')}
      />
      <PasswordField
        label={t('field.confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
      />
    </AuthForm>
  );
}
