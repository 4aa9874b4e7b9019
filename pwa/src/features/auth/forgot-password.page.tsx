import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { usePageMeta } from '../../lib/use-page-meta';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { TextField } from './components/text-field';
import './components/auth-form.css';

/** /forgot-password (spec §2, §5): Send OTP, then /verification-otp carrying the e-mail. */
export function ForgotPasswordPage() {
  usePageMeta({ title: 'Forgot password | Haat' });
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await authApi.forgotPassword(email);
      toast.success(answer.message);
      navigate('/verification-otp', { state: { email } });
    } catch {
      // message shown by lib/http
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-form">
      <form className="auth-form__card" onSubmit={submit} noValidate>
        <h1 className="auth-form__title">Forgot Password</h1>
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} autoFocus />
        <button type="submit" className="btn btn--primary auth-form__submit" disabled={!email || busy}>
          {busy ? 'Loading...' : 'Send OTP'}
        </button>
        <p className="auth-form__switch">
          Already have account? <Link to="/login">Login</Link>
        </p>
      </form>
    </section>
  );
}
