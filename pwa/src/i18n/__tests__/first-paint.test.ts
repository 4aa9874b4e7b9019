// @vitest-environment jsdom
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveryDaysRange } from '@haat/shared/addresses/delivery-zones';
import { LANGUAGE_KEY } from '../languages';

// index.html's static first paint in the shopper's language (docs/product.md#languages): its own markup, and
// its inline scripts run in order, as a browser runs them before the app's code arrives.
// Paths from this file's own (jsdom's URL is not Node's, so not `new URL(…, import.meta.url)`).
const HERE = dirname(fileURLToPath(import.meta.url));
const INDEX = readFileSync(join(HERE, '../../../index.html'), 'utf8');
const I18N = join(HERE, '..');

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

function firstPaint({ kept, languages }: { kept?: string; languages: string[] }) {
  if (kept) localStorage.setItem(LANGUAGE_KEY, kept);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  const parsed = new DOMParser().parseFromString(INDEX, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  // The page's scripts run in jsdom's own global, not this module's: a fresh page has no swap from a previous one.
  const fresh = document.createElement('script');
  fresh.textContent = 'delete window.__haatHindi;';
  document.head.append(fresh);
  // Markup set this way does not run its scripts: each inline one is run, in order, by a copy beside it.
  for (const script of document.querySelectorAll('script:not([src])')) {
    const run = document.createElement('script');
    run.textContent = script.textContent;
    script.after(run);
  }
  return {
    lang: document.documentElement.lang,
    title: document.title,
    tagline: document.querySelector('.logo-link__tagline')?.textContent,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
  };
}

type Tree = { [key: string]: string | Tree };
// The static page writes the delivery rule's range out ("1–5 days"): a rule changed without index.html fails here.
const { fastest, slowest } = deliveryDaysRange();
const filled = (text: string) => text.replace('{{word}}', 'Books').replace('{{fastest}}', String(fastest)).replace('{{slowest}}', String(slowest));
const values = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : values(v, `${prefix}${k}.`)));
const texts = (lang: string) =>
  new Map(
    readdirSync(join(I18N, lang)).flatMap((file) =>
      values(JSON.parse(readFileSync(join(I18N, lang, file), 'utf8')) as Tree, `${file}:`).map(([key, text]) => [key, filled(text)]),
    ),
  );

describe("index.html's first paint", () => {
  it('is Hindi for a Hindi browser, and for a kept Hindi choice in any browser', () => {
    for (const start of [{ languages: ['hi-IN', 'en'] }, { languages: ['fr-FR', 'hi'] }, { kept: 'hi-IN', languages: ['en-GB'] }])
      expect({ start, ...firstPaint(start) }).toMatchObject({
        start,
        lang: 'hi-IN',
        title: 'Haat: किताबें, ईयरबड्स, खिलौने, कपड़े और बहुत कुछ, आपके दरवाज़े तक',
        tagline: '1–5 दिन में डिलीवरी · 5,000+ प्रोडक्ट',
        description: expect.stringMatching(/^Haat पर किताबें/),
      });
  });

  it('stays English for an English or other browser, and for a kept English choice', () => {
    for (const start of [{ languages: ['en-GB', 'hi'] }, { languages: ['ta-IN'] }, { languages: [] }, { kept: 'en-IN', languages: ['hi-IN'] }])
      expect({ start, ...firstPaint(start) }).toMatchObject({ start, lang: 'en-IN', tagline: 'Delivery in 1–5 days · 5,000+ products' });
  });

  it("holds, for each text the app also shows, the app's own Hindi for it", () => {
    const english = texts('en-IN');
    const hindi = texts('hi-IN');
    const marked = [...INDEX.matchAll(/<\w+\b[^>]*\bdata-hi=(?:"([^"]+)"|'([^']+)')[^>]*>([^<]+)</g)];
    expect(marked.length).toBeGreaterThanOrEqual(7);
    for (const [, double, single, en] of marked) {
      const hi = double ?? single;
      const keys = [...english].filter(([, text]) => text === en).map(([key]) => key);
      expect({ en, keys }).not.toEqual({ en, keys: [] });
      // The same words as the app's render that replaces them: no flicker from one Hindi to another.
      expect({ en, hi: hi!.replace(/&quot;/g, '"') }).toEqual({ en, hi: expect.toBeOneOf(keys.map((key) => hindi.get(key))) });
    }
  });
});
