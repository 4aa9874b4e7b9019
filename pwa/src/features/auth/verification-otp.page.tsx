import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LIMITS } from '@haat/shared/common/limits';
import { usePageMeta } from '../../lib/use-page-meta';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { OtpBoxes } from './components/otp-boxes';
import './components/auth-form.css';

/**
 * /verification-otp (spec §2, §5): needs the e-mail carried from /forgot-password (else back there);
 * Verify OTP is enabled once all six boxes hold a digit; success carries the answer and the e-mail on.
 */
export function VerificationOtpPage() {
  usePageMeta({ title: 'Verify OTP | Haat' });
  const navigate = useNavigate();
  const email = (useLocation().state as { email?: string } | null)?.email;
  const [digits, setDigits] = useState<string[]>(() => Array(LIMITS.otpLength).fill(''));
  const [busy, setBusy] = useState(false);
  if (!email) return <Navigate to="/forgot-password" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await authApi.verifyOtp(email, digits.join(''));
      toast.success(answer.message);
      navigate('/reset-password', { state: { data: answer, email } });
    } catch {
      // wrong or expired code: the server's message is on screen
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-form">
      <form className="auth-form__card" onSubmit={submit} noValidate>
        <h1 className="auth-form__title">Enter OTP</h1>
        <p className="auth-form__hint">We sent a six-digit code to {email}.</p>
        <OtpBoxes digits={digits} onChange={setDigits} />
        <button type="submit" className="btn btn--primary auth-form__submit" disabled={digits.some((d) => !d) || busy}>
          {busy ? 'Loading...' : 'Verify OTP'}
        </button>
        <p className="auth-form__switch">
          Already have account? <Link to="/login">Login</Link>
        </p>
      </form>
    </section>
  );
}
