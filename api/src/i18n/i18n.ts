import i18next, { type TOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@haat/shared/common/languages';
import { enIN } from './en-IN.js';
import { hiIN } from './hi-IN.js';

/**
 * The API's one i18next instance (docs/decisions/0105-i18next-on-the-api-translated-at-the-answer.md):
 * both catalogues bundled, set up synchronously on first use, plural forms by Intl.PluralRules.
 * Texts are plain (mails and push notices are not HTML), so values are not escaped.
 */
let instance: typeof i18next | null = null;

function translator(): typeof i18next {
  if (instance) return instance;
  const made = i18next.createInstance();
  void made.init({
    resources: { 'en-IN': { translation: enIN }, 'hi-IN': { translation: hiIN } },
    supportedLngs: [...LANGUAGES],
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance = made;
  return made;
}

/** The text of `key` (e.g. `mail.resetCode.subject`) in `language`, with its `{{values}}` filled in. */
export function t(language: Language, key: string, values: TOptions = {}): string {
  return String(translator().t(key, { ...values, lng: language }));
}

const money = new Map<Language, Intl.NumberFormat>();

/** ₹ in the language's grouping: ₹1,23,456.00 (Intl.NumberFormat, hi-IN and en-IN alike use Indian grouping). */
export function formatMoney(amount: number, language: Language): string {
  let format = money.get(language);
  if (!format) money.set(language, (format = new Intl.NumberFormat(language, { style: 'currency', currency: 'INR' })));
  return format.format(amount);
}
