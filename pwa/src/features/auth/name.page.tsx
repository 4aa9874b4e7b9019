import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { returnPathAfterLogin } from '../../lib/http/login-return';
import { setSessionUser, userAtom } from '../../lib/http/session';
import { mobileApi } from './api';
import { AuthForm, BACK_TO_LOGIN } from './components/auth-form';
import { TextField } from './components/text-field';
import { useTranslation } from '../../i18n/i18n';

/** /login/name: the name of an account just made by a mobile sign-in (docs/decisions/0280-sign-in-by-mobile-number.md). */
export function NamePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const user = useAtomValue(userAtom);
  const [name, setName] = useState('');
  if (!user) return <Navigate to="/login/mobile" replace />;

  const save = async () => {
    const answer = await mobileApi.setName(name.trim());
    setSessionUser(answer.data!);
    navigate(returnPathAfterLogin(state), { replace: true });
  };

  return (
    <AuthForm meta={t('name.meta')} title={t('name.title')} submitLabel={t('name.submit')} ready={name.trim() !== ''} onSubmit={save} switchTo={BACK_TO_LOGIN}>
      <p className="auth-form__hint">{t('name.hint')}</p>
      <TextField label={t('field.name')} name="name" autoComplete="name" value={name} onChange={setName} autoFocus />
    </AuthForm>
  );
}
