import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PASSWORD_MISMATCH } from '@haat/shared/users/user.schema';
import { usePageMeta } from '../../lib/use-page-meta';
import { toast } from '../../lib/toast';
import { authApi } from './api';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { PasswordField } from './components/password-field';
import { TextField } from './components/text-field';
import './components/auth-form.css';

/** /register (spec §2, §5): all four fields needed; the passwords must match; success goes to /login. */
export function RegisterPage() {
  usePageMeta({ title: 'Register | Haat' });
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const complete = Object.values(form).every((v) => v !== '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.password !== form.confirmPassword) return void toast.error(PASSWORD_MISMATCH);
    setBusy(true);
    try {
      const answer = await authApi.register(form);
      toast.success(answer.message);
      navigate('/login');
    } catch {
      // the server's message is already on screen (e.g. the e-mail is taken)
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-form">
      <form className="auth-form__card" onSubmit={submit} noValidate>
        <h1 className="auth-form__title">Register</h1>
        <TextField label="Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} autoFocus />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
        <PasswordField label="Password" name="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
        <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
        <button type="submit" className="btn btn--primary auth-form__submit" disabled={!complete || busy}>
          {busy ? 'Loading...' : 'Register'}
        </button>
        <GoogleSignInButton mode="register" />
        <p className="auth-form__switch">
          Already have account? <Link to="/login">Login</Link>
        </p>
      </form>
    </section>
  );
}
