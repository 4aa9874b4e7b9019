/**
 * The languages the shop speaks (docs/product.md#languages): English (India), the default, and Hindi.
 * The PWA sends the shopper's choice as `Accept-Language`; the API answers its messages, mails and
 * push notices in it (docs/decisions/0105-i18next-on-the-api-translated-at-the-answer.md).
 */
export const LANGUAGES = ['en-IN', 'hi-IN'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en-IN';

export function isLanguage(value: unknown): value is Language {
  return value === 'en-IN' || value === 'hi-IN';
}

/** Longer than any real Accept-Language header: the rest is not read. */
const MAX_HEADER = 512;

/**
 * The supported language an `Accept-Language` header prefers (RFC 9110 §12.5.4): ranges by q-value,
 * ties in the order written; `hi` or `hi-*` is Hindi, `en` or `en-*` English (India), `*` the
 * default; a range with q=0 is refused. No header, or nothing we speak, is English (India).
 */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: Language = DEFAULT_LANGUAGE;
  let bestQ = 0;
  for (const part of header.slice(0, MAX_HEADER).split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const tag = range.trim();
    const language = tag === 'hi' || tag.startsWith('hi-') ? 'hi-IN' : tag === 'en' || tag.startsWith('en-') || tag === '*' ? DEFAULT_LANGUAGE : null;
    if (!language) continue;
    const q = qValue(params);
    // Strictly greater: of equal weights the first written wins.
    if (q > bestQ) {
      best = language;
      bestQ = q;
    }
  }
  return best;
}

/** A range's weight: `q=0.8`; missing is 1; anything unreadable counts as 0 (ignored). */
function qValue(params: string[]): number {
  for (const p of params) {
    const [name, value] = p.split('=').map((s) => s.trim());
    if (name !== 'q') continue;
    if (!value || !/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return 0;
    return Number(value);
  }
  return 1;
}
