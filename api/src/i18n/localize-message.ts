import type { Language } from '@haat/shared/common/languages';
import { messageTemplate, readTemplate, type MessageTemplate } from '@haat/shared/common/message-template';
import { enIN } from './en-IN.js';
import { t } from './i18n.js';

/**
 * An answer's `message` in the request's language, translated at the one place answers leave
 * (docs/decisions/0105-i18next-on-the-api-translated-at-the-answer.md). Code throws and answers its
 * messages in English, exactly as en-IN.ts words them; here the template a message was made from is
 * found (its `{{values}}` read back out of it) and rendered in `language` by i18next. A value that is
 * one of the catalogue's phrases ("Product" in "Product not found.", a reason, a stage) is translated
 * too; any other value (a product's name, an id, an e-mail) stays as written. A message made of `field: rule`
 * parts joined by "; " (a validation answer) is translated part by part, the field names unchanged.
 * A message no template matches stays English, never wrong.
 */
export function localizeMessage(message: string, language: Language): string {
  if (language === 'en-IN' || !message) return message;
  // The whole message first (a rule may hold a "; " of its own), unless it lists several fields' rules.
  if (!NEXT_FIELD.test(message)) {
    const whole = translatePart(message, language);
    if (whole !== message) return whole;
  }
  return message
    .split('; ')
    .map((part) => translatePart(part, language))
    .join('; ');
}

function translatePart(part: string, language: Language): string {
  const whole = translate(part, language, 0);
  if (whole !== null) return whole;
  const field = FIELD.exec(part);
  if (field) {
    const rule = translate(field[2]!, language, 0);
    if (rule !== null) return `${field[1]}: ${rule}`;
  }
  return part;
}

/** Where a validation answer's next field begins: `…; name: is required`. */
const NEXT_FIELD = /; [\w.[\]-]+: /;

/** `price: …`, `variants.0._id: …`, `Idempotency-Key: …`: a field name has no spaces. */
const FIELD = /^([\w.[\]-]+): (.+)$/s;

interface Template extends MessageTemplate {
  key: string;
  plural: boolean;
}

/** Values that are the catalogue's own words (a noun, a reason, a stage); every other value (a name, an id) stays as written. */
const PHRASES = new Set(['what', 'why', 'state', 'to', 'stage', 'status']);

/** Values that are always a number: a template only matches a message with digits there. */
export const NUMBERS = new Set(['n', 'exported', 'count', 'limit', 'stock', 'wanted', 'held', 'cap', 'left', 'units', 'current', 'mp', 'products', 'subs']);

let templates: Template[] | null = null;

/** Every message template as a pattern, built on the first message translated (never for English). */
function compiled(): Template[] {
  if (templates) return templates;
  const seen = new Set<string>();
  templates = [];
  for (const [name, text] of Object.entries(enIN.messages)) {
    const plural = /_(one|other)$/.exec(name);
    const key = `messages.${plural ? name.slice(0, plural.index) : name}`;
    const template = messageTemplate(text, (value) => (NUMBERS.has(value) ? '(\\d+(?:\\.\\d+)?)' : '(.+?)'));
    if (seen.has(template.pattern.source)) continue;
    seen.add(template.pattern.source);
    templates.push({ ...template, key, plural: !!plural });
  }
  return templates;
}

/** The message in `language` if a template matches all of it, else null. Values are translated to a depth of 2. */
function translate(text: string, language: Language, depth: number): string | null {
  for (const template of compiled()) {
    const read = readTemplate(template, text);
    if (!read) continue;
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(read)) {
      values[name] = name === 'count' ? Number(value) : PHRASES.has(name) && depth < 2 ? (translate(value, language, depth + 1) ?? value) : value;
    }
    return t(language, template.key, values);
  }
  return null;
}
