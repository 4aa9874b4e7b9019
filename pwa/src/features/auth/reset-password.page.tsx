import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { NEW_PASSWORD_MISMATCH } from '@haat/shared/users/user.schema';
import { toast } from '../../lib/ui/toast';
import { authApi } from './api';
import { schemaText } from '../../i18n/validation';
import { passwordProblem } from './password-problem';
import { AuthForm, BACK_TO_LOGIN } from './components/auth-form';
import { PasswordField } from './components/password-field';
import { useTranslation } from '../../i18n/i18n';

/** /reset-password (docs/product.md#screens and #validation), only with a verified code's single-use reset token. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const carried = useLocation().state as { data?: { success?: boolean; data?: { resetToken?: string } }; email?: string } | null;
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const resetToken = carried?.data?.data?.resetToken;
  if (!carried?.data?.success || !carried.email || !resetToken) return <Navigate to="/" replace />;
  const email = carried.email;

  const reset = async () => {
    const problem = passwordProblem(newPassword, t('field.newPassword'));
    if (problem) return void toast.error(problem);
    if (newPassword !== confirmPassword) return void toast.error(schemaText(NEW_PASSWORD_MISMATCH));
    const answer = await authApi.resetPassword({ email, resetToken, newPassword, confirmPassword }); // e.g. token expired, a common password
    toast.success(answer.message);
    navigate('/login', { replace: true });
  };

  return (
    <AuthForm
      meta={t('reset.meta')}
      title={t('reset.title')}
      submitLabel={t('reset.submit')}
      ready={Boolean(newPassword && confirmPassword)}
      onSubmit={reset}
      switchTo={BACK_TO_LOGIN}
    >
      <PasswordField
        label={t('field.newPassword')}
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        onChange={setNewPassword}
        hint={t('newPasswordHint')}
      />
      <PasswordField label={t('field.confirm')} name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={setConfirmPassword} />
    </AuthForm>
  );
}
