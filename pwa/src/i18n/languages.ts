/**
 * The shop's languages (docs/product.md#languages): English (India) and Hindi. The PWA's own list; the API
 * answers in the language of the `Accept-Language` header the PWA sends with every call.
 */
export const LANGUAGES = ['en-IN', 'hi-IN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-IN';

/** Where the shopper's choice is kept on the device. */
export const LANGUAGE_KEY = 'haat.language';

/** Each language's name, written in that language: what the switch shows. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'en-IN': 'English', 'hi-IN': 'हिन्दी' };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of the browser's languages the shop speaks: any `hi…` is Hindi, any `en…` English; else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'hi') return 'hi-IN';
    if (base === 'en') return 'en-IN';
  }
  return DEFAULT_LANGUAGE;
}

/** Stored choice → the browser's languages → English. */
export function detectLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    // Storage blocked (private mode settings): fall back to the browser.
  }
  if (isLanguage(stored)) return stored;
  const nav = globalThis.navigator;
  return pickLanguage(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}
