import { TopList, type IdOrder } from './id-order.js';
import type { IndexPage, IndexQuery, WordGroups } from './index-query.js';
import type { BigList, Postings } from './postings.js';
import type { Scratch } from './scratch.js';
import type { ShelfMatch, Shelves } from './shelves.js';
import { WORD, bitCount } from './weights.js';

/** What ranking a search reads: the products' postings and shelves, scratch space, the worth of entry codes in this search, id order. */
export interface Ranker {
  postings: Postings;
  shelves: Shelves;
  scratch: Scratch;
  /** What an entry's code is worth in the search being answered (weights.ts WORTH, or WORTH_OF_SEVERAL for several words). */
  worth: Float32Array;
  order: IdOrder;
  /** Every search ranks every match (the reference the early stops are tested against). */
  exhaustive: boolean;
  /** The ranking that stops early (early-ranking.ts `streamed`), as the index answers it. */
  streamed(groups: WordGroups, one: boolean, every: boolean, q: IndexQuery): IndexPage | null;
  /** The list of the search's items marking asks instead of walking (postings.ts), as the index answers it. */
  bigList(groups: WordGroups): BigList | null;
}

/** One typed word: every product holding any of its items matches, scored by its best hit, posting by posting. */
export function rankedOneWord(r: Ranker, items: Map<number, number>, q: IndexQuery): IndexPage {
  const early = r.streamed([items], true, true, q);
  if (early) return early;
  const { stamp, sums, touched } = r.scratch;
  const round = r.scratch.nextRound();
  const worth = r.worth;
  let candidates = 0;
  for (const [lex, weight] of items) {
    const docs = r.postings.lexDocs[lex]!.buf;
    const tail = r.postings.tailCodes[lex]!.buf;
    // A laid-out bucket's postings are all of one code; the tail's each of its own.
    for (const { from, to, code } of r.postings.runs(lex)) {
      const bucket = code >= 0 ? weight * worth[code]! : 0;
      for (let p = from; p < to; p++) {
        const doc = docs[p]!;
        const score = code >= 0 ? bucket : weight * worth[tail[p - from]!]!;
        if (stamp[doc] !== round) {
          stamp[doc] = round;
          sums[doc] = score;
          touched[candidates++] = doc;
        } else if (score > sums[doc]!) sums[doc] = score;
      }
    }
  }
  // The products on a shelf the word names: their best hit through it, and the shelf name's bonus.
  for (const { hits, bonus, docs } of r.shelves.match([items])) {
    for (let p = 0; p < docs.length; p++) {
      const doc = docs.buf[p]!;
      if (stamp[doc] !== round) {
        stamp[doc] = round;
        sums[doc] = 0;
        touched[candidates++] = doc;
      }
      sums[doc] = Math.max(sums[doc]!, hits[0]!) + bonus;
    }
  }
  const top = new TopList(q.offset + q.limit, r.order);
  let total = 0;
  const counts = r.postings.entryCount.buf;
  // Offered last to first: candidates come mostly in ascending product number, which is mostly id order, and equal
  // ranks go newest first, so an equal rank is then turned away by one comparison instead of entering the list.
  for (let c = candidates - 1; c >= 0; c--) {
    const doc = touched[c]!;
    if (counts[doc]! < 0) continue;
    total += 1;
    top.offer(doc, sums[doc]!);
  }
  if (total === 0) return { ids: [], total: 0 };
  return { ids: top.page(q.offset), total };
}

/** Sets each item's word bit in the scratch `lexMask`: answers the lexemes set, for `unmaskItems`. */
export function maskItems(r: Ranker, groups: WordGroups): number[] {
  const lexMask = r.scratch.lexMask;
  const touchedLex: number[] = [];
  groups.forEach((items, g) => {
    for (const lex of items.keys()) {
      if (lexMask[lex] === 0) touchedLex.push(lex);
      lexMask[lex]! |= 1 << g;
    }
  });
  return touchedLex;
}

export function unmaskItems(r: Ranker, touchedLex: number[]): void {
  for (const lex of touchedLex) r.scratch.lexMask[lex] = 0;
}

/**
 * Several words, in one pass over their products. Each candidate's words held (a word mask) are
 * found once; then, when `every` typed word has items, the products holding all of them are the
 * answer if they fill the asked page, else those holding all but one are (ranked first by how many
 * words they hold, WORD a word); when a typed word matches nothing, those holding all the others
 * are. A product's score is WORD per word held, then the sum of each word's best hit (in its own
 * words or its shelf's names), then its shelf name's bonus.
 *
 * When one word is enough (two typed, all but one asked), every product holding any of them
 * matches and is scored posting by posting as they are walked. Otherwise the candidates are the
 * products holding an item of the words with the fewest postings (enough that any product holding
 * the fewest words asked holds one of them), their words found by walking every item's postings
 * or each candidate's own entries, whichever reads less, and only the products answered are
 * scored, from their own entries.
 */
export function rankedWords(r: Ranker, groups: WordGroups, every: boolean, q: IndexQuery): IndexPage {
  const early = r.streamed(groups, false, every, q);
  if (early) return early;
  const words = groups.length;
  /** The fewest words a product must hold to be ranked at all. */
  const least = every ? Math.max(1, words - 1) : words;
  const touchedLex = maskItems(r, groups);
  try {
    const shelfMatches = r.shelves.match(groups);
    if (least === 1) return rankScored(r, groups, shelfMatches, every, q);
    return rankHolding(r, groups, shelfMatches, least, every, q);
  } finally {
    unmaskItems(r, touchedLex);
  }
}

/** `rankedWords` when one word is enough: every candidate holds one word at least; those holding all are also kept apart, for when they fill the page. */
function rankScored(r: Ranker, groups: WordGroups, shelfMatches: ShelfMatch[], every: boolean, q: IndexQuery): IndexPage {
  const words = groups.length;
  const candidates = scoreByPostings(r, groups, shelfMatches);
  const { touched: docs, hits, sums, best } = r.scratch;
  const counts = r.postings.entryCount.buf;
  const anyGone = r.postings.dead > 0;
  const size = q.offset + q.limit;
  const shelfOf = r.shelves.of.buf;
  const bonus = new Float64Array(r.shelves.count + 1);
  for (const m of shelfMatches) bonus[m.shelf + 1] = m.bonus;
  const all = new TopList(size, r.order);
  const any = new TopList(size, r.order);
  let holdingAll = 0;
  let holdingLeast = 0;
  // Last to first, as in rankedOneWord.
  for (let c = candidates - 1; c >= 0; c--) {
    const doc = docs[c]!;
    if (anyGone && counts[doc]! < 0) continue;
    const held = bitCount(hits[doc]!);
    // The last word's best hit joins the sum, then the shelf name's bonus (as entriesScore adds them).
    const rank = held * WORD + (sums[doc]! + best[doc]! + bonus[shelfOf[doc]! + 1]!);
    holdingLeast += 1;
    any.offer(doc, rank);
    if (held === words) {
      holdingAll += 1;
      if (every) all.offer(doc, rank);
    }
  }
  // Narrowed (id-order.ts PageNarrowing), the products holding every word are the answer as soon as one does.
  const whole = every && holdingAll >= (r.order.narrow ? 1 : size);
  return { ids: (whole ? all : any).page(q.offset), total: whole || words === 1 ? holdingAll : holdingLeast };
}

/** `rankedWords` when `least` words (2 or more) must be held: the candidates' words found first, then those the page takes scored from their entries. */
function rankHolding(r: Ranker, groups: WordGroups, shelfMatches: ShelfMatch[], least: number, every: boolean, q: IndexQuery): IndexPage {
  const words = groups.length;
  const candidates = wordsHeld(r, groups, shelfMatches, least);
  const { touched: docs, hits } = r.scratch;
  const counts = r.postings.entryCount.buf;
  const anyGone = r.postings.dead > 0;
  const size = q.offset + q.limit;
  let holdingAll = 0;
  let holdingLeast = 0;
  for (let c = 0; c < candidates; c++) {
    const doc = docs[c]!;
    if (anyGone && counts[doc]! < 0) continue;
    const held = bitCount(hits[doc]!);
    if (held >= least) holdingLeast += 1;
    if (held === words) holdingAll += 1;
  }
  const narrow = r.order.narrow;
  const need = every && holdingAll >= (narrow ? 1 : size) ? words : least;
  const top = new TopList(size, r.order);
  const byShelf = new Map<number, ShelfMatch>(shelfMatches.map((m) => [m.shelf, m]));
  const bestHit = new Float64Array(words);
  // Last to first, as in rankedOneWord.
  for (let c = candidates - 1; c >= 0; c--) {
    const doc = docs[c]!;
    if (anyGone && counts[doc]! < 0) continue;
    const held = bitCount(hits[doc]!);
    if (held < need) continue;
    // Narrowed, what the query's parts drop is never scored.
    if (narrow && !narrow.keep(doc)) continue;
    top.offer(doc, held * WORD + entriesScore(r, doc, groups, byShelf, bestHit));
  }
  return { ids: top.page(q.offset), total: need === words ? holdingAll : holdingLeast };
}

/**
 * Every product holding an item of any word, from the items' postings and the matched shelves,
 * word after word: a product's best hit for the word being walked (`best`) joins its sum when its
 * next word begins. Answers how many candidates `touched` lists, with their word masks in `hits`,
 * the sum of their best hits but the last word's in `sums` and that one in `best` (rankScored
 * adds it, and the shelf name's bonus, as entriesScore does).
 */
function scoreByPostings(r: Ranker, groups: WordGroups, shelfMatches: ShelfMatch[]): number {
  const round = r.scratch.nextRound();
  const { stamp, hits, sums, best, touched: docs } = r.scratch;
  const worth = r.worth;
  let candidates = 0;
  for (let g = 0; g < groups.length; g++) {
    const bit = 1 << g;
    // The word's items' postings (each worth its weight times its code's worth), then the shelves naming it (each product worth the shelf's hit).
    // A laid-out bucket's postings are each worth the same, the tail's each as its code says (from `from` on).
    const lists: Array<{ buf: Uint32Array | Int32Array; codes: Uint8Array | null; from: number; to: number; weight: number }> = [];
    for (const [lex, weight] of groups[g]!) {
      const buf = r.postings.lexDocs[lex]!.buf;
      for (const { from, to, code } of r.postings.runs(lex))
        lists.push(
          code >= 0 ? { buf, codes: null, from, to, weight: weight * worth[code]! } : { buf, codes: r.postings.tailCodes[lex]!.buf, from, to, weight },
        );
    }
    for (const m of shelfMatches) if (m.hits[g]! > 0) lists.push({ buf: m.docs.buf, codes: null, from: 0, to: m.docs.length, weight: m.hits[g]! });
    for (const { buf, codes, from, to, weight } of lists)
      for (let p = from; p < to; p++) {
        const doc = buf[p]!;
        const score = codes ? weight * worth[codes[p - from]!]! : weight;
        if (stamp[doc] !== round) {
          stamp[doc] = round;
          hits[doc] = bit;
          sums[doc] = 0;
          best[doc] = score;
          docs[candidates++] = doc;
        } else if ((hits[doc]! & bit) === 0) {
          hits[doc]! |= bit;
          sums[doc]! += best[doc]!;
          best[doc] = score;
        } else if (score > best[doc]!) best[doc] = score;
      }
  }
  return candidates;
}

/**
 * The products that may hold `least` of the words: those holding an item of the (words − least + 1)
 * words with the fewest postings, or on a shelf naming one of them. Answers how many `touched`
 * lists, with the words each holds (its own and its shelf's) in `hits`.
 */
function wordsHeld(r: Ranker, groups: WordGroups, shelfMatches: ShelfMatch[], least: number): number {
  const lexDocs = r.postings.lexDocs;
  const sizes = groups.map((items, g) => {
    let size = 0;
    for (const lex of items.keys()) size += lexDocs[lex]!.length;
    return { g, size };
  });
  sizes.sort((a, b) => a.size - b.size);
  const sources = sizes.slice(0, groups.length - least + 1);
  const round = r.scratch.nextRound();
  const candidates = gatherSources(r, groups, shelfMatches, sources, round);
  let allPostings = 0;
  for (let g = 0; g < groups.length; g++) for (const lex of groups[g]!.keys()) allPostings += lexDocs[lex]!.length;
  const sourceSize = sources.reduce((n, s) => n + s.size, 0);
  const entriesPerProduct = r.postings.entryLex.length / Math.max(1, r.postings.entryCount.length);
  if (allPostings < sourceSize * entriesPerProduct) holdingByPostings(r, groups, round);
  else holdingByEntries(r, candidates);
  const { touched: docs, hits } = r.scratch;
  const shelfBits = new Map<number, number>(shelfMatches.map((m) => [m.shelf, m.bits]));
  const shelfOf = r.shelves.of.buf;
  for (let c = 0; c < candidates; c++) {
    const doc = docs[c]!;
    hits[doc]! |= shelfBits.get(shelfOf[doc]!) ?? 0;
  }
  return candidates;
}

/** `wordsHeld`'s candidates: the products of the source words' postings and of the shelves naming them, listed in `touched`, stamped, with no hits yet. */
function gatherSources(r: Ranker, groups: WordGroups, shelfMatches: ShelfMatch[], sources: Array<{ g: number }>, round: number): number {
  const { stamp, hits, touched: docs } = r.scratch;
  let candidates = 0;
  let sourceBits = 0;
  const take = (buf: Uint32Array | Int32Array, length: number) => {
    for (let p = 0; p < length; p++) {
      const doc = buf[p]!;
      if (stamp[doc] === round) continue;
      stamp[doc] = round;
      hits[doc] = 0;
      docs[candidates++] = doc;
    }
  };
  for (const { g } of sources) {
    sourceBits |= 1 << g;
    for (const lex of groups[g]!.keys()) take(r.postings.lexDocs[lex]!.buf, r.postings.lexDocs[lex]!.length);
  }
  for (const m of shelfMatches) if ((m.bits & sourceBits) !== 0) take(m.docs.buf, m.docs.length);
  return candidates;
}

/** The candidates' (stamped) words held, walking every item's postings. */
function holdingByPostings(r: Ranker, groups: WordGroups, round: number): void {
  const { stamp, hits } = r.scratch;
  for (let g = 0; g < groups.length; g++) {
    const bit = 1 << g;
    for (const lex of groups[g]!.keys()) {
      const postings = r.postings.lexDocs[lex]!;
      const buf = postings.buf;
      for (let p = 0; p < postings.length; p++) {
        const doc = buf[p]!;
        if (stamp[doc] === round) hits[doc]! |= bit;
      }
    }
  }
}

/** The candidates' words held, from each one's own entries. */
function holdingByEntries(r: Ranker, candidates: number): void {
  const { touched: docs, hits, lexMask } = r.scratch;
  const counts = r.postings.entryCount.buf;
  const starts = r.postings.entryStart.buf;
  const entryLex = r.postings.entryLex.buf;
  for (let c = 0; c < candidates; c++) {
    const doc = docs[c]!;
    const start = starts[doc]!;
    const end = start + Math.max(0, counts[doc]!);
    let hit = 0;
    for (let e = start; e < end; e++) hit |= lexMask[entryLex[e]!]!;
    hits[doc] = hit;
  }
}

/** A product's score but the words it holds, from its own entries: each word's best hit (or its shelf's), summed, and its shelf's bonus. */
export function entriesScore(r: Ranker, doc: number, groups: WordGroups, byShelf: Map<number, ShelfMatch>, bestHit: Float64Array): number {
  const shelf = byShelf.get(r.shelves.of.buf[doc]!);
  const lexMask = r.scratch.lexMask;
  const entryLex = r.postings.entryLex.buf;
  const codes = r.postings.entryCode.buf;
  const worth = r.worth;
  bestHit.fill(0);
  const start = r.postings.entryStart.buf[doc]!;
  const end = start + Math.max(0, r.postings.entryCount.buf[doc]!);
  for (let e = start; e < end; e++) {
    const lex = entryLex[e]!;
    const bits = lexMask[lex]!;
    if (bits === 0) continue;
    for (let g = 0; g < groups.length; g++) {
      if ((bits & (1 << g)) === 0) continue;
      const score = groups[g]!.get(lex)! * worth[codes[e]!]!;
      if (score > bestHit[g]!) bestHit[g] = score;
    }
  }
  let sum = 0;
  for (let g = 0; g < groups.length; g++) sum += Math.max(bestHit[g]!, shelf?.hits[g] ?? 0);
  return sum + (shelf?.bonus ?? 0);
}
