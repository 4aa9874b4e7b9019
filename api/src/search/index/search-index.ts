import { GrowableFloat64, GrowableIds, GrowableInt32, GrowableUint16, GrowableUint32, GrowableUint8 } from './growable.js';
import { SIMILARITY_THRESHOLD, trigramSimilarity } from './trigrams.js';
import { Shelves, type ShelfMatch } from './shelves.js';
import { IdTable } from './id-table.js';
import { SKIP, TrigramList, gapAt, gapBytes } from './trigram-list.js';
import type { Vocabulary } from './vocabulary.js';
import type { IndexAnswer, IndexQuery, IndexedProduct } from './index-query.js';
import { BUCKETS, BUCKET_OF, CODE_ORDER, CORRECTED, EXACT, POP, PREFIX, WORD, WORTH, WORTH_OF_SEVERAL, bitCount, entryCode } from './weights.js';
import { SHORT_LIST, TopList, compareText, idAfter, idOrderKeys, type IdOrder } from './id-order.js';

export type { IndexAnswer, IndexQuery, IndexedProduct } from './index-query.js';
export { CORRECTED, DESCRIPTION_HIT, EXACT, LEADING, NAME_HIT, PREFIX, WORD } from './weights.js';
export { compareText, idAfter, idOrderKeys, type IdOrder } from './id-order.js';

/** How many words the early-stopping ranking handles: a byte per product holds the words it holds and VISITED. */
const MASK_WORDS = 7;
const VISITED = 0x80;
/**
 * A laid-out list holding at least this share of the products also keeps them as a bit set (an eighth of a byte a
 * product, at most 1/16 of the list's own size): a search marks the other lists' products and asks the bit set about
 * them instead of walking a list that holds nearly every product (a word of every description).
 */
const BIG_LIST = 1 / 16;
/** What scoring a product costs against looking at it (a bucket walk's two costs: search-index.ts `streamed`). */
const SCORING_COST = 100;

/**
 * Name trigram lists are kept apart by the name's length (number of trigrams): band b holds the names from
 * NAME_BANDS[b] up to the next band's start. A name of a long band must share more of a text's trigrams to reach the
 * similarity threshold than the shortest name, so the fallback walks fewer (and only that band's) lists for it, and a
 * band too long or too short for the text is not walked at all (docs/architecture.md#search-past-one-machine).
 */
const NAME_BANDS = [0, 28, 34, 40, 46, 54];
const BANDS = NAME_BANDS.length;
const bandOf = (length: number) => {
  let b = BANDS - 1;
  while (length < NAME_BANDS[b]!) b--;
  return b;
};

/**
 * The catalogue's published products held in memory for searching, without a database round trip
 * per search: postings (lexeme → (product, entry)) find the candidates and score them, each
 * product's own entries decide a several-word match, and a trigram index over names serves the
 * "nothing matched" fallback.
 *
 * Products get dense numbers in the order they arrive; a changed product gets a new number and
 * its old one is marked dead (postings are append-only), so the owner rebuilds when many are dead.
 */
export class SearchIndex {
  private readonly ids = new IdTable();
  /** Per product: ID_KEYS numbers that order its id (see idOrderKeys), so ties rarely compare strings. */
  private readonly idKeys = new GrowableFloat64(1024);
  private readonly updatedAts = new GrowableFloat64(1024);
  private readonly entryStart = new GrowableInt32(1024);
  /** Entries per product; −1 once the product is gone or replaced. */
  private readonly entryCount = new GrowableInt32(1024);
  private readonly nameSize = new GrowableUint16(1024);
  /** Per entry (a product's lexemes, product after product): its lexeme, and where the word is (IN_NAME, LEADS, IN_DESCRIPTION). */
  private readonly entryLex = new GrowableIds(1024);
  private readonly entryCode = new GrowableUint8(1024);
  private readonly lexIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  /** Per lexeme: the products holding it, in the order they arrived, and the code of its entry in each. */
  private readonly lexDocs: GrowableUint32[] = [];
  private readonly lexCodes: GrowableUint8[] = [];
  /** Per lexeme: how many of the products in its postings are gone; and of those laid out. */
  private readonly lexGone: number[] = [];
  private readonly lexGoneLaidOut: number[] = [];
  /** The laid-out products of the lists holding BIG_LIST of them at least, as bit sets by product number. */
  private readonly bigLists = new Map<number, Uint32Array>();
  /** Products numbered below this were laid out in buckets; later ones join the lists' tails in the order they come. */
  private laidOut = 0;
  /** Lexemes numbered below this were laid out: lexeme × BUCKETS + b is where bucket b of its list starts in `bucketAt`'s numbering. */
  private laidOutLex = 0;
  private bucketAt = new Uint32Array(1);
  /** True when the laid-out products' numbers are in id order (see BUCKETS): else every search ranks every match. */
  private idOrdered = false;
  private readonly shelves = new Shelves();
  private sortedLex: { lexemes: string[]; ids: Int32Array } | null = null;
  private readonly trigramIds = new Map<string, number>();
  /** Per trigram id × BANDS + band: the products of that band whose names hold the trigram. */
  private readonly trigramLists: TrigramList[] = [];
  /**
   * The trigrams held by BIG_LIST of the names or more when laid out: the products whose names hold each, a bit each
   * (grown as products join), so the name fallback asks them for its candidates instead of decoding their lists.
   */
  private readonly commonTrigrams = new Map<number, Uint32Array>();
  /**
   * While a fresh index is built, postings are not kept: each product's name trigrams are, and
   * `layOut` makes every posting list at once from what the products hold, each list a view of one
   * buffer (no list is grown by doubling, which left up to half of each unused and the freed copies
   * in the heap). Null once laid out; later products join the lists directly.
   */
  private pending: { trigrams: GrowableIds } | null = { trigrams: new GrowableIds(1024) };
  /** Per product number, set when the diff's pages named it (startDiff … unseen). */
  private seen: Uint8Array | null = null;
  /** Products held (put and not gone). */
  private held = 0;
  private dead = 0;
  /** The fewest trigrams of any name ever put (a lower bound for the live ones). */
  private shortestName = Infinity;
  /** Per band: the fewest and the most trigrams of any name ever put in it. */
  private readonly bandShortest = new Array<number>(BANDS).fill(Infinity);
  private readonly bandLongest = new Array<number>(BANDS).fill(0);
  // Scratch space for one search at a time (searches are synchronous).
  private lexMask = new Int32Array(0);
  private stamp = new Int32Array(0);
  private sums = new Float64Array(0);
  private best = new Float64Array(0);
  private touched = new Int32Array(0);
  private hits = new Int32Array(0);
  private shared = new Uint16Array(0);
  /**
   * Per product, a bit: a candidate of the name fallback's band being searched; all zero between searches. A bit a
   * product (≈ 150 KiB at a million) stays in the processor's cache where a stamp of four bytes does not, and the
   * fallback asks it once for every product of every list it walks.
   */
  private candidate = new Uint32Array(0);
  /** Per product: the words of the search it holds (a bit each) and VISITED; all zero between searches. */
  private masks = new Uint8Array(0);
  /** What an entry's code is worth in the search being answered (WORTH, or WORTH_OF_SEVERAL for several words). */
  private worth = WORTH;
  private round = 0;

  /** `exhaustive`: every search ranks every match, and the name fallback counts every name met (the references the early stops are tested against). */
  constructor(
    public vocabulary: Vocabulary,
    private readonly options: { exhaustive?: boolean } = {},
  ) {}

  get live(): number {
    return this.held;
  }

  get deadShare(): number {
    return this.dead / Math.max(1, this.ids.size);
  }

  /** The owner's diff against the table: starts marking which products held its pages name. */
  startDiff(): void {
    this.seen = new Uint8Array(this.ids.size);
  }

  /** One row of the table's pages (id, updated_at in microseconds): true when it is not held as it is now (new or changed). */
  changed(id: string, updatedAt: number): boolean {
    const doc = this.heldDoc(id);
    if (doc < 0) return true;
    this.seen ??= new Uint8Array(this.ids.size);
    if (doc < this.seen.length) this.seen[doc] = 1;
    return this.updatedAts.buf[doc] !== updatedAt;
  }

  /** Ends the diff: the ids held that no page named (deleted or unpublished); every id held when no diff was started. */
  unseen(): string[] {
    const seen = this.seen;
    this.seen = null;
    const gone: string[] = [];
    const counts = this.entryCount.buf;
    for (let doc = 0; doc < this.ids.size; doc++) if (counts[doc]! >= 0 && !(seen && doc < seen.length && seen[doc])) gone.push(this.ids.id(doc));
    return gone;
  }

  /** The number of a product held, or −1. */
  private heldDoc(id: string): number {
    const doc = this.ids.find(id);
    return doc >= 0 && this.entryCount.buf[doc]! >= 0 ? doc : -1;
  }

  put(product: IndexedProduct): void {
    this.remove(product.id);
    const doc = this.ids.add(product.id);
    for (const key of idOrderKeys(product.id)) this.idKeys.push(key);
    this.updatedAts.push(product.updatedAt);
    this.entryStart.push(this.entryLex.length);
    this.entryCount.push(product.entries.length);
    this.nameSize.push(product.nameTrigrams.length);
    this.shortestName = Math.min(this.shortestName, product.nameTrigrams.length);
    const band = bandOf(product.nameTrigrams.length);
    this.bandShortest[band] = Math.min(this.bandShortest[band]!, product.nameTrigrams.length);
    this.bandLongest[band] = Math.max(this.bandLongest[band]!, product.nameTrigrams.length);
    for (const entry of product.entries) {
      const lex = this.lexId(entry.lexeme);
      const code = entryCode(entry);
      this.entryLex.push(lex);
      this.entryCode.push(code);
      if (!this.pending) {
        this.lexDocs[lex]!.push(doc);
        this.lexCodes[lex]!.push(code);
      }
    }
    for (const t of product.nameTrigrams) {
      let id = this.trigramIds.get(t);
      if (id === undefined) {
        id = this.trigramIds.size;
        this.trigramIds.set(t, id);
        for (let b = 0; b < BANDS; b++) this.trigramLists.push(new TrigramList());
      }
      if (this.pending) this.pending.trigrams.push(id);
      else {
        this.trigramLists[id * BANDS + band]!.push(doc);
        let bits = this.commonTrigrams.get(id);
        if (bits) {
          if (doc >>> 5 >= bits.length) {
            const grown = new Uint32Array(Math.ceil(((doc + 1) / 32) * 1.25) + 1);
            grown.set(bits);
            this.commonTrigrams.set(id, (bits = grown));
          }
          bits[doc >>> 5]! |= 1 << (doc & 31);
        }
      }
    }
    this.shelves.add(
      doc,
      product.shelf.map((name) => [...new Set(name)].map((lexeme) => this.lexId(lexeme))),
    );
    this.held += 1;
  }

  /** The lexicon's id of a lexeme, which joins the lexicon (with no postings yet) when new. */
  private lexId(lexeme: string): number {
    let lex = this.lexIds.get(lexeme);
    if (lex === undefined) {
      lex = this.lexemes.length;
      this.lexIds.set(lexeme, lex);
      this.lexemes.push(lexeme);
      this.lexDocs.push(new GrowableUint32(2));
      this.lexCodes.push(new GrowableUint8(2));
      this.lexGone.push(0);
      this.lexGoneLaidOut.push(0);
      this.sortedLex = null;
    }
    return lex;
  }

  remove(id: string): void {
    const doc = this.heldDoc(id);
    if (doc < 0) return;
    const start = this.entryStart.buf[doc]!;
    for (let e = start, end = start + this.entryCount.buf[doc]!; e < end; e++) {
      const lex = this.entryLex.buf[e]!;
      this.lexGone[lex]! += 1;
      if (doc < this.laidOut) this.lexGoneLaidOut[lex]! += 1;
    }
    this.entryCount.buf[doc] = -1;
    this.held -= 1;
    this.dead += 1;
  }

  /**
   * Makes every posting list from what the products put so far hold (their entries and name
   * trigrams), counted first so that each list is an exact view of one buffer, in buckets (BUCKETS).
   * Gone products are left out (a search skips them anyway).
   */
  private layOut(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    const docs = this.ids.size;
    const starts = this.entryStart.buf;
    const counts = this.entryCount.buf;
    const entryLex = this.entryLex.buf;
    const codes = this.entryCode.buf;
    const lexicon = this.lexemes.length;
    // Where each (lexeme, bucket) starts: counted, then summed.
    const keys = lexicon * BUCKETS;
    const perKey = new Uint32Array(keys + 1);
    for (let doc = 0; doc < docs; doc++)
      for (let e = starts[doc]!, end = e + Math.max(0, counts[doc]!); e < end; e++) perKey[entryLex[e]! * BUCKETS + BUCKET_OF[codes[e]!]! + 1]! += 1;
    for (let k = 0; k < keys; k++) perKey[k + 1]! += perKey[k]!;
    const allDocs = new Uint32Array(perKey[keys]!);
    const allCodes = new Uint8Array(perKey[keys]!);
    const at = perKey.slice(0, keys);
    for (let doc = 0; doc < docs; doc++)
      for (let e = starts[doc]!, end = e + Math.max(0, counts[doc]!); e < end; e++) {
        const p = at[entryLex[e]! * BUCKETS + BUCKET_OF[codes[e]!]!]!++;
        allDocs[p] = doc;
        allCodes[p] = codes[e]!;
      }
    for (let lex = 0; lex < lexicon; lex++) {
      const from = perKey[lex * BUCKETS]!;
      const to = perKey[(lex + 1) * BUCKETS]!;
      this.lexDocs[lex]!.adopt(allDocs.subarray(from, to));
      this.lexCodes[lex]!.adopt(allCodes.subarray(from, to));
    }
    this.bucketAt = perKey;
    this.laidOut = docs;
    this.laidOutLex = lexicon;
    // The lists hold no gone product now.
    this.lexGone.fill(0);
    this.lexGoneLaidOut.fill(0);
    for (let lex = 0; lex < lexicon; lex++) {
      const list = this.lexDocs[lex]!;
      if (list.length < docs * BIG_LIST || docs < 1024) continue;
      const bits = new Uint32Array(Math.ceil(docs / 32));
      for (let p = 0; p < list.length; p++) bits[list.buf[p]! >>> 5]! |= 1 << (list.buf[p]! & 31);
      this.bigLists.set(lex, bits);
    }
    const order = this.idOrder();
    this.idOrdered = true;
    for (let doc = 0, before = -1; doc < docs && this.idOrdered; doc++) {
      if (counts[doc]! < 0) continue;
      if (before >= 0 && !idAfter(order, doc, before)) this.idOrdered = false;
      before = doc;
    }
    // Name trigrams: each product's are its nameSize next ones of `pending.trigrams`, in the list of its name's band.
    const trigrams = pending.trigrams.buf;
    const sizes = this.nameSize.buf;
    const lists = this.trigramLists;
    const kinds = lists.length;
    const postings = new Uint32Array(kinds);
    const bytes = new Float64Array(kinds);
    const last = new Uint32Array(kinds);
    for (let doc = 0, t = 0; doc < docs; doc++) {
      const end = t + sizes[doc]!;
      if (counts[doc]! < 0) t = end;
      else
        for (const band = bandOf(sizes[doc]!); t < end; t++) {
          const id = trigrams[t]! * BANDS + band;
          postings[id]! += 1;
          bytes[id]! += gapBytes(doc - last[id]!);
          last[id] = doc;
        }
    }
    let byteTotal = 0;
    let skipTotal = 0;
    for (let id = 0; id < kinds; id++) {
      byteTotal += bytes[id]!;
      skipTotal += Math.ceil(postings[id]! / SKIP);
    }
    const allBytes = new Uint8Array(byteTotal);
    const allSkipDocs = new Uint32Array(skipTotal);
    const allSkipAt = new Uint32Array(skipTotal);
    for (let id = 0, b = 0, k = 0; id < kinds; id++) {
      const skips = Math.ceil(postings[id]! / SKIP);
      lists[id]!.reserve(allBytes.subarray(b, b + bytes[id]!), allSkipDocs.subarray(k, k + skips), allSkipAt.subarray(k, k + skips));
      b += bytes[id]!;
      k += skips;
    }
    const common: Array<Uint32Array | undefined> = [];
    if (docs >= 1024)
      for (let id = 0; id < kinds / BANDS; id++) {
        let held = 0;
        for (let b = 0; b < BANDS; b++) held += postings[id * BANDS + b]!;
        if (held >= docs * BIG_LIST) this.commonTrigrams.set(id, (common[id] = new Uint32Array(Math.ceil(docs / 32))));
      }
    for (let doc = 0, t = 0; doc < docs; doc++) {
      const end = t + sizes[doc]!;
      if (counts[doc]! < 0) t = end;
      else
        for (const band = bandOf(sizes[doc]!); t < end; t++) {
          const id = trigrams[t]!;
          lists[id * BANDS + band]!.push(doc);
          const bits = common[id];
          if (bits) bits[doc >>> 5]! |= 1 << (doc & 31);
        }
    }
  }

  /** Readies the posting lists, the lexicon's sorted view and the scratch arrays after a batch of put/remove calls. */
  seal(): void {
    this.layOut();
    if (!this.sortedLex) {
      const order = this.lexemes.map((_, i) => i).sort((a, b) => compareText(this.lexemes[a]!, this.lexemes[b]!));
      this.sortedLex = { lexemes: order.map((i) => this.lexemes[i]!), ids: Int32Array.from(order) };
    }
    if (this.lexMask.length < this.lexemes.length) this.lexMask = new Int32Array(this.lexemes.length * 2);
    if (this.stamp.length < this.ids.size) {
      // A quarter more than held, so that products added later rarely make them again.
      const size = Math.ceil(this.ids.size * 1.25) + 1024;
      this.stamp = new Int32Array(size);
      this.sums = new Float64Array(size);
      this.best = new Float64Array(size);
      this.touched = new Int32Array(size);
      this.hits = new Int32Array(size);
      this.shared = new Uint16Array(size);
      this.candidate = new Uint32Array((size + 31) >>> 5);
      this.masks = new Uint8Array(size);
      this.round = 0;
    }
  }

  /**
   * After a full build: the posting lists laid out, every array trimmed to what it holds (doubling leaves up to half of
   * each unused), and the scratch arrays sized to the products held.
   */
  compact(): void {
    this.layOut();
    this.ids.trim();
    for (const g of [this.idKeys, this.updatedAts, this.entryStart, this.entryCount, this.nameSize, this.entryLex, this.entryCode, this.shelves.of]) g.trim();
    for (const list of this.trigramLists) list.trim();
    this.shelves.trim();
    this.stamp = new Int32Array(0);
    this.seal();
  }

  search(q: IndexQuery): IndexAnswer {
    this.seal();
    // Per typed word (stopwords and words with nothing to match dropped): lexeme → how well it matches.
    const groups: Array<Map<number, number>> = [];
    for (let i = 0; i < q.tokens.length; i++) {
      const items = new Map<number, number>();
      const stem = q.stems[i];
      const offer = (lex: number, weight: number) => items.set(lex, Math.max(items.get(lex) ?? 0, weight));
      const known = stem ? this.prefixed(stem) : [];
      for (const lex of known) offer(lex, this.lexemes[lex] === stem ? EXACT : PREFIX);
      // A word of the catalogue (or the start of one) is what the shopper meant: it is never corrected.
      const alternatives = known.length ? [] : this.vocabulary.alternatives(q.tokens[i]!, stem ?? null, q.tokenTrigrams[i]!);
      for (const { lexeme, similarity } of alternatives) {
        const lex = this.lexIds.get(lexeme);
        if (lex !== undefined) offer(lex, lexeme === stem ? EXACT : CORRECTED * similarity);
      }
      // A word with alternatives none of which any product holds matches nothing (as in SQL).
      if (stem || alternatives.length) groups.push(items);
    }
    const none = { ids: [], total: 0 };
    this.worth = groups.length > 1 ? WORTH_OF_SEVERAL : WORTH;
    if (groups.length === 0) return q.offset === 0 ? this.nearNames(q) : none;
    const found = groups.filter((items) => items.size > 0);
    if (groups.length === 1) return found.length ? this.rankedOneWord(found[0]!, q) : q.offset === 0 ? this.nearNames(q) : none;
    // Several words: the products holding all of them; when they do not fill the page, those holding all but one follow.
    if (found.length === 0 || found.length < groups.length - 1) return q.offset === 0 ? this.nearNames(q) : none;
    const answer = this.rankedWords(found, found.length === groups.length, q);
    return answer.total || q.offset > 0 ? answer : this.nearNames(q);
  }

  /** One typed word: every product holding any of its items matches, scored by its best hit, posting by posting. */
  private rankedOneWord(items: Map<number, number>, q: IndexQuery): IndexAnswer {
    const streamed = this.streamed([items], true, true, q);
    if (streamed) return streamed.total === 0 && q.offset === 0 ? this.nearNames(q) : streamed;
    const round = this.nextRound();
    const touched = this.touched;
    const stamp = this.stamp;
    const sums = this.sums;
    let candidates = 0;
    for (const [lex, weight] of items) {
      const docs = this.lexDocs[lex]!.buf;
      const codes = this.lexCodes[lex]!.buf;
      const n = this.lexDocs[lex]!.length;
      for (let p = 0; p < n; p++) {
        const doc = docs[p]!;
        const score = weight * this.worth[codes[p]!]!;
        if (stamp[doc] !== round) {
          stamp[doc] = round;
          sums[doc] = score;
          touched[candidates++] = doc;
        } else if (score > sums[doc]!) sums[doc] = score;
      }
    }
    // The products on a shelf the word names: their best hit through it, and the shelf name's bonus.
    for (const { hits, bonus, docs } of this.shelves.match([items])) {
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
    const top = new TopList(q.offset + q.limit, this.idOrder());
    let total = 0;
    const counts = this.entryCount.buf;
    // Offered last to first: candidates come mostly in ascending product number, which is mostly id order, and equal
    // ranks go newest first, so an equal rank is then turned away by one comparison instead of entering the list.
    for (let c = candidates - 1; c >= 0; c--) {
      const doc = touched[c]!;
      if (counts[doc]! < 0) continue;
      total += 1;
      top.offer(doc, sums[doc]!);
    }
    if (total === 0) return q.offset === 0 ? this.nearNames(q) : { ids: [], total: 0 };
    return { ids: top.page(q.offset), total };
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
  private rankedWords(groups: Array<Map<number, number>>, every: boolean, q: IndexQuery): { ids: string[]; total: number } {
    const streamed = this.streamed(groups, false, every, q);
    if (streamed) return streamed;
    const words = groups.length;
    /** The fewest words a product must hold to be ranked at all. */
    const least = every ? Math.max(1, words - 1) : words;
    const touchedLex: number[] = [];
    groups.forEach((items, g) => {
      for (const lex of items.keys()) {
        if (this.lexMask[lex] === 0) touchedLex.push(lex);
        this.lexMask[lex]! |= 1 << g;
      }
    });
    try {
      const shelfMatches = this.shelves.match(groups);
      const scored = least === 1;
      const candidates = scored ? this.scoreByPostings(groups, shelfMatches) : this.wordsHeld(groups, shelfMatches, least);
      const docs = this.touched;
      const hits = this.hits;
      const counts = this.entryCount.buf;
      const anyGone = this.dead > 0;
      const size = q.offset + q.limit;
      let holdingAll = 0;
      let holdingLeast = 0;
      if (scored) {
        // One pass: every candidate holds one word at least; those holding all are also kept apart, for when they fill the page.
        const sums = this.sums;
        const best = this.best;
        const shelfOf = this.shelves.of.buf;
        const bonus = new Float64Array(this.shelves.count + 1);
        for (const m of shelfMatches) bonus[m.shelf + 1] = m.bonus;
        const all = new TopList(size, this.idOrder());
        const any = new TopList(size, this.idOrder());
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
        const whole = every && holdingAll >= size;
        return { ids: (whole ? all : any).page(q.offset), total: whole || least === words ? holdingAll : holdingLeast };
      }
      for (let c = 0; c < candidates; c++) {
        const doc = docs[c]!;
        if (anyGone && counts[doc]! < 0) continue;
        const held = bitCount(hits[doc]!);
        if (held >= least) holdingLeast += 1;
        if (held === words) holdingAll += 1;
      }
      const need = every && holdingAll >= size ? words : least;
      const top = new TopList(size, this.idOrder());
      const byShelf = new Map<number, ShelfMatch>(shelfMatches.map((m) => [m.shelf, m]));
      const bestHit = new Float64Array(words);
      // Last to first, as in rankedOneWord.
      for (let c = candidates - 1; c >= 0; c--) {
        const doc = docs[c]!;
        if (anyGone && counts[doc]! < 0) continue;
        const held = bitCount(hits[doc]!);
        if (held < need) continue;
        top.offer(doc, held * WORD + this.entriesScore(doc, groups, byShelf, bestHit));
      }
      return { ids: top.page(q.offset), total: need === words ? holdingAll : holdingLeast };
    } finally {
      for (const lex of touchedLex) this.lexMask[lex] = 0;
    }
  }

  /**
   * The same answer as rankedOneWord (`one`) or rankedWords, without scoring every match: the total is counted, and the
   * page is found walking the buckets best first, stopping once nothing left can enter it (docs/architecture.md#search-past-one-machine).
   *
   * 1. Count: each match's words held are marked in `masks` (a bit a word) as the items' postings and the matched
   *    shelves' products are walked, and how many hold each number of words is kept as they are; so the total, and which
   *    products the page takes (those holding `held` words; in the mode where those holding all words do not fill the
   *    page, every one of those first), are known before anything is scored. One word of one item on no shelf needs no
   *    count: its list's length, less its gone products, is the total.
   * 2. Rank: the lists' tails and the shelves' products put after the layout (in no order) are scored first, each from
   *    its own entries as rankedWords' entriesScore does. Then each word's laid-out buckets, the most worth first (the
   *    words in turn, the cheapest next bucket first), each backwards (best first). A product not yet scored holds each
   *    word at most at the worth of that word's best bucket not yet walked (or its shelf's hit), so its rank is at most a
   *    bound (with its shelf's bonus; added up as entriesScore adds them, so that the bound is exact in floating point):
   *    a product whose bound cannot beat the page's last is passed over, a bucket is left once nothing left in it can
   *    (ids only fall as it is walked), and the walk stops once nothing anywhere can. When every bucket was walked, the
   *    matched shelves' products left rank by their shelf alone, and are taken newest first until the page is full.
   *
   * Answers null when it cannot stop early: deep pages (past SHORT_LIST), more than MASK_WORDS words, the laid-out
   * products not in id order, or an index told to rank exhaustively.
   */
  private streamed(groups: Array<Map<number, number>>, one: boolean, every: boolean, q: IndexQuery): { ids: string[]; total: number } | null {
    const words = groups.length;
    const size = q.offset + q.limit;
    if (this.options.exhaustive || !this.idOrdered || size > SHORT_LIST || size < 1 || words > MASK_WORDS) return null;
    const least = one ? 1 : every ? Math.max(1, words - 1) : words;
    const touchedLex: number[] = [];
    groups.forEach((items, g) => {
      for (const lex of items.keys()) {
        if (this.lexMask[lex] === 0) touchedLex.push(lex);
        this.lexMask[lex]! |= 1 << g;
      }
    });
    const shelfMatches = this.shelves.match(groups);
    const plain = words === 1 && groups[0]!.size === 1 && shelfMatches.length === 0;
    const big = plain ? null : this.bigList(groups);
    /** Products of the big list's bit set visited without having been marked, whose masks are cleared at the end. */
    const unmarked: number[] = [];
    try {
      // 1. Count.
      let total: number;
      /** How many words the products the page takes hold (those holding all, in `full`, come first when they do not fill it). */
      let held: number;
      const full: number[] = [];
      if (plain) {
        const [lex] = groups[0]!.keys();
        total = this.lexDocs[lex!]!.length - this.lexGone[lex!]!;
        held = 1;
      } else {
        const byHeld = new Int32Array(words + 2);
        this.markWords(groups, shelfMatches, byHeld, full, size, true, big);
        let holdingLeast = 0;
        for (let h = least; h <= words; h++) holdingLeast += byHeld[h]!;
        const holdingAll = byHeld[words]!;
        if (one || least === words || holdingAll >= size) {
          held = words;
          total = holdingAll;
          full.length = 0;
        } else {
          held = words - 1;
          total = holdingLeast;
        }
      }
      if (total === 0 || q.offset >= total) return { ids: [], total };
      // 2. Rank.
      const top = new TopList(size, this.idOrder());
      const order = this.idOrder();
      const byShelf = new Map<number, ShelfMatch>(shelfMatches.map((m) => [m.shelf, m]));
      const bestHit = new Float64Array(words);
      const masks = this.masks;
      const counts = this.entryCount.buf;
      const shelfOf = this.shelves.of.buf;
      const anyGone = this.dead > 0;
      /** Scores a product not yet visited that the page takes, and offers it. */
      const visit = (doc: number) => {
        if (anyGone && counts[doc]! < 0) return;
        if (!plain) {
          let m = masks[doc]!;
          // A product of the big list alone was never marked: it holds that list's word.
          const alone = m === 0 && big !== null && doc < this.laidOut && ((big.bits[doc >>> 5]! >>> (doc & 31)) & 1) === 1;
          if (alone) m = big.bit;
          if (m & VISITED || POP[m] !== held) return;
          if (alone) unmarked.push(doc);
          masks[doc] = m | VISITED;
        }
        const score = this.entriesScore(doc, groups, byShelf, bestHit);
        top.offer(doc, one ? score : held * WORD + score);
      };
      for (const doc of full) {
        masks[doc]! |= VISITED;
        top.offer(doc, words * WORD + this.entriesScore(doc, groups, byShelf, bestHit));
      }
      /** The laid-out buckets: their word, list, place and worth. The lists' tails are visited at once. */
      const streams: Array<{ g: number; buf: Uint32Array; start: number; end: number; worth: number }> = [];
      groups.forEach((items, g) => {
        for (const [lex, weight] of items) {
          const list = this.lexDocs[lex]!;
          let tail = 0;
          if (lex < this.laidOutLex) {
            const base = this.bucketAt[lex * BUCKETS]!;
            for (let b = 0; b < BUCKETS; b++) {
              const start = this.bucketAt[lex * BUCKETS + b]! - base;
              const end = this.bucketAt[lex * BUCKETS + b + 1]! - base;
              if (end > start) streams.push({ g, buf: list.buf, start, end, worth: weight * this.worth[CODE_ORDER[b]!]! });
            }
            tail = this.bucketAt[(lex + 1) * BUCKETS]! - base;
          }
          for (let p = tail; p < list.length; p++) visit(list.buf[p]!);
        }
      });
      // The shelves' products put after the layout too (a shelf lists its products in number order).
      const shelfLaidOut = shelfMatches.map((m) => {
        let lo = 0;
        for (let hi = m.docs.length; lo < hi;) {
          const mid = (lo + hi) >> 1;
          if (m.docs.buf[mid]! < this.laidOut) lo = mid + 1;
          else hi = mid;
        }
        for (let p = lo; p < m.docs.length; p++) visit(m.docs.buf[p]!);
        return lo;
      });
      // Per word, its buckets the most worth first, how many are walked, and the worth of its best one left.
      const byWord = groups.map(() => [] as typeof streams);
      for (const stream of streams) byWord[stream.g]!.push(stream);
      for (const list of byWord) list.sort((a, b) => b.worth - a.worth);
      const walked = new Int32Array(words);
      const best = Float64Array.from(byWord, (list) => list[0]?.worth ?? 0);
      // The word masks a product the page takes may hold.
      const holdings: number[] = [];
      for (let bits = 1; bits < 1 << words; bits++) if (POP[bits] === held) holdings.push(bits);
      /**
       * The best rank a product not yet visited can have, on shelf `m` (or none), holding word `g` (or any): each word
       * it holds at most at its best bucket left (or the shelf's hit), added up as entriesScore adds them, so that the
       * bound is exact in floating point.
       */
      const bound = (m: ShelfMatch | undefined, g: number) => {
        let most = -Infinity;
        for (const bits of holdings) {
          // A shelved product holds the words its shelf's names hold.
          if ((m && (bits & m.bits) !== m.bits) || (g >= 0 && (bits & (1 << g)) === 0)) continue;
          let sum = 0;
          for (let w = 0; w < words; w++) sum += bits & (1 << w) ? Math.max(best[w]!, m?.hits[w] ?? 0) : 0;
          sum = sum + (m?.bonus ?? 0);
          most = Math.max(most, one ? sum : held * WORD + sum);
        }
        return most;
      };
      const anyLeft = () => {
        let most = bound(undefined, -1);
        for (const m of shelfMatches) most = Math.max(most, bound(m, -1));
        return most;
      };
      /** Per shelf + 1 (0: none), the bound of the walked bucket's products. */
      const boundOf = new Float64Array(this.shelves.count + 1);
      let stopped = false;
      // The words' buckets in any order keep the bounds true; the cheapest next bucket first lowers them for the least
      // work. Walking a bucket costs a look at each product, and scoring (its entries, far from the cache) those the page
      // takes: about all of a word's products when the matches are nearly its own, few when they are a small share.
      const share = groups.map((items, g) => {
        let postings = 0;
        for (const lex of items.keys()) postings += this.lexDocs[lex]!.length;
        for (const m of shelfMatches) if (m.bits & (1 << g)) postings += m.docs.length;
        return Math.min(1, total / Math.max(1, postings));
      });
      const cost = (g: number) => {
        const stream = byWord[g]![walked[g]!];
        return stream ? (stream.end - stream.start) * (1 + SCORING_COST * share[g]!) : Infinity;
      };
      for (;;) {
        let g = -1;
        for (let w = 0; w < words; w++) if (cost(w) < Infinity && (g < 0 || cost(w) < cost(g))) g = w;
        if (g < 0) break;
        if (top.full && top.lastRank > anyLeft()) {
          stopped = true;
          break;
        }
        const offShelf = bound(undefined, g);
        boundOf.fill(offShelf);
        let most = offShelf;
        for (const m of shelfMatches) most = Math.max(most, (boundOf[m.shelf + 1] = bound(m, g)));
        const { buf, start, end } = byWord[g]![walked[g]!]!;
        const laidOut = this.laidOut;
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
          visit(doc);
        }
        walked[g]! += 1;
        best[g] = byWord[g]![walked[g]!]?.worth ?? 0;
      }
      // Every bucket walked: a shelf's products left rank by its hits and bonus alone, newest first.
      if (!stopped)
        shelfMatches.forEach((m, k) => {
          const its = bound(m, -1);
          for (let p = shelfLaidOut[k]! - 1; p >= 0; p--) {
            const doc = m.docs.buf[p]!;
            const lastDoc = top.lastDoc;
            if (top.full && (top.lastRank > its || (top.lastRank === its && (lastDoc < this.laidOut ? lastDoc > doc : idAfter(order, lastDoc, doc))))) break;
            visit(doc);
          }
        });
      return { ids: top.page(q.offset), total };
    } finally {
      if (!plain) this.markWords(groups, shelfMatches, null, null, size, false, big);
      for (const doc of unmarked) this.masks[doc] = 0;
      for (const lex of touchedLex) this.lexMask[lex] = 0;
    }
  }

  /**
   * Step 1 of `streamed` (`mark`): sets each word's bit in `masks` for every live product holding an item of it or on a
   * shelf naming it, counting in `byHeld` how many products hold each number of words and listing in `full` those
   * holding all (up to `size` + 1 of them). Not `mark`: sets those products' masks back to zero.
   */
  private markWords(
    groups: Array<Map<number, number>>,
    shelfMatches: ShelfMatch[],
    byHeld: Int32Array | null,
    full: number[] | null,
    size: number,
    mark: boolean,
    big: BigList | null,
  ): void {
    const masks = this.masks;
    const words = groups.length;
    const lists: Array<{ buf: Uint32Array | Int32Array; from: number; length: number; bit: number }> = [];
    let postings = 0;
    for (let g = 0; g < words; g++) {
      const bit = 1 << g;
      for (const lex of groups[g]!.keys()) {
        const list = this.lexDocs[lex]!;
        // The big list's laid-out products are asked, not walked; its tail is walked.
        lists.push({ buf: list.buf, from: big?.lex === lex ? big.laidOut : 0, length: list.length, bit });
      }
      for (const m of shelfMatches) if (m.bits & bit) lists.push({ buf: m.docs.buf, from: 0, length: m.docs.length, bit });
    }
    for (const list of lists) postings += list.length - list.from;
    if (!mark) {
      // Many products: clearing every mask costs less than finding them again.
      if (postings * 8 > masks.length) masks.fill(0);
      else for (const { buf, from, length } of lists) for (let p = from; p < length; p++) masks[buf[p]!] = 0;
      return;
    }
    const counts = this.entryCount.buf;
    const anyGone = this.dead > 0;
    const laidOut = this.laidOut;
    let markedInBig = 0;
    for (const { buf, from, length, bit } of lists)
      for (let p = from; p < length; p++) {
        const doc = buf[p]!;
        const m = masks[doc]!;
        if (m & bit || (anyGone && counts[doc]! < 0)) continue;
        let now = m | bit;
        if (m === 0 && big && doc < laidOut && (big.bits[doc >>> 5]! >>> (doc & 31)) & 1) {
          now |= big.bit;
          markedInBig += 1;
        }
        masks[doc] = now;
        const h = POP[m]!;
        const after = POP[now]!;
        byHeld![h]! -= 1;
        byHeld![after]! += 1;
        if (after === words && full!.length <= size) full!.push(doc);
      }
    // The big list's products no other list marked hold its word alone.
    if (big) byHeld![1]! += big.alive - markedInBig;
  }

  /**
   * The longest list of the search's items with a bit set (BIG_LIST), when it is the only one and holds more products
   * than all the others together: marking asks it instead of walking it.
   */
  private bigList(groups: Array<Map<number, number>>): BigList | null {
    let found: BigList | null = null;
    let others = 0;
    groups.forEach((items, g) => {
      for (const lex of items.keys()) {
        const bits = this.bigLists.get(lex);
        const laidOut = lex < this.laidOutLex ? this.bucketAt[(lex + 1) * BUCKETS]! - this.bucketAt[lex * BUCKETS]! : 0;
        if (bits && !found) found = { lex, bit: 1 << g, bits, laidOut, alive: laidOut - this.lexGoneLaidOut[lex]! };
        else others += this.lexDocs[lex]!.length;
      }
    });
    const chosen = found as BigList | null;
    return chosen && chosen.laidOut > others ? chosen : null;
  }

  /**
   * Every product holding an item of any word, from the items' postings and the matched shelves,
   * word after word: a product's best hit for the word being walked (`best`) joins its sum when its
   * next word begins. Answers how many candidates `touched` lists, with their word masks in `hits`,
   * the sum of their best hits but the last word's in `sums` and that one in `best` (rankedWords
   * adds it, and the shelf name's bonus, as entriesScore does).
   */
  private scoreByPostings(groups: Array<Map<number, number>>, shelfMatches: ShelfMatch[]): number {
    const round = this.nextRound();
    const stamp = this.stamp;
    const hits = this.hits;
    const sums = this.sums;
    const best = this.best;
    const docs = this.touched;
    let candidates = 0;
    for (let g = 0; g < groups.length; g++) {
      const bit = 1 << g;
      // The word's items' postings (each worth its weight times its code's worth), then the shelves naming it (each product worth the shelf's hit).
      const lists: Array<{ buf: Uint32Array | Int32Array; codes: Uint8Array | null; length: number; weight: number }> = [];
      for (const [lex, weight] of groups[g]!) {
        const postings = this.lexDocs[lex]!;
        lists.push({ buf: postings.buf, codes: this.lexCodes[lex]!.buf, length: postings.length, weight });
      }
      for (const m of shelfMatches) if (m.hits[g]! > 0) lists.push({ buf: m.docs.buf, codes: null, length: m.docs.length, weight: m.hits[g]! });
      for (const { buf, codes, length, weight } of lists)
        for (let p = 0; p < length; p++) {
          const doc = buf[p]!;
          const score = codes ? weight * this.worth[codes[p]!]! : weight;
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
  private wordsHeld(groups: Array<Map<number, number>>, shelfMatches: ShelfMatch[], least: number): number {
    const sizes = groups.map((items, g) => {
      let size = 0;
      for (const lex of items.keys()) size += this.lexDocs[lex]!.length;
      return { g, size };
    });
    sizes.sort((a, b) => a.size - b.size);
    const sources = sizes.slice(0, groups.length - least + 1);
    const round = this.nextRound();
    const stamp = this.stamp;
    const hits = this.hits;
    const docs = this.touched;
    const lexMask = this.lexMask;
    let candidates = 0;
    let sourceBits = 0;
    for (const { g } of sources) {
      sourceBits |= 1 << g;
      for (const lex of groups[g]!.keys()) {
        const postings = this.lexDocs[lex]!;
        for (let p = 0; p < postings.length; p++) {
          const doc = postings.buf[p]!;
          if (stamp[doc] === round) continue;
          stamp[doc] = round;
          hits[doc] = 0;
          docs[candidates++] = doc;
        }
      }
    }
    for (const m of shelfMatches) {
      if ((m.bits & sourceBits) === 0) continue;
      for (let p = 0; p < m.docs.length; p++) {
        const doc = m.docs.buf[p]!;
        if (stamp[doc] === round) continue;
        stamp[doc] = round;
        hits[doc] = 0;
        docs[candidates++] = doc;
      }
    }
    let allPostings = 0;
    for (let g = 0; g < groups.length; g++) for (const lex of groups[g]!.keys()) allPostings += this.lexDocs[lex]!.length;
    const sourceSize = sources.reduce((n, s) => n + s.size, 0);
    const entriesPerProduct = this.entryLex.length / Math.max(1, this.ids.size);
    if (allPostings < sourceSize * entriesPerProduct) {
      for (let g = 0; g < groups.length; g++) {
        const bit = 1 << g;
        for (const lex of groups[g]!.keys()) {
          const postings = this.lexDocs[lex]!;
          const buf = postings.buf;
          for (let p = 0; p < postings.length; p++) {
            const doc = buf[p]!;
            if (stamp[doc] === round) hits[doc]! |= bit;
          }
        }
      }
    } else {
      const counts = this.entryCount.buf;
      const starts = this.entryStart.buf;
      const entryLex = this.entryLex.buf;
      for (let c = 0; c < candidates; c++) {
        const doc = docs[c]!;
        const start = starts[doc]!;
        const end = start + Math.max(0, counts[doc]!);
        let hit = 0;
        for (let e = start; e < end; e++) hit |= lexMask[entryLex[e]!]!;
        hits[doc] = hit;
      }
    }
    const shelfBits = new Map<number, number>(shelfMatches.map((m) => [m.shelf, m.bits]));
    const shelfOf = this.shelves.of.buf;
    for (let c = 0; c < candidates; c++) {
      const doc = docs[c]!;
      hits[doc]! |= shelfBits.get(shelfOf[doc]!) ?? 0;
    }
    return candidates;
  }

  /** A product's score but the words it holds, from its own entries: each word's best hit (or its shelf's), summed, and its shelf's bonus. */
  private entriesScore(doc: number, groups: Array<Map<number, number>>, byShelf: Map<number, ShelfMatch>, bestHit: Float64Array): number {
    const shelf = byShelf.get(this.shelves.of.buf[doc]!);
    const lexMask = this.lexMask;
    const entryLex = this.entryLex.buf;
    const codes = this.entryCode.buf;
    bestHit.fill(0);
    const start = this.entryStart.buf[doc]!;
    const end = start + Math.max(0, this.entryCount.buf[doc]!);
    for (let e = start; e < end; e++) {
      const lex = entryLex[e]!;
      const bits = lexMask[lex]!;
      if (bits === 0) continue;
      for (let g = 0; g < groups.length; g++) {
        if ((bits & (1 << g)) === 0) continue;
        const score = groups[g]!.get(lex)! * this.worth[codes[e]!]!;
        if (score > bestHit[g]!) bestHit[g] = score;
      }
    }
    let sum = 0;
    for (let g = 0; g < groups.length; g++) sum += Math.max(bestHit[g]!, shelf?.hits[g] ?? 0);
    return sum + (shelf?.bonus ?? 0);
  }

  /**
   * The fallback: published products whose name is trigram-similar to the whole text, best first.
   * similarity = shared / (|name| + |text| − shared). Each band of name lengths (NAME_BANDS) is counted on its own, from
   * its own lists: no name of a band is shorter than the shortest one ever put in it, so a name must share at least
   * `need` trigrams with the text, the more the longer the band's names. Any such name holds at least one of the text's
   * (present − need + 1) rarest trigrams in its band: only those lists are walked to find candidates. The
   * common trigrams' lists (a few of them hold most names) are then only probed for the candidates
   * that can still reach the threshold, by binary search (postings are in ascending product order).
   * Every candidate's count ends exact, so the answer (ids, order, total) is what a full count gives.
   */
  private nearNames(q: IndexQuery): IndexAnswer {
    const size = q.textTrigrams.length;
    if (size === 0) return { ids: [], total: 0 };
    const ids: number[] = [];
    for (const t of q.textTrigrams) {
      const id = this.trigramIds.get(t);
      if (id !== undefined) ids.push(id);
    }
    const top = new TopList(q.limit, this.idOrder());
    let total = 0;
    for (let band = 0; band < BANDS; band++) {
      if (this.bandShortest[band] === Infinity) continue;
      const present: PresentTrigram[] = [];
      for (const id of ids) {
        const list = this.trigramLists[id * BANDS + band]!;
        if (list.count > 0) present.push({ list, bits: this.commonTrigrams.get(id) });
      }
      total += this.nearNamesOfBand(present, band, size, top);
    }
    return { ids: top.page(0), total };
  }

  /** `nearNames` in one band of name lengths, from the band's lists of the text's trigrams: offers its names to `top`, answers how many reach the threshold. */
  private nearNamesOfBand(present: PresentTrigram[], band: number, size: number, top: TopList): number {
    const exhaustive = this.options.exhaustive === true;
    const bandShortest = exhaustive ? this.shortestName : this.bandShortest[band]!;
    const bandLongest = exhaustive ? Infinity : this.bandLongest[band]!;
    // A name shares at most min(|name|, |text|) trigrams, and the shortest name gives the most similarity per shared one.
    let need = 1;
    while (need <= present.length && trigramSimilarity(need, Math.max(need, bandShortest), size) < SIMILARITY_THRESHOLD) need++;
    if (need > present.length) return 0;
    present.sort((a, b) => a.list.count - b.list.count);
    let generators = present.length - need + 1;

    const touched = this.touched;
    const shared = this.shared;
    const candidate = this.candidate;
    const sizes = this.nameSize.buf;
    let candidates = 0;
    for (let g = 0; g < generators; g++) {
      // A name first met in this list shares at most the lists left: only names of a length between `shortest` and
      // `longest` can then reach the threshold (lengths that only shrink as lists go by, so a name left out is never
      // met again as new).
      const most = present.length - g;
      const reaches = (length: number) => trigramSimilarity(Math.min(most, length), length, size) >= SIMILARITY_THRESHOLD;
      let shortest = 1;
      while (shortest <= most && !reaches(shortest)) shortest++;
      let longest = shortest - 1;
      while (reaches(longest + 1)) longest++;
      // No name of the band first met from here on can reach it: the lists left only count the candidates found.
      if (longest < bandShortest || shortest > bandLongest) {
        generators = g;
        break;
      }
      const bytes = present[g]!.list.bytes.buf;
      const end = present[g]!.list.bytes.length;
      for (let doc = 0, pos = 0; pos < end;) {
        const gap = gapAt(bytes, pos);
        pos += gapBytes(gap);
        doc += gap;
        const bit = 1 << (doc & 31);
        if ((candidate[doc >>> 5]! & bit) === 0) {
          if (!exhaustive && (sizes[doc]! < shortest || sizes[doc]! > longest)) continue;
          candidate[doc >>> 5]! |= bit;
          shared[doc] = 0;
          touched[candidates++] = doc;
        }
        shared[doc] = shared[doc]! + 1;
      }
    }
    let sorted = generators === 1;
    for (let l = generators; l < present.length; l++) {
      // Keep the candidates that could still reach the threshold if they held every list left.
      const left = present.length - l;
      let kept = 0;
      for (let c = 0; c < candidates; c++) {
        const doc = touched[c]!;
        const best = Math.min(shared[doc]! + left, sizes[doc]!);
        if (trigramSimilarity(best, sizes[doc]!, size) >= SIMILARITY_THRESHOLD) touched[kept++] = doc;
        else candidate[doc >>> 5]! &= ~(1 << (doc & 31));
      }
      candidates = kept;
      if (candidates === 0) break;
      const { list, bits } = present[l]!;
      const n = list.count;
      // A common trigram's bit set answers for each candidate; else few candidates are looked up in the list (in
      // ascending order, sorted once: each generator's products came in order), and many are found by decoding it whole.
      if (bits && candidates <= 2 * n) {
        const words = bits.length;
        for (let c = 0; c < candidates; c++) {
          const doc = touched[c]!;
          if (doc >>> 5 < words && bits[doc >>> 5]! & (1 << (doc & 31))) shared[doc] = shared[doc]! + 1;
        }
      } else if (candidates * (SKIP / 2) < n) {
        if (!sorted) {
          touched.subarray(0, candidates).sort();
          sorted = true;
        }
        list.countHeld(touched, candidates, shared);
      } else {
        const bytes = list.bytes.buf;
        const end = list.bytes.length;
        for (let doc = 0, pos = 0; pos < end;) {
          const gap = gapAt(bytes, pos);
          pos += gapBytes(gap);
          doc += gap;
          if (candidate[doc >>> 5]! & (1 << (doc & 31))) shared[doc] = shared[doc]! + 1;
        }
      }
    }
    let total = 0;
    const alive = this.entryCount.buf;
    for (let c = candidates - 1; c >= 0; c--) {
      const doc = touched[c]!;
      candidate[doc >>> 5]! &= ~(1 << (doc & 31));
      if (alive[doc]! < 0) continue;
      const s = trigramSimilarity(shared[doc]!, sizes[doc]!, size);
      if (s < SIMILARITY_THRESHOLD) continue;
      total += 1;
      top.offer(doc, s);
    }
    return total;
  }

  /** The lexicon ids of every lexeme that starts with `stem` (the stem itself included). */
  private prefixed(stem: string): number[] {
    const { lexemes, ids } = this.sortedLex!;
    let lo = 0;
    let hi = lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareText(lexemes[mid]!, stem) < 0) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < lexemes.length && lexemes[i]!.startsWith(stem); i++) found.push(ids[i]!);
    return found;
  }

  private idOrder(): IdOrder {
    const ids = this.ids;
    return { id: (doc) => ids.id(doc), keys: this.idKeys.buf };
  }

  private nextRound(): number {
    this.round += 1;
    if (this.round > 2 ** 30) {
      this.round = 1;
      this.stamp.fill(0);
    }
    return this.round;
  }
}

/** A list marking asks instead of walking (SearchIndex.bigList): its laid-out products as bits, and how many are live. */
interface BigList {
  lex: number;
  /** The word it is an item of, as a mask bit. */
  bit: number;
  bits: Uint32Array;
  /** How many products of the list were laid out (its tail follows them), and how many of those are live. */
  laidOut: number;
  alive: number;
}

/** One of a text's trigrams in one band of name lengths: its list there, and its bit set when common. */
interface PresentTrigram {
  list: TrigramList;
  bits: Uint32Array | undefined;
}
