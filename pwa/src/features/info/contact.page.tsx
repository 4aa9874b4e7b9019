import { useState, type FormEvent } from 'react';
import { CONTACT_TOPICS, ContactBody } from '@haat/shared/contact/contact.schema';
import { SUPPORT_CONTACT } from '@haat/shared/contact/support-contact';
import { PageMeta } from '../../lib/ui/page-meta';
import { sendContactMessage } from './contact-api';
import './info.css';

const EMPTY = { name: '', email: '', phone: '', topic: 'An order' as ContactBody['topic'], message: '' };

/** /contact: how to reach support, and a form that mails the support desk (POST /api/contact). */
export function ContactPage() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent('');
    const parsed = ContactBody.safeParse(form);
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => `${labelOf(String(i.path[0]))} ${i.message}.`));
    setErrors([]);
    setBusy(true);
    try {
      setSent((await sendContactMessage(parsed.data)).message);
      setForm(EMPTY);
    } catch {
      // lib/http has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageMeta
        title="Contact Us | Haat"
        description={`Call ${SUPPORT_CONTACT.phone}, write to ${SUPPORT_CONTACT.email} or send us a message. Haat support answers 24/7.`}
      />
      <article className="page page--narrow info-page">
        <h1>Contact Us</h1>
        <p>Our Customer Service team is here {SUPPORT_CONTACT.hours}: about an order, a delivery, a return or a payment.</p>
        <ul className="contact-ways">
          <li>
            <strong>Call</strong>
            <span>
              <a href={`tel:${SUPPORT_CONTACT.phone.replace(/\s/g, '')}`}>{SUPPORT_CONTACT.phone}</a> (toll-free)
            </span>
          </li>
          <li>
            <strong>WhatsApp</strong> <a href={SUPPORT_CONTACT.whatsapp}>{SUPPORT_CONTACT.whatsappNumber}</a>
          </li>
          <li>
            <strong>E-mail</strong> <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>
          </li>
          <li>
            <strong>Address</strong> <address>{SUPPORT_CONTACT.address}</address>
          </li>
        </ul>
        <h2>Send us a message</h2>
        <form className="contact-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Send us a message">
          <label>
            Name
            <input name="name" autoComplete="name" value={form.name} onChange={set('name')} />
          </label>
          <label>
            E-mail
            <input name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
          </label>
          <label>
            Phone (optional)
            <input name="phone" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
          </label>
          <label>
            Topic
            <select name="topic" value={form.topic} onChange={set('topic')}>
              {CONTACT_TOPICS.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
          <label className="contact-form__wide">
            Message
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
            {busy ? 'Sending...' : 'Send message'}
          </button>
        </form>
      </article>
    </>
  );
}

const LABELS: Record<string, string> = { name: 'Name', email: 'E-mail', phone: 'Phone', topic: 'Topic', message: 'Message' };
const labelOf = (field: string) => LABELS[field] ?? field;
