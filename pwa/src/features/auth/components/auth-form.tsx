import type { FormEvent, ReactNode } from 'react';
import { useServerWrite } from '../../../lib/query/server-write';
import { Link } from 'react-router-dom';
import { PageMeta } from '../../../lib/ui/page-meta';
import './auth-form.css';
import { useTranslation } from '../../../i18n/i18n';

/** The closing line of every sign-in screen but /login (docs/product.md#screens). */
export const BACK_TO_LOGIN = { question: 'hasAccount', to: '/login', label: 'loginLink' } as const;

interface AuthFormProps {
  meta: string;
  title: string;
  /** The button's label; it reads "Loading..." while the form is being sent (docs/product.md#validation). */
  submitLabel: string;
  /** The fields hold what the call needs; until then the button stays disabled (docs/product.md#validation). */
  ready: boolean;
  /** Sends the form; a throw only re-enables the button (the server's message is on screen). */
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
  extra?: ReactNode;
  /** The closing line, e.g. "Already have account? Login": `question` and `label` are keys of the auth texts. */
  switchTo: { question: 'hasAccount' | 'login.noAccount'; to: string; label: 'loginLink' | 'login.register' };
}

/** The frame and submit cycle every sign-in screen shares (/login, /register, the reset steps). */
export function AuthForm({ meta, title, submitLabel, ready, onSubmit, children, extra, switchTo }: AuthFormProps) {
  const { t } = useTranslation('auth');
  // Each screen's call (auth/api.ts) is the write; a failure's message is on screen (the HTTP client's or the screen's).
  const sending = useServerWrite({ mutationFn: onSubmit });
  const busy = sending.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    sending.mutate();
  };

  return (
    <section className="auth-form">
      <PageMeta title={meta} />
      <form className="auth-form__card" onSubmit={submit} noValidate>
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
