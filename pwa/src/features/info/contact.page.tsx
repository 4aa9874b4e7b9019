import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { InfoPage } from './info-page';
import { CONTACT_TOPICS, ContactBody } from '@haat/shared/contact/contact.schema';
import { telLink, whatsappLink } from '@haat/shared/contact/support-contact';
import { fieldProblem } from '../../i18n/validation';
import { ShopAddress } from '../../lib/ui/shop-address';
import { usePublicConfig } from '../../lib/http/public-config';
import { useServerWrite } from '../../lib/query/server-write';
import { contactMessageWrite } from './api';

const EMPTY = { name: '', email: '', phone: '', topic: 'An order' as ContactBody['topic'], message: '' };

/** Each topic's words on screen; the English value is what the support desk's mail says (docs/product.md#languages). */
const TOPIC_KEYS: Record<ContactBody['topic'], string> = {
  'An order': 'order',
  Delivery: 'delivery',
  'Returns and refunds': 'returns',
  Payments: 'payments',
  'Something else': 'other',
};

/** /contact: how to reach support, and a form that mails the support desk (POST /api/contact). */
export function ContactPage() {
  const { t } = useTranslation('info');
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState('');
  const sending = useServerWrite(contactMessageWrite());
  const busy = sending.isPending;
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const labelOf = (field: string) => (field in EMPTY ? t(`contact.field.${field}`) : field);
  const { shop } = usePublicConfig();
  const values = { phone: shop.phone, email: shop.email, hours: t('hours') };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent('');
    const parsed = ContactBody.safeParse(form);
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => fieldProblem(labelOf(String(i.path[0])), i.message)));
    setErrors([]);
    sending.mutate(parsed.data, {
      onSuccess: (answer) => {
        setSent(answer.message);
        setForm(EMPTY);
      },
    });
  };

  return (
    <InfoPage name="contact" values={values}>
      <p>{t('contact.intro', values)}</p>
      <ul className="contact-ways">
        <li>
          <strong>{t('contact.call')}</strong>
          <span>
            <a href={telLink(shop.phone)}>{shop.phone}</a> {t('contact.tollFree')}
          </span>
        </li>
        <li>
          <strong>{t('contact.whatsapp')}</strong> <a href={whatsappLink(shop.whatsappNumber)}>{shop.whatsappNumber}</a>
        </li>
        <li>
          <strong>{t('contact.email')}</strong> <a href={`mailto:${shop.email}`}>{shop.email}</a>
        </li>
        <li>
          <strong>{t('contact.address')}</strong> <ShopAddress shop={shop} />
        </li>
      </ul>
      <h2>{t('contact.formTitle')}</h2>
      <form className="contact-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('contact.formTitle')}>
        <label>
          {t('contact.field.name')}
          <input name="name" autoComplete="name" value={form.name} onChange={set('name')} />
        </label>
        <label>
          {t('contact.field.email')}
          <input name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
        </label>
        <label>
          {t('contact.field.phoneOptional')}
          <input name="phone" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
        </label>
        <label>
          {t('contact.field.topic')}
          <select name="topic" value={form.topic} onChange={set('topic')}>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`contact.topic.${TOPIC_KEYS[topic]}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="contact-form__wide">
          {t('contact.field.message')}
          <textarea name="message" rows={5} value={form.message} onChange={set('message')} />
        </label>
        {errors.length > 0 && (
          <ul role="alert" className="contact-form__errors">
            {errors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        {sent && (
          <p role="status" className="contact-form__sent">
            {sent}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? t('contact.sending') : t('contact.send')}
        </button>
      </form>
    </InfoPage>
  );
}

/** POST /api/contact: mails the support desk. A refusal (bad field, too many messages) is shown by lib/http. */
