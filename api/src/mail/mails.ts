import type { Language } from '@haat/shared/common/languages';
import type { OutgoingMail } from './mail.service.js';
import type { enIN } from '../i18n/en-IN.js';
import { t } from '../i18n/i18n.js';

export type MailKind = keyof typeof enIN.mail;

/**
 * One of the shop's mails in `language` (docs/product.md#languages): a mail to whoever made the
 * request is in the request's language, a mail to an account's owner about what someone else did
 * (or sent outside any request) in the language stored on the account.
 */
export function mailOf(kind: MailKind, language: Language, values: Record<string, string>, to: string): OutgoingMail {
  return { to, subject: t(language, `mail.${kind}.subject`, values), text: t(language, `mail.${kind}.text`, values) };
}
