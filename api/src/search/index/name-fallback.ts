import { GrowableIds, GrowableUint16 } from './growable.js';
import { TopList, type IdOrder } from './id-order.js';
import type { IndexPage, IndexQuery } from './index-query.js';
import { BIG_LIST } from './postings.js';
import type { Scratch } from './scratch.js';
import { SKIP, TrigramList, gapAt, gapBytes } from './trigram-list.js';
import { SIMILARITY_THRESHOLD, trigramSimilarity } from './trigrams.js';

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

/** One of a text's trigrams in one band of name lengths: its list there, and its bit set when common. */
interface PresentTrigram {
  list: TrigramList;
  bits: Uint32Array | undefined;
}

/** What a search of the name fallback reads besides the names: which products are live, their id order, scratch space. */
export interface NameSearch {
  /** Per product: its entry count, −1 once gone (postings.ts). */
  alive: Int32Array;
  order: IdOrder;
  scratch: Scratch;
}

/**
 * The "nothing matched" fallback: a trigram index over the products' names (pg_trgm's show_trgm, from PostgreSQL),
 * answering the products whose name is similar to the whole text typed, best first.
 */
export class NameIndex {
  /** Per product: how many trigrams its name has. */
  readonly nameSize = new GrowableUint16(1024);
  private readonly trigramIds = new Map<string, number>();
  /** Per trigram id × BANDS + band: the products of that band whose names hold the trigram. */
  private readonly trigramLists: TrigramList[] = [];
  /**
   * The trigrams held by BIG_LIST of the names or more when laid out: the products whose names hold each, a bit each
   * (grown as products join), so the name fallback asks them for its candidates instead of decoding their lists.
   */
  private readonly commonTrigrams = new Map<number, Uint32Array>();
  /**
   * While a fresh index is built, no list is kept: each product's name trigrams are, and `layOut` makes every list at
   * once from them, each a view of one buffer. Null once laid out; later products join the lists directly.
   */
  private pending: GrowableIds | null = new GrowableIds(1024);
  /** The fewest trigrams of any name ever put (a lower bound for the live ones). */
  private shortestName = Infinity;
  /** Per band: the fewest and the most trigrams of any name ever put in it. */
  private readonly bandShortest = new Array<number>(BANDS).fill(Infinity);
  private readonly bandLongest = new Array<number>(BANDS).fill(0);

  /** `exhaustive`: every name met is counted (the reference the early stops are tested against). */
  constructor(private readonly exhaustive: boolean) {}

  /** Holds the name of the next product, `doc`. */
  add(doc: number, nameTrigrams: string[]): void {
    const length = nameTrigrams.length;
    this.nameSize.push(length);
    this.shortestName = Math.min(this.shortestName, length);
    const band = bandOf(length);
    this.bandShortest[band] = Math.min(this.bandShortest[band]!, length);
    this.bandLongest[band] = Math.max(this.bandLongest[band]!, length);
    for (const t of nameTrigrams) {
      let id = this.trigramIds.get(t);
      if (id === undefined) {
        id = this.trigramIds.size;
        this.trigramIds.set(t, id);
        for (let b = 0; b < BANDS; b++) this.trigramLists.push(new TrigramList());
      }
      if (this.pending) this.pending.push(id);
      else this.join(id, band, doc);
    }
  }

  /** A product put after the layout joins its trigram's list, and its bit set when common. */
  private join(id: number, band: number, doc: number): void {
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

  /**
   * Makes every list from the names of the `docs` products put so far (each product's trigrams are its nameSize next
   * ones of `pending`, in the list of its name's band), sized first so that each is an exact view of one buffer. Gone
   * products (`alive` below 0) are left out.
   */
  layOut(docs: number, alive: Int32Array): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    const trigrams = pending.buf;
    const sizes = this.nameSize.buf;
    const lists = this.trigramLists;
    const kinds = lists.length;
    const postings = new Uint32Array(kinds);
    const bytes = new Float64Array(kinds);
    const last = new Uint32Array(kinds);
    for (let doc = 0, t = 0; doc < docs; doc++) {
      const end = t + sizes[doc]!;
      if (alive[doc]! < 0) t = end;
      else
        for (const band = bandOf(sizes[doc]!); t < end; t++) {
          const id = trigrams[t]! * BANDS + band;
          postings[id]! += 1;
          bytes[id]! += gapBytes(doc - last[id]!);
          last[id] = doc;
        }
    }
    this.reserve(postings, bytes);
    const common: Array<Uint32Array | undefined> = [];
    if (docs >= 1024)
      for (let id = 0; id < kinds / BANDS; id++) {
        let held = 0;
        for (let b = 0; b < BANDS; b++) held += postings[id * BANDS + b]!;
        if (held >= docs * BIG_LIST) this.commonTrigrams.set(id, (common[id] = new Uint32Array(Math.ceil(docs / 32))));
      }
    for (let doc = 0, t = 0; doc < docs; doc++) {
      const end = t + sizes[doc]!;
      if (alive[doc]! < 0) t = end;
      else
        for (const band = bandOf(sizes[doc]!); t < end; t++) {
          const id = trigrams[t]!;
          lists[id * BANDS + band]!.push(doc);
          const bits = common[id];
          if (bits) bits[doc >>> 5]! |= 1 << (doc & 31);
        }
    }
  }

  /** Gives every list its view of one buffer of bytes and skips, `postings` and `bytes` long. */
  private reserve(postings: Uint32Array, bytes: Float64Array): void {
    const lists = this.trigramLists;
    const kinds = lists.length;
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
  }

  /** While a fresh index is built: room for `products` names and `trigrams` trigrams of them in all (growable.ts `ensure`). */
  ensure(products: number, trigrams: number): void {
    this.nameSize.ensure(products);
    this.pending?.ensure(trigrams);
  }

  /** How many trigrams the names put so far have, while a fresh index is built (null once laid out). */
  get pendingTrigrams(): number | null {
    return this.pending?.length ?? null;
  }

  /** Trims the lists and the name sizes to what they hold (growable.ts). */
  trim(): void {
    this.nameSize.trim();
    for (const list of this.trigramLists) list.trim();
  }

  /**
   * Published products whose name is trigram-similar to the whole text, best first.
   * similarity = shared / (|name| + |text| − shared). Each band of name lengths (NAME_BANDS) is counted on its own, from
   * its own lists: no name of a band is shorter than the shortest one ever put in it, so a name must share at least
   * `need` trigrams with the text, the more the longer the band's names. Any such name holds at least one of the text's
   * (present − need + 1) rarest trigrams in its band: only those lists are walked to find candidates. The
   * common trigrams' lists (a few of them hold most names) are then only probed for the candidates
   * that can still reach the threshold, by binary search (postings are in ascending product order).
   * Every candidate's count ends exact, so the answer (ids, order, total) is what a full count gives.
   */
  nearNames(q: IndexQuery, s: NameSearch): IndexPage {
    const size = q.textTrigrams.length;
    if (size === 0) return { ids: [], total: 0 };
    const ids: number[] = [];
    for (const t of q.textTrigrams) {
      const id = this.trigramIds.get(t);
      if (id !== undefined) ids.push(id);
    }
    const top = new TopList(q.limit, s.order);
    let total = 0;
    for (let band = 0; band < BANDS; band++) {
      if (this.bandShortest[band] === Infinity) continue;
      const present: PresentTrigram[] = [];
      for (const id of ids) {
        const list = this.trigramLists[id * BANDS + band]!;
        if (list.count > 0) present.push({ list, bits: this.commonTrigrams.get(id) });
      }
      total += this.nearNamesOfBand(present, band, size, top, s);
    }
    return { ids: top.page(0), total };
  }

  /** `nearNames` in one band of name lengths, from the band's lists of the text's trigrams: offers its names to `top`, answers how many reach the threshold. */
  private nearNamesOfBand(present: PresentTrigram[], band: number, size: number, top: TopList, s: NameSearch): number {
    const bandShortest = this.exhaustive ? this.shortestName : this.bandShortest[band]!;
    const bandLongest = this.exhaustive ? Infinity : this.bandLongest[band]!;
    // A name shares at most min(|name|, |text|) trigrams, and the shortest name gives the most similarity per shared one.
    let need = 1;
    while (need <= present.length && trigramSimilarity(need, Math.max(need, bandShortest), size) < SIMILARITY_THRESHOLD) need++;
    if (need > present.length) return 0;
    present.sort((a, b) => a.list.count - b.list.count);
    const found = this.candidates(present, present.length - need + 1, size, bandShortest, bandLongest, s.scratch);
    const candidates = this.probe(present, found, size, s.scratch);
    return this.offerReached(candidates, size, top, s);
  }

  /**
   * The names met in the first `generators` lists (the rarest) that can reach the threshold, each with how many of those
   * lists hold it (`shared`), listed in `touched` and marked in `candidate`: how many, and how many lists were walked.
   */
  private candidates(present: PresentTrigram[], generators: number, size: number, bandShortest: number, bandLongest: number, scratch: Scratch) {
    const exhaustive = this.exhaustive;
    const { touched, shared, candidate } = scratch;
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
      if (longest < bandShortest || shortest > bandLongest) return { candidates, walked: g };
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
    return { candidates, walked: generators };
  }

  /** Counts the lists after the walked ones for the candidates that could still reach the threshold: answers how many are left. */
  private probe(present: PresentTrigram[], found: { candidates: number; walked: number }, size: number, scratch: Scratch): number {
    const { touched, shared, candidate } = scratch;
    const sizes = this.nameSize.buf;
    let { candidates } = found;
    let sorted = found.walked === 1;
    for (let l = found.walked; l < present.length; l++) {
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
      } else countAll(list, candidate, shared);
    }
    return candidates;
  }

  /** Offers `top` the live candidates that reach the threshold, clearing their marks: answers how many. */
  private offerReached(candidates: number, size: number, top: TopList, s: NameSearch): number {
    const { touched, shared, candidate } = s.scratch;
    const sizes = this.nameSize.buf;
    let total = 0;
    for (let c = candidates - 1; c >= 0; c--) {
      const doc = touched[c]!;
      candidate[doc >>> 5]! &= ~(1 << (doc & 31));
      if (s.alive[doc]! < 0) continue;
      const similarity = trigramSimilarity(shared[doc]!, sizes[doc]!, size);
      if (similarity < SIMILARITY_THRESHOLD) continue;
      total += 1;
      top.offer(doc, similarity);
    }
    return total;
  }
}

/** Decodes a list whole, counting it for each of its products marked in `candidate`. */
function countAll(list: TrigramList, candidate: Uint32Array, shared: Uint16Array): void {
  const bytes = list.bytes.buf;
  const end = list.bytes.length;
  for (let doc = 0, pos = 0; pos < end;) {
    const gap = gapAt(bytes, pos);
    pos += gapBytes(gap);
    doc += gap;
    if (candidate[doc >>> 5]! & (1 << (doc & 31))) shared[doc] = shared[doc]! + 1;
  }
}
