import { useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, detectLanguage, type Language } from './languages';
import common from './en-IN/common.json';

/**
 * The PWA's texts (docs/product.md#languages, docs/decisions/0100-the-pwas-texts.md): one namespace per feature
 * plus `common`, in i18next's JSON (`{{value}}`, `key_one`/`key_other`) and read as with i18next and react-i18next
 * (`useTranslation(ns)`, `t(key)`, `t("ns:key")`, `i18n.t`), in about 1 KB gzip instead of their 17 on the first
 * visit (docs/benchmarks.md#first-visit-weight). Only `common` (the shell's texts) is bundled here; every other English
 * namespace is added by addEnglish when the code that uses it loads (build/i18n-namespaces.ts imports it into that
 * code's chunk: docs/decisions/0133-texts-and-storage-load-with-their-feature.md). Hindi is one lazy chunk (hi-IN.ts),
 * loaded before the first render when the shopper's language is Hindi and cached by the service worker when loaded,
 * not precached, so an English shopper never downloads it and a Hindi shopper's shop opens offline too
 * (docs/decisions/0150-precache-the-first-screen-cache-the-rest-when-seen.md).
 */

/** A namespace's texts: nested objects and arrays of strings, as in its JSON file. */
export type Texts = { readonly [key: string]: unknown };

/**
 * What `t` reads besides the key: the values of its `{{name}}`s, `count` (which picks `key_one`/`key_other` by the
 * language's plural rule, Intl.PluralRules: in Hindi 0 and 1 are "one"; a count of 0 takes `key_zero` first where the
 * text has one, as i18next does, so "nobody waits" is not "0 … waits"), `defaultValue` for a key no language has, and
 * `returnObjects` for a key that names an object or array of texts (each text in it filled in the same way).
 */
export type TOptions = { count?: number; defaultValue?: string; returnObjects?: boolean; [name: string]: unknown };

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

const texts: Record<string, Record<string, Texts>> = { [DEFAULT_LANGUAGE]: { common } };
const plurals = new Map<string, Intl.PluralRules>();
const listeners = new Set<() => void>();
let language: Language = DEFAULT_LANGUAGE;

/** The text or object at `path` ("a.b.c") in a namespace, else undefined. */
function at(tree: unknown, path: string): unknown {
  for (const part of path.split('.')) tree = tree && typeof tree === 'object' ? (tree as Record<string, unknown>)[part] : undefined;
  return tree;
}

/** `{{name}}` → the value named (String of it; '' for undefined or null); a name the options do not have stays as written. */
function fill(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (all, name: string) =>
    name in values ? String((values[name] as string | number | null | undefined) ?? '') : all,
  );
}

/** Every string in a text, an array or an object filled in (`returnObjects`). */
function fillAll(found: unknown, values: Record<string, unknown>): unknown {
  if (typeof found === 'string') return fill(found, values);
  if (Array.isArray(found)) return found.map((item) => fillAll(item, values));
  if (found && typeof found === 'object') return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, fillAll(v, values)]));
  return found;
}

/** `ns:key` in `lng`, else in English; with `count`, `key_<plural category>` before `key`. */
function translate(lng: string, defaultNs: string, fullKey: string, options: TOptions = {}): unknown {
  const colon = fullKey.indexOf(':');
  const ns = colon > 0 ? fullKey.slice(0, colon) : defaultNs;
  const key = colon > 0 ? fullKey.slice(colon + 1) : fullKey;
  const { count, defaultValue, returnObjects } = options;
  for (const code of lng === DEFAULT_LANGUAGE ? [lng] : [lng, DEFAULT_LANGUAGE]) {
    const bundle = texts[code]?.[ns];
    if (!bundle) continue;
    let found: unknown;
    if (typeof count === 'number') {
      let rule = plurals.get(code);
      if (!rule) plurals.set(code, (rule = new Intl.PluralRules(code)));
      if (count === 0) found = at(bundle, `${key}_zero`);
      found ??= at(bundle, `${key}_${rule.select(count)}`);
    }
    found ??= at(bundle, key);
    if (typeof found === 'string' || (returnObjects && found && typeof found === 'object')) return fillAll(found, options);
  }
  return defaultValue === undefined ? key : fill(defaultValue, options);
}

/** The texts of one language and namespace, for code that is not a component (tests, an admin form's rules). */
function getFixedT(lng: string, ns = 'common'): TFunction {
  return ((key: string, options?: TOptions) => translate(lng, ns, key, options)) as TFunction;
}

/** The texts in the current language; outside React (toasts, the HTTP client's messages, the route error screen). */
export const i18n = {
  get language(): Language {
    return language;
  },
  t: ((key: string, options?: TOptions) => translate(language, 'common', key, options)) as TFunction,
  getFixedT,
  /** Adds (or replaces) one namespace's texts in one language. */
  addResourceBundle(lng: Language, ns: string, bundle: Texts): void {
    (texts[lng] ??= {})[ns] = bundle;
  },
  /** Every component that reads texts renders again, in the new language. */
  changeLanguage(lng: Language): void {
    language = lng;
    for (const listener of listeners) listener();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const languageNow = () => language;

/** A component's texts: `t` reads namespace `ns` (a key written `other:key` another one) and renders again when the language changes. */
export function useTranslation(ns = 'common'): { t: TFunction; i18n: typeof i18n } {
  const lng = useSyncExternalStore(subscribe, languageNow, languageNow);
  return useMemo(() => ({ t: getFixedT(lng, ns), i18n }), [lng, ns]);
}

/** Adds one English namespace; run by `virtual:haat-texts/<ns>` as its chunk loads, before its code renders. */
export function addEnglish(ns: string, bundle: Texts): void {
  texts[DEFAULT_LANGUAGE]![ns] ??= bundle;
}

/** The language the texts are in now. */
export const currentLanguage = (): Language => language;

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

async function load(lng: Language): Promise<void> {
  if (loaded.has(lng)) return;
  const { texts: hindi } = await import('./hi-IN');
  for (const [ns, bundle] of Object.entries(hindi)) i18n.addResourceBundle(lng, ns, bundle);
  loaded.add(lng);
}

function apply(lng: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  // The install card and home-screen shortcuts in the same language (docs/decisions/0100-the-pwas-texts.md).
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.setAttribute('href', lng === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest.${lng}.webmanifest`);
}

/** How many switches were asked for: a switch whose texts arrive after a later one's is dropped. */
let asked = 0;

/**
 * Switches every text at once, sets `<html lang>` and, when `keep`, stores the choice on the device. The last choice
 * wins: Hindi's texts load on first use, and a tap on English while they load must not be undone when they arrive.
 */
export async function setLanguage(lng: Language, keep = true): Promise<void> {
  const mine = ++asked;
  await load(lng);
  if (mine !== asked) return;
  i18n.changeLanguage(lng);
  apply(lng);
  if (keep) {
    try {
      localStorage.setItem(LANGUAGE_KEY, lng);
    } catch {
      // Storage blocked: the choice lasts for this visit.
    }
  }
}

/** Before the first render: the stored choice, else the browser's language (docs/product.md#languages). */
export function startLanguage(): Promise<void> {
  const lng = detectLanguage();
  if (lng === DEFAULT_LANGUAGE) {
    apply(lng);
    return Promise.resolve();
  }
  return setLanguage(lng, false).catch(() => apply(DEFAULT_LANGUAGE));
}
