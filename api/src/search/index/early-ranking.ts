import { SHORT_LIST, TopList, idAfter, type PageNarrowing } from './id-order.js';
import type { IndexPage, IndexQuery, WordGroups } from './index-query.js';
import type { BigList } from './postings.js';
import { entriesScore, maskItems, unmaskItems, type Ranker } from './ranking.js';
import type { ShelfMatch } from './shelves.js';
import { SET_WORDS } from './scratch.js';
import { POP, WORD } from './weights.js';
import { WordSets } from './word-sets.js';

/** What scoring a product costs against looking at it (a bucket walk's two costs: PageWalk `cost`). */
const SCORING_COST = 100;

/** A laid-out bucket of an item's list: its word, list, place and worth. */
interface Stream {
  g: number;
  buf: Uint32Array;
  start: number;
  end: number;
  worth: number;
}

/**
 * What the count found: how many match, how many words the products the page takes hold, and those holding all (first
 * when they do not fill it); narrowed, how many of the products the page takes the narrowing keeps, and how many of
 * those are on the shopper's own shelves.
 */
interface Count {
  total: number;
  held: number;
  full: number[];
  kept: number;
  owned: number;
}

/**
 * The same answer as rankedOneWord (`one`) or rankedWords (ranking.ts), without scoring every match: the total is
 * counted, and the page is found walking the buckets best first, stopping once nothing left can enter it
 * (docs/architecture.md#search-past-one-machine).
 *
 * 1. Count: each word's products are set in its own bit set (word-sets.ts) as the items' postings and the matched
 *    shelves' products are walked, and as a product gets a word the other sets say how many it held before, so how
 *    many hold each number of words is kept as they are; so the total, and which products the page takes (those
 *    holding `held` words; in the mode where those holding all words do not fill the page, every one of those first),
 *    are known before anything is scored. One word of one item on no shelf needs no count: its list's length, less its gone
 *    products, is the total.
 * 2. Rank (PageWalk): the lists' tails and the shelves' products put after the layout (in no order) are scored first,
 *    each from its own entries as rankedWords' entriesScore does. Then each word's laid-out buckets, the most worth first
 *    (the words in turn, the cheapest next bucket first), each backwards (best first). A product not yet scored holds
 *    each word at most at the worth of that word's best bucket not yet walked (or its shelf's hit), so its rank is at
 *    most a bound (with its shelf's bonus; added up as entriesScore adds them, so that the bound is exact in floating
 *    point): a product whose bound cannot beat the page's last is passed over, a bucket is left once nothing left in it
 *    can (ids only fall as it is walked), and the walk stops once nothing anywhere can. When every bucket was walked,
 *    the matched shelves' products left rank by their shelf alone, and are taken newest first until the page is full.
 *
 * Answers null when it cannot stop early: deep pages (past SHORT_LIST), more than SET_WORDS words, the laid-out
 * products not in id order, or an index told to rank exhaustively.
 */
export function streamed(r: Ranker, groups: WordGroups, one: boolean, every: boolean, q: IndexQuery, narrow: PageNarrowing | null = null): IndexPage | null {
  const words = groups.length;
  const size = q.offset + q.limit;
  if (r.exhaustive || !r.postings.idOrdered || size > SHORT_LIST || size < 1 || words > SET_WORDS) return null;
  const least = one ? 1 : every ? Math.max(1, words - 1) : words;
  const touchedLex = maskItems(r, groups);
  const shelfMatches = r.shelves.match(groups);
  // Narrowed, every match is looked at: none is counted without being walked.
  const plain = !narrow && words === 1 && groups[0]!.size === 1 && shelfMatches.length === 0;
  const big = plain || narrow ? null : r.bigList(groups);
  const sets = new WordSets(r.scratch, words, big, r.postings.dead > 0 ? r.postings.gone.buf : null, size, narrow && { by: narrow, least });
  try {
    const count = plain ? plainCount(r, groups) : countHeld(r, groups, shelfMatches, big, sets, one, least, size, narrow !== null);
    if (narrow) {
      // What the page takes: those the narrowing keeps, on the shopper's own shelves when some of those are.
      [narrow.kept, narrow.owned, narrow.ownPage] = [count.kept, count.owned, []];
      if (count.kept === 0 || q.offset >= count.kept) return { ids: [], total: count.total };
      const filter = count.owned > 0 ? (doc: number) => narrow.keep(doc) && narrow.own!(doc) : narrow.keep;
      const docs = new PageWalk(r, groups, shelfMatches, count, { one, plain, size, sets, filter }).page(q.offset);
      if (count.owned > 0) narrow.ownPage = docs;
      return { ids: docs.map(String), total: count.total };
    }
    if (count.total === 0 || q.offset >= count.total) return { ids: [], total: count.total };
    const walk = new PageWalk(r, groups, shelfMatches, count, { one, plain, size, sets, filter: null });
    return { ids: walk.page(q.offset).map((doc) => r.order.id(doc)), total: count.total };
  } finally {
    sets.clear();
    unmaskItems(r, touchedLex);
  }
}

/** One word of one item on no shelf: its list's length, less its gone products, is the total. */
function plainCount(r: Ranker, groups: WordGroups): Count {
  const [lex] = groups[0]!.keys();
  return { total: r.postings.liveCount(lex!), held: 1, full: [], kept: 0, owned: 0 };
}

/**
 * Step 1 of `streamed`: every word's lists and shelves marked in its bit set, counted as they are (word-sets.ts).
 * Narrowed, the page takes those holding every word when some do, else those holding `least` (as the full ranking
 * offers them), and how many of those the narrowing keeps is counted beside.
 */
function countHeld(
  r: Ranker,
  groups: WordGroups,
  shelfMatches: ShelfMatch[],
  big: BigList | null,
  sets: WordSets,
  one: boolean,
  least: number,
  size: number,
  narrowed: boolean,
): Count {
  const words = groups.length;
  for (let g = 0; g < words; g++) {
    for (const lex of groups[g]!.keys()) {
      const list = r.postings.lexDocs[lex]!;
      // The big list's laid-out products are asked, not walked; its tail is walked.
      sets.mark(g, list.buf, big?.lex === lex ? big.laidOut : 0, list.length);
    }
    for (const m of shelfMatches) if (m.bits & (1 << g)) sets.mark(g, m.docs.buf, 0, m.docs.length);
  }
  const byHeld = sets.byHeld;
  let holdingLeast = 0;
  for (let h = least; h <= words; h++) holdingLeast += byHeld[h]!;
  const holdingAll = byHeld[words]!;
  const whole = { total: holdingAll, held: words, full: [], kept: sets.keptAt[words]!, owned: sets.ownedAt[words]! };
  if (narrowed) return holdingAll > 0 ? whole : { total: holdingLeast, held: least, full: [], kept: sets.keptAt[least]!, owned: sets.ownedAt[least]! };
  if (one || least === words || holdingAll >= size) return whole;
  return { total: holdingLeast, held: words - 1, full: sets.full, kept: 0, owned: 0 };
}

/** Step 2 of `streamed`: the page, walking the buckets best first and stopping once nothing left can enter it. */
class PageWalk {
  private readonly words: number;
  private readonly held: number;
  private readonly top: TopList;
  private readonly byShelf: Map<number, ShelfMatch>;
  private readonly bestHit: Float64Array;
  /** Per word, its buckets the most worth first, how many are walked, and the worth of its best one left. */
  private readonly byWord: Stream[][];
  private readonly walked: Int32Array;
  private best = new Float64Array(0);
  /** The word masks a product the page takes may hold. */
  private readonly holdings: number[] = [];
  /** Per word: about what share of its products the page's matches are (for `cost`). */
  private readonly share: number[];
  private readonly counts: Int32Array;
  private readonly anyGone: boolean;

  constructor(
    private readonly r: Ranker,
    private readonly groups: WordGroups,
    private readonly shelfMatches: ShelfMatch[],
    private readonly count: Count,
    private readonly mode: { one: boolean; plain: boolean; size: number; sets: WordSets; filter: ((doc: number) => boolean) | null },
  ) {
    this.words = groups.length;
    this.held = count.held;
    this.counts = r.postings.entryCount.buf;
    this.anyGone = r.postings.dead > 0;
    // The page's list counts nothing itself: narrowed, the count did (and `filter` keeps what it kept).
    this.top = new TopList(mode.size, { id: r.order.id, keys: r.order.keys });
    this.byShelf = new Map<number, ShelfMatch>(shelfMatches.map((m) => [m.shelf, m]));
    this.bestHit = new Float64Array(this.words);
    this.byWord = groups.map(() => [] as Stream[]);
    this.walked = new Int32Array(this.words);
    for (let bits = 1; bits < 1 << this.words; bits++) if (POP[bits] === this.held) this.holdings.push(bits);
    this.share = groups.map((items, g) => {
      let postings = 0;
      for (const lex of items.keys()) postings += r.postings.lexDocs[lex]!.length;
      for (const m of shelfMatches) if (m.bits & (1 << g)) postings += m.docs.length;
      return Math.min(1, count.total / Math.max(1, postings));
    });
  }

  page(offset: number): number[] {
    for (const doc of this.count.full) {
      this.mode.sets.visit(doc);
      this.top.offer(doc, this.words * WORD + entriesScore(this.r, doc, this.groups, this.byShelf, this.bestHit));
    }
    const shelfLaidOut = this.visitTails();
    if (!this.walkBuckets()) this.shelvesLeft(shelfLaidOut);
    return this.top.best(offset);
  }

  /** Scores a product not yet visited that the page takes, and offers it. */
  private visit(doc: number): void {
    const { r, mode } = this;
    if (this.anyGone && this.counts[doc]! < 0) return;
    if (!mode.plain) {
      if (POP[mode.sets.wordsOf(doc)] !== this.held || !mode.sets.visit(doc)) return;
    }
    if (mode.filter && !mode.filter(doc)) return;
    const score = entriesScore(r, doc, this.groups, this.byShelf, this.bestHit);
    this.top.offer(doc, mode.one ? score : this.held * WORD + score);
  }

  /**
   * Lists each item's laid-out buckets in `byWord` and visits the lists' tails, then the shelves' products put after the
   * layout (a shelf lists its products in number order): answers, per matched shelf, how many of its products were laid out.
   */
  private visitTails(): number[] {
    const { postings } = this.r;
    const worth = this.r.worth;
    this.groups.forEach((items, g) => {
      for (const [lex, weight] of items) {
        const buf = postings.lexDocs[lex]!.buf;
        for (const { from, to, code } of postings.runs(lex))
          if (code >= 0) this.byWord[g]!.push({ g, buf, start: from, end: to, worth: weight * worth[code]! });
          else for (let p = from; p < to; p++) this.visit(buf[p]!);
      }
    });
    const shelfLaidOut = this.shelfMatches.map((m) => {
      let lo = 0;
      for (let hi = m.docs.length; lo < hi;) {
        const mid = (lo + hi) >> 1;
        if (m.docs.buf[mid]! < postings.laidOut) lo = mid + 1;
        else hi = mid;
      }
      for (let p = lo; p < m.docs.length; p++) this.visit(m.docs.buf[p]!);
      return lo;
    });
    for (const list of this.byWord) list.sort((a, b) => b.worth - a.worth);
    this.best = Float64Array.from(this.byWord, (list) => list[0]?.worth ?? 0);
    return shelfLaidOut;
  }

  /**
   * The best rank a product not yet visited can have, on shelf `m` (or none), holding word `g` (or any): each word
   * it holds at most at its best bucket left (or the shelf's hit), added up as entriesScore adds them, so that the
   * bound is exact in floating point.
   */
  private bound(m: ShelfMatch | undefined, g: number): number {
    const { words, best } = this;
    let most = -Infinity;
    for (const bits of this.holdings) {
      // A shelved product holds the words its shelf's names hold.
      if ((m && (bits & m.bits) !== m.bits) || (g >= 0 && (bits & (1 << g)) === 0)) continue;
      let sum = 0;
      for (let w = 0; w < words; w++) sum += bits & (1 << w) ? Math.max(best[w]!, m?.hits[w] ?? 0) : 0;
      sum = sum + (m?.bonus ?? 0);
      most = Math.max(most, this.mode.one ? sum : this.held * WORD + sum);
    }
    return most;
  }

  private anyLeft(): number {
    let most = this.bound(undefined, -1);
    for (const m of this.shelfMatches) most = Math.max(most, this.bound(m, -1));
    return most;
  }

  /**
   * Walking a bucket costs a look at each product, and scoring (its entries, far from the cache) those the page takes:
   * about all of a word's products when the matches are nearly its own, few when they are a small share.
   */
  private cost(g: number): number {
    const stream = this.byWord[g]![this.walked[g]!];
    return stream ? (stream.end - stream.start) * (1 + SCORING_COST * this.share[g]!) : Infinity;
  }

  /**
   * The words' buckets in any order keep the bounds true; the cheapest next bucket first lowers them for the least work.
   * Answers true when it stopped before walking them all.
   */
  private walkBuckets(): boolean {
    /** Per shelf + 1 (0: none), the bound of the walked bucket's products. */
    const boundOf = new Float64Array(this.r.shelves.count + 1);
    for (;;) {
      let g = -1;
      for (let w = 0; w < this.words; w++) if (this.cost(w) < Infinity && (g < 0 || this.cost(w) < this.cost(g))) g = w;
      if (g < 0) return false;
      if (this.top.full && this.top.lastRank > this.anyLeft()) return true;
      const offShelf = this.bound(undefined, g);
      boundOf.fill(offShelf);
      let most = offShelf;
      for (const m of this.shelfMatches) most = Math.max(most, (boundOf[m.shelf + 1] = this.bound(m, g)));
      this.walkBucket(this.byWord[g]![this.walked[g]!]!, most, boundOf);
      this.walked[g]! += 1;
      this.best[g] = this.byWord[g]![this.walked[g]!]?.worth ?? 0;
    }
  }

  /** One bucket, backwards (best first), passing over what cannot enter the page and leaving once nothing left in it can. */
  private walkBucket({ buf, start, end }: Stream, most: number, boundOf: Float64Array): void {
    const top = this.top;
    const order = this.r.order;
    const shelfOf = this.r.shelves.of.buf;
    const laidOut = this.r.postings.laidOut;
    for (let p = end - 1; p >= start; p--) {
      const doc = buf[p]!;
      if (top.full) {
        // Nothing left in this bucket can enter the page (ids only fall as it is walked), or not this product. A bucket's
        // products were laid out, so against a laid-out last product their numbers compare as their ids.
        const last = top.lastRank;
        if (last > most) break;
        const its = boundOf[shelfOf[doc]! + 1]!;
        if (last >= its) {
          const lastDoc = top.lastDoc;
          const before = lastDoc < laidOut ? lastDoc > doc : idAfter(order, lastDoc, doc);
          if (last === most && before) break;
          if (last > its || before) continue;
        }
      }
      this.visit(doc);
    }
  }

  /** Every bucket walked: a shelf's laid-out products left rank by its hits and bonus alone, newest first. */
  private shelvesLeft(shelfLaidOut: number[]): void {
    const top = this.top;
    const order = this.r.order;
    const laidOut = this.r.postings.laidOut;
    this.shelfMatches.forEach((m, k) => {
      const its = this.bound(m, -1);
      for (let p = shelfLaidOut[k]! - 1; p >= 0; p--) {
        const doc = m.docs.buf[p]!;
        const lastDoc = top.lastDoc;
        if (top.full && (top.lastRank > its || (top.lastRank === its && (lastDoc < laidOut ? lastDoc > doc : idAfter(order, lastDoc, doc))))) break;
        this.visit(doc);
      }
    });
  }
}
