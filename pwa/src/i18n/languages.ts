/** The shop's languages (docs/product.md#languages); here what only the device knows: the kept choice and the browser's. */
import { isLanguage, pickLanguage as preferredOf, type Language } from '@haat/shared/common/languages';

export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@haat/shared/common/languages';

/** Where the shopper's choice is kept on the device. */
export const LANGUAGE_KEY = 'haat.language';

/** Each language's name, written in that language: what the switch shows. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'en-IN': 'English', 'hi-IN': 'हिन्दी' };

/** The first of the browser's languages the shop speaks (read as an Accept-Language list, in order); else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  return preferredOf(preferred.join(','));
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
