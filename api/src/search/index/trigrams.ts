/**
 * pg_trgm's trigrams of an ASCII string, as show_trgm() lists them: lower-cased, split into runs of
 * letters and digits, each run padded with two spaces in front and one behind, every three
 * consecutive characters, each once. Non-ASCII text is left to PostgreSQL (its word characters
 * follow the database locale and multibyte trigrams are hashed), so this answers null for it.
 */
export function asciiTrigrams(text: string): string[] | null {
  if (!isAscii(text)) return null;
  const found = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  }
  return [...found];
}

/** Whether asciiTrigrams can answer for this text. */
// eslint-disable-next-line no-control-regex
export const isAscii = (text: string): boolean => !/[^\x00-\x7f]/.test(text);

/** pg_trgm's similarity: shared trigrams over the union, in float4 as cnt_sml computes it. */
export function trigramSimilarity(shared: number, lengthA: number, lengthB: number): number {
  if (lengthA <= 0 || lengthB <= 0) return 0;
  return Math.fround(shared / (lengthA + lengthB - shared));
}

/**
 * The typo rule, which both ways of searching follow (the index's vocabulary and PostgreSQL's
 * RANKED_SEARCH), and the only place it is decided (docs/decisions/0226-typos-by-letters-and-digits.md):
 * - a typed word is compared with each vocabulary word's letters and digits alone (TYPO_FORM_SQL:
 *   "t-shirt" as "tshirt"), so "tshirt" finds the lexeme t-shirt and "tshrt" comes close enough;
 * - it also matches the TYPO_ALTERNATIVES vocabulary words most similar to it whose similarity is at
 *   least SIMILARITY_THRESHOLD — pg_trgm.similarity_threshold's default, with which PostgreSQL's
 *   `a % b` holds (compared as double; a test checks the database's setting); each alternative is
 *   the lexeme itself, as the products' search vectors hold it;
 * - a hit through an alternative is worth CORRECTED times its similarity (weights.ts), so the
 *   closest guess ranks first ("smartwach": smartwatch 0.62 before smart 0.45).
 */
export const SIMILARITY_THRESHOLD = 0.3;
export const TYPO_ALTERNATIVES = 3;

/** A vocabulary word as the typo rule compares it: its letters and digits alone (PostgreSQL's [:alnum:]). */
export const TYPO_FORM_SQL = (column: string) => `regexp_replace(${column}, '[^[:alnum:]]', '', 'g')`;

/** The same for ASCII text in TypeScript (the name words a correction is told in). */
export const typoForm = (word: string) => word.replace(/[^A-Za-z0-9]/g, '');
