import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../lib/use-page-meta';
import { authApi } from './api';
import { useCompleteSignIn } from './hooks/use-complete-sign-in';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { PasswordField } from './components/password-field';
import { TextField } from './components/text-field';
import './components/auth-form.css';

/** /login (spec §2, §5): the button stays disabled until both fields are filled; success goes to /. */
export function LoginPage() {
  usePageMeta({ title: 'Login | Haat' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const completeSignIn = useCompleteSignIn();
  useEffect(() => {
    window.scrollTo(0, 0); // a block body: Chromium now returns a promise here, which React would call as cleanup
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await authApi.login({ email, password });
      await completeSignIn(answer.data!, answer.message);
    } catch {
      // lib/http showed the server's message ("Invalid email or password.")
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-form">
      <form className="auth-form__card" onSubmit={submit} noValidate>
        <h1 className="auth-form__title">Login</h1>
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} autoFocus />
        <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <Link to="/forgot-password" className="auth-form__aside">
          Forgot password ?
        </Link>
        <button type="submit" className="btn btn--primary auth-form__submit" disabled={!email || !password || busy}>
          {busy ? 'Loading...' : 'Login'}
        </button>
        <GoogleSignInButton mode="login" />
        <p className="auth-form__switch">
          Don&apos;t have account? <Link to="/register">Register</Link>
        </p>
      </form>
    </section>
  );
}
