import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, detectLanguage, isLanguage, type Language } from './languages';
import common from './en-IN/common.json';

/** The PWA's texts (docs/decisions/0100-i18next-for-the-pwa.md): `common` bundled, every other namespace with the code that uses it. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANGUAGE]: { common } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en-IN', 'hi-IN'],
  ns: ['common'],
  defaultNS: 'common',
  // Synchronous: the resources are here, the first render has its texts.
  initAsync: false,
  // React escapes; product names and other admin texts are inserted as they are.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/** Adds one English namespace; run by `virtual:haat-texts/<ns>` as its chunk loads, before its code renders. */
export function addEnglish(ns: string, texts: Resource[string]): void {
  if (!i18n.hasResourceBundle(DEFAULT_LANGUAGE, ns)) i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, texts);
}

/** The language the texts are in now. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

async function load(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const { texts } = await import('./hi-IN');
  for (const [ns, bundle] of Object.entries(texts)) i18n.addResourceBundle(language, ns, bundle, true, true);
  loaded.add(language);
}

function apply(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  // The install card and home-screen shortcuts in the same language (docs/decisions/0100-i18next-for-the-pwa.md).
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.setAttribute('href', language === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`);
}

/** Switches every text at once, sets `<html lang>` and, when `keep`, stores the choice on the device. */
export async function setLanguage(language: Language, keep = true): Promise<void> {
  await load(language);
  await i18n.changeLanguage(language);
  apply(language);
  if (keep) {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Storage blocked: the choice lasts for this visit.
    }
  }
}

/** Before the first render: the stored choice, else the browser's language (docs/product.md#languages). */
export function startLanguage(): Promise<void> {
  const language = detectLanguage();
  if (language === DEFAULT_LANGUAGE) {
    apply(language);
    return Promise.resolve();
  }
  return setLanguage(language, false).catch(() => apply(DEFAULT_LANGUAGE));
}
