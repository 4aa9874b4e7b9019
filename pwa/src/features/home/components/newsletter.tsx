import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '@haat/shared/common/limits';
import { useTranslation } from '../../../i18n/i18n';

// docs/product.md#validation: text, at sign, text, dot, text.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/product.md#validation newsletter: no server call; a valid address is "subscribed" after about a second. */
export function Newsletter() {
  const [email, setEmail] = useState('');
  const { t } = useTranslation('home');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setMessage({ kind: 'error', text: t('newsletter.invalid') });
      return;
    }
    setBusy(true);
    setMessage(null);
    timer.current = setTimeout(() => {
      setBusy(false);
      setEmail('');
      setMessage({ kind: 'success', text: t('newsletter.done') });
    }, LIMITS.newsletterDelayMs);
  };

  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('newsletter.title')}</h2>
      <p>{t('newsletter.text')}</p>
      <form className="newsletter__form" onSubmit={submit} noValidate>
        <label htmlFor="newsletter-email" className="visually-hidden">
          {t('newsletter.email')}
        </label>
        <input
          id="newsletter-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('newsletter.emailExample')}
          autoComplete="email"
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? t('newsletter.subscribing') : t('newsletter.subscribe')}
        </button>
      </form>
      <p className={`newsletter__message newsletter__message--${message?.kind ?? 'none'}`} role={message?.kind === 'error' ? 'alert' : 'status'}>
        {message?.text}
      </p>
    </section>
  );
}
