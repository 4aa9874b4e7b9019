import { typoForm } from './trigrams.js';

/**
 * How far a correction may be from what was typed, as Meilisearch and Typesense decide it: a word of
 * under 5 letters is never corrected (too many short words are one or two letters from another:
 * "rice" → "price", "atta" → "khatta"), one of under 9 letters by one edit, a longer one by two
 * (docs/decisions/0226-typos-by-letters-and-digits.md).
 */
export function allowedEdits(typed: string): number {
  return typed.length < 5 ? 0 : typed.length < 9 ? 1 : 2;
}

/**
 * Edits between two words (insert, delete, replace, or swap two neighbours: optimal string
 * alignment), or max + 1 as soon as it is sure to be more than max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The typo rule's last word on a catalogue word (a lexeme) similar enough to what was typed
 * (trigrams.ts): it may stand for the typed word only within allowedEdits of the word as typed or
 * of its stem, compared by letters and digits ("tshrt" → t-shirt, "earbds" → earbud), and never when
 * the typed word merely sits inside it ("atta" in khatta: another word, not a misspelling).
 */
export function acceptsCorrection(typed: string, stem: string | null, lexeme: string): boolean {
  const max = allowedEdits(typed);
  if (max === 0) return false;
  const form = typoForm(lexeme);
  const inside = (word: string) => form.includes(word) && !form.startsWith(word);
  const near = (word: string) => !inside(word) && editDistance(word, form, max) <= max;
  return near(typed) || (!!stem && near(typoForm(stem)));
}
