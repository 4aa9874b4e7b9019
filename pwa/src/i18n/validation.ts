import { messageTemplate, readTemplate, type MessageTemplate } from '@haat/shared/common/message-template';
import english from './en-IN/validation.json';
import { addEnglish, currentLanguage, i18n } from './i18n';

/**
 * The shared zod schemas' messages in the shopper's language (docs/product.md#languages). The schemas
 * stay English — the API checks the same bodies and translates its own answers
 * (docs/decisions/0105-i18next-on-the-api-translated-at-the-answer.md) — so a form that checks a body
 * with them before sending translates what they say here: the `validation` namespace's English texts
 * are the schemas' messages word for word, `{{n}}` / `{{list}}` marking a value; the template a message
 * was made from is found and rendered in the current language. An unknown message is answered "is not
 * valid" in Hindi (never wrong, if less precise) and as written in English.
 * (docs/decisions/0100-the-pwas-texts.md)
 */

interface Template extends MessageTemplate {
  key: string;
}

let templates: Template[] | null = null;
const texts: Record<'rules' | 'messages', Record<string, string>> = english;
// The English texts come with this module, as every feature's do (docs/decisions/0133-texts-and-storage-load-with-their-feature.md).
addEnglish('validation', english);

/** Every English rule and message as a pattern; built on the first message translated into Hindi. */
function compiled(): Template[] {
  if (templates) return templates;
  templates = (['rules', 'messages'] as const).flatMap((group) =>
    Object.entries(texts[group]).map(([name, text]) => ({
      ...messageTemplate(text, (value) => (value === 'n' ? '(\\d+)' : '(.+)')),
      key: `validation:${group}.${name}`,
    })),
  );
  return templates;
}

/** The English template key a schema message was made from, with its values; null when none matches. */
export function templateOf(message: string): { key: string; values: Record<string, string> } | null {
  for (const template of compiled()) {
    const values = readTemplate(template, message);
    if (values) return { key: template.key, values };
  }
  return null;
}

/** A schema's message ("is required", "must be at least 8 characters", "Password and confirm password must be same") in the current language. */
export function schemaText(message: string): string {
  if (currentLanguage() === 'en-IN') return message;
  const template = templateOf(message);
  return template ? i18n.t(template.key, template.values) : i18n.t('validation:rules.invalid');
}

/** "Name is required." / "नाम ज़रूरी है।": a field's label (already in the current language) and the rule its value broke. */
export function fieldProblem(label: string, message: string): string {
  return i18n.t('validation:problem', { label, rule: schemaText(message) });
}
