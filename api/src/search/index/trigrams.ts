/**
 * pg_trgm's trigrams of an ASCII string, as show_trgm() lists them: lower-cased, split into runs of
 * letters and digits, each run padded with two spaces in front and one behind, every three
 * consecutive characters, each once. Non-ASCII text is left to PostgreSQL (its word characters
 * follow the database locale and multibyte trigrams are hashed), so this answers null for it.
 */
export function asciiTrigrams(text: string): string[] | null {
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(text)) return null;
  const found = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  }
  return [...found];
}

/** pg_trgm's similarity: shared trigrams over the union, in float4 as cnt_sml computes it. */
export function trigramSimilarity(shared: number, lengthA: number, lengthB: number): number {
  if (lengthA <= 0 || lengthB <= 0) return 0;
  return Math.fround(shared / (lengthA + lengthB - shared));
}

/**
 * The typo rule, which both ways of searching follow (the index's vocabulary and PostgreSQL's
 * RANKED_SEARCH): a typed word also matches the TYPO_ALTERNATIVES vocabulary words most similar to it
 * whose similarity is at least SIMILARITY_THRESHOLD — pg_trgm.similarity_threshold's default, with
 * which PostgreSQL's `a % b` holds (compared as double; a test checks the database's setting).
 */
export const SIMILARITY_THRESHOLD = 0.3;
export const TYPO_ALTERNATIVES = 3;
