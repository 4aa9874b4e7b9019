import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { NEW_PASSWORD_MISMATCH } from '@haat/shared/users/user.schema';
import { usePageMeta } from '../../lib/use-page-meta';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { PasswordField } from './components/password-field';
import './components/auth-form.css';

interface Carried {
  data?: { success?: boolean };
  email?: string;
}

/** /reset-password (spec §2, §5): only after a verified code (else to /); success goes to /login. */
export function ResetPasswordPage() {
  usePageMeta({ title: 'Reset password | Haat' });
  const navigate = useNavigate();
  const carried = useLocation().state as Carried | null;
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  if (!carried?.data?.success || !carried.email) return <Navigate to="/" replace />;
  const email = carried.email;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword !== confirmPassword) return void toast.error(NEW_PASSWORD_MISMATCH);
    setBusy(true);
    try {
      const answer = await authApi.resetPassword({ email, newPassword, confirmPassword });
      toast.success(answer.message);
      navigate('/login', { replace: true });
    } catch {
      // message shown by lib/http (e.g. the code's window has passed)
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-form">
      <form className="auth-form__card" onSubmit={submit} noValidate>
        <h1 className="auth-form__title">Enter Your Password</h1>
        <PasswordField label="New password" name="newPassword" autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
        <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={setConfirmPassword} />
        <button type="submit" className="btn btn--primary auth-form__submit" disabled={!newPassword || !confirmPassword || busy}>
          {busy ? 'Loading...' : 'Change Password'}
        </button>
        <p className="auth-form__switch">
          Already have account? <Link to="/login">Login</Link>
        </p>
      </form>
    </section>
  );
}
