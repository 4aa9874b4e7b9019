/** One lexeme of a tsvector as its text form gives it: positions packed as PostgreSQL packs them (weight in the top two bits). */
export interface VectorEntry {
  lexeme: string;
  positions: number[];
}

const WEIGHT_BITS: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** The search vector weighs the name A and the description B: a position of weight A is in the name. */
export const isNameHit = (packed: number) => packed >> 14 === WEIGHT_BITS.A;

/** A packed position's word number (1 is the vector's first word: the name's first, as the name comes first). */
export const positionOf = (packed: number) => packed & 0x3fff;

/**
 * Parses tsvector's output (`'lexeme':1A,3 'other':2B`): lexemes quoted with '' and \\ escaped,
 * positions with an optional weight letter (none = D).
 */
export function parseTsvector(text: string): VectorEntry[] {
  const entries: VectorEntry[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && text[i] === ' ') i++;
    if (i >= n) break;
    if (text[i] !== "'") throw new Error(`unexpected tsvector text at ${i}: ${text.slice(i, i + 20)}`);
    i++;
    let lexeme = '';
    for (;;) {
      const c = text[i++];
      if (c === undefined) throw new Error('unterminated lexeme in tsvector text');
      if (c === '\\') lexeme += text[i++];
      else if (c === "'") {
        if (text[i] === "'") {
          lexeme += "'";
          i++;
        } else break;
      } else lexeme += c;
    }
    const positions: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let pos = 0;
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) pos = pos * 10 + text.charCodeAt(i++) - 48;
        let weight = 0;
        const letter = text[i];
        if (letter !== undefined && letter in WEIGHT_BITS) {
          weight = WEIGHT_BITS[letter]!;
          i++;
        }
        positions.push((weight << 14) | pos);
        if (text[i] === ',') i++;
        else break;
      }
    }
    entries.push({ lexeme, positions });
  }
  return entries;
}
