import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './auth-form.css';
import { useTranslation } from '../../../i18n/i18n';

/** The closing line of every sign-in screen but /login (docs/product.md#screens). */
export const BACK_TO_LOGIN = { question: 'hasAccount', to: '/login', label: 'loginLink' } as const;

interface AuthFormProps {
  title: string;
  /** The button's label; it reads "Loading..." while the form is being sent (docs/product.md#validation). */
  submitLabel: string;
  /** The fields hold what the call needs; until then the button stays disabled (docs/product.md#validation). */
  ready: boolean;
  /**
   * Sends the form. A failed call has already shown the server's message (lib/http), so a throw only
   * re-enables the button.
   */
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
  /** Under the button (the Google button). */
  extra?: ReactNode;
  /** The closing line, e.g. "Already have account? Login": `question` and `label` are keys of the auth texts. */
  switchTo: { question: 'hasAccount' | 'login.noAccount'; to: string; label: 'loginLink' | 'login.register' };
}

/** The frame and submit cycle every sign-in screen shares (/login, /register, the reset steps). */
export function AuthForm({ title, submitLabel, ready, onSubmit, children, extra, switchTo }: AuthFormProps) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await onSubmit();
    } catch {
      // the message is already on screen
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-form">
      <form className="auth-form__card" onSubmit={(e) => void submit(e)} noValidate>
        <h1 className="auth-form__title">{title}</h1>
        {children}
        <button type="submit" className="btn btn--primary auth-form__submit" disabled={!ready || busy}>
          {busy ? t('loading') : submitLabel}
        </button>
        {extra}
        <p className="auth-form__switch">
          {t(switchTo.question)} <Link to={switchTo.to}>{t(switchTo.label)}</Link>
        </p>
      </form>
    </section>
  );
}
