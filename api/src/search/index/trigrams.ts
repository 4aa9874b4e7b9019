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

/** pg_trgm.similarity_threshold's default: `a % b` holds when similarity(a, b) ≥ 0.3 (compared as double). */
export const SIMILARITY_THRESHOLD = 0.3;
