import { enIN } from './en-IN.js';
import { hiIN } from './hi-IN.js';
import { NUMBERS, localizeMessage } from './localize-message.js';
import { formatMoney, t } from './i18n.js';

/** Every leaf as `path → text`. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else for (const [p, s] of leaves(v as object, `${prefix}${k}.`)) out.set(p, s);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe('the API catalogues (en-IN, hi-IN)', () => {
  const en = leaves(enIN);
  const hi = leaves(hiIN);

  it('have exactly the same keys', () => {
    expect([...hi.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !hi.has(k))).toEqual([]);
  });

  // Brand names are written as their owners write them in Hindi too (WhatsApp).
  const BRANDS = new Set(['WhatsApp']);

  it('fill the same values in each language, and the Hindi is written in Devanagari', () => {
    for (const [key, text] of en) {
      const hindi = hi.get(key)!;
      expect({ key, values: placeholders(hindi) }).toEqual({ key, values: placeholders(text) });
      const devanagari = /[\u0900-\u097F]/.test(hindi) || /^[^a-z]*$/i.test(text.replace(/\{\{\w+\}\}/g, '')) || BRANDS.has(hindi);
      expect({ key, devanagari }).toEqual({ key, devanagari: true });
    }
  });

  it('translate every message the API words back from its English, each to its own Hindi', () => {
    for (const [path, text] of en) {
      if (!path.startsWith('messages.')) continue;
      const plural = /_(one|other)$/.exec(path);
      const key = plural ? path.slice(0, plural.index) : path;
      const values: Record<string, string | number | undefined> = { count: plural?.[1] === 'one' ? 1 : 7 };
      for (const name of placeholders(text)) if (name !== 'count') values[name] = NUMBERS.has(name) ? 42 : `«${name}»`;
      const english = t('en-IN', key, values);
      expect({ path, english }).toEqual({ path, english: text.replace(/\{\{(\w+)\}\}/g, (_m, n: string) => String(values[n])) });
      expect({ path, hindi: localizeMessage(english, 'hi-IN') }).toEqual({ path, hindi: t('hi-IN', key, values) });
    }
  });
});

describe('localizeMessage', () => {
  it('leaves English as it is', () => {
    expect(localizeMessage('Product not found.', 'en-IN')).toBe('Product not found.');
  });

  it('translates the catalogue words inside a message, never a name', () => {
    expect(localizeMessage('Product not found.', 'hi-IN')).toBe('प्रोडक्ट मौजूद नहीं है।');
    expect(localizeMessage('Order not found.', 'hi-IN')).toBe('ऑर्डर मौजूद नहीं है।');
    expect(localizeMessage('Order is out of stock.', 'hi-IN')).toBe('Order आउट ऑफ़ स्टॉक है।');
    expect(localizeMessage('Order ORD-1 cannot move to SHIPPED: it has already reached DELIVERED; only a later stage can be set.', 'hi-IN')).toBe(
      'ऑर्डर ORD-1 को "शिप्ड" पर नहीं ले जाया जा सकता: यह पहले ही "डिलीवर्ड" तक पहुँच चुका है; केवल इसके बाद का चरण चुना जा सकता है।',
    );
  });

  it('translates a validation answer rule by rule, keeping the field names', () => {
    expect(localizeMessage('price: must be a number; name: is required', 'hi-IN')).toBe('price: एक संख्या होनी चाहिए; name: ज़रूरी है');
    expect(localizeMessage('password: must be at least 8 characters', 'hi-IN')).toBe('password: कम से कम 8 अक्षरों का होना चाहिए');
    expect(localizeMessage('sort: must be one of newest, price; page: must be a whole number', 'hi-IN')).toBe(
      'sort: इनमें से एक होना चाहिए: newest, price; page: पूर्ण संख्या होनी चाहिए',
    );
    expect(localizeMessage('file: must be an image (JPEG, PNG, WebP, GIF or AVIF); SVG and other files are refused.', 'hi-IN')).toBe(
      'file: एक इमेज (JPEG, PNG, WebP, GIF या AVIF) होनी चाहिए; SVG और दूसरी फ़ाइलें स्वीकार नहीं की जातीं।',
    );
  });

  it('chooses the plural form by the number (Intl.PluralRules)', () => {
    expect(localizeMessage('Too many attempts. Please wait 1 second and try again.', 'hi-IN')).toContain('1 सेकंड');
    expect(localizeMessage('Invalid OTP. Please check the code in your e-mail. 1 try left.', 'hi-IN')).toContain('1 कोशिश बाकी है');
    expect(localizeMessage('Invalid OTP. Please check the code in your e-mail. 3 tries left.', 'hi-IN')).toContain('3 कोशिशें बाकी हैं');
  });

  it('keeps a message it has no words for, and a part of one, in English', () => {
    expect(localizeMessage('Something nobody wrote down.', 'hi-IN')).toBe('Something nobody wrote down.');
    expect(localizeMessage('name: is required; x: is odd', 'hi-IN')).toBe('name: ज़रूरी है; x: is odd');
  });
});

describe('formatMoney', () => {
  it('writes rupees in Indian grouping in both languages', () => {
    expect(formatMoney(123456, 'hi-IN')).toBe('₹1,23,456.00');
    expect(formatMoney(123456.5, 'en-IN')).toBe('₹1,23,456.50');
  });
});
