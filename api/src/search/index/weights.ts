import { isNameHit, positionOf, type VectorEntry } from './tsvector-text.js';

/**
 * The ranking, the only one the shop has (PostgreSQL's ts_rank is just the fallback while the index
 * builds). A product's score is, per typed word, its best hit among that word's alternatives, summed
 * over the words. A hit is worth where the word is (in the name 1, only in the description 0.2, in
 * both 1.2) times how well it matches what was typed: the word itself (its stem) 1, a longer word it
 * starts ("earb" → earbuds) 0.6, a catalogue word that looks like a misspelling of it 0.5 times their
 * similarity (the typo rule, trigrams.ts: the closest guess first). Equal
 * scores go newest first (ids are time-ordered). So a shopper sees name matches before products that
 * only mention the word, and exact words before guesses.
 */
export const NAME_HIT = 1;
/**
 * Added when the word is the name's first, in a search of one word (a brand leads its products' names: "prestige" shows
 * Prestige cookers before "Titan Prestige" watches). Not in a search of several: a brand typed beside a kind ("haldiram
 * bhujia") would put every other kind of the brand before the kind from other brands when no product holds both.
 */
export const LEADING = 0.25;
export const DESCRIPTION_HIT = 0.2;
export const EXACT = 1;
export const PREFIX = 0.6;
export const CORRECTED = 0.5;
/** Per word a product holds of several typed: more than any hits can add up to, so products holding more words rank first. */
export const WORD = 10;

/** Where a word is in a product, as the bits of an entry's code: in its name, as its name's first word, in its description. */
const IN_NAME = 1;
const LEADS = 2;
const IN_DESCRIPTION = 4;
/** What an entry's code is worth (as a 32-bit float, as the entry's worth always was). */
export const WORTH = Float32Array.from(
  { length: 8 },
  (_, code) => (code & IN_NAME ? NAME_HIT : 0) + (code & LEADS ? LEADING : 0) + (code & IN_DESCRIPTION ? DESCRIPTION_HIT : 0),
);
/** The same in a search of several words: no LEADING. */
export const WORTH_OF_SEVERAL = Float32Array.from({ length: 8 }, (_, code) => (code & IN_NAME ? NAME_HIT : 0) + (code & IN_DESCRIPTION ? DESCRIPTION_HIT : 0));

/** An entry's code: where its word is in the product (an entry without positions counts as in the description). */
export function entryCode(entry: VectorEntry): number {
  const inName = entry.positions.some(isNameHit);
  const leading = entry.positions.some((p) => isNameHit(p) && positionOf(p) === 1);
  const inDescription = entry.positions.some((p) => !isNameHit(p));
  return (inName ? IN_NAME : 0) | (leading ? LEADS : 0) | (inDescription || entry.positions.length === 0 ? IN_DESCRIPTION : 0);
}

/**
 * A laid-out posting list holds its products in buckets, one per entry code, the most worth first (CODE_ORDER), each
 * bucket in product number order, which is id order in a build (the builder reads the products by id): a bucket walked
 * backwards gives its products best first, as the ranking orders equal scores (newest first).
 */
export const BUCKETS = 8;
export const CODE_ORDER = Int32Array.from({ length: BUCKETS }, (_, code) => code).sort((a, b) => WORTH[b]! - WORTH[a]! || a - b);
export const BUCKET_OF = new Int32Array(BUCKETS);
CODE_ORDER.forEach((code, bucket) => (BUCKET_OF[code] = bucket));

/** How many bits of a word mask are set. */
export function bitCount(bits: number): number {
  let n = 0;
  for (let b = bits; b; b &= b - 1) n++;
  return n;
}

/** How many bits of a byte are set. */
export const POP = Uint8Array.from({ length: 256 }, (_, b) => bitCount(b));
