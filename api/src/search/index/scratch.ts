/** How many words of a search get a bit set over the products (`wordSets`): the early ranking handles up to this many. */
export const SET_WORDS = 7;

/**
 * Scratch space for one search at a time (searches are synchronous), shared by the rankings and the name fallback: per
 * lexeme and per product, sized by `fit` past what is held.
 */
export class Scratch {
  lexMask = new Int32Array(0);
  stamp = new Int32Array(0);
  sums = new Float64Array(0);
  best = new Float64Array(0);
  touched = new Int32Array(0);
  hits = new Int32Array(0);
  shared = new Uint16Array(0);
  /**
   * Per product, a bit: a candidate of the name fallback's band being searched; all zero between searches. A bit a
   * product (≈ 150 KiB at a million) stays in the processor's cache where a stamp of four bytes does not, and the
   * fallback asks it once for every product of every list it walks.
   */
  candidate = new Uint32Array(0);
  /** Per word of a search (up to SET_WORDS), its products as bits (word-sets.ts); all zero between searches. */
  wordSets: Int32Array[] = [];
  /** Per product, a bit: visited by the early ranking's walk; all zero between searches. */
  visited = new Int32Array(0);
  private round = 0;

  /** Set by `drop`: the next `fit` leaves little room (a full build's products are all there are until a catch-up adds some). */
  private snug = false;

  /** Makes the arrays again when the lexicon or the products outgrew them. */
  fit(lexemes: number, products: number): void {
    if (this.lexMask.length < lexemes) this.lexMask = new Int32Array(lexemes * 2);
    if (this.stamp.length < products) {
      // A quarter more than held, so that products added later rarely make them again; a 64th after a full build (31
      // bytes a product: a quarter more was 7 MiB at a million), whose first catch-up past that makes them a quarter over.
      const size = Math.ceil(products * (this.snug ? 1 + 1 / 64 : 1.25)) + 1024;
      this.snug = false;
      this.stamp = new Int32Array(size);
      this.sums = new Float64Array(size);
      this.best = new Float64Array(size);
      this.touched = new Int32Array(size);
      this.hits = new Int32Array(size);
      this.shared = new Uint16Array(size);
      this.candidate = new Uint32Array((size + 31) >>> 5);
      const blocks = (size + 31) >>> 5;
      this.wordSets = Array.from({ length: SET_WORDS }, () => new Int32Array(blocks));
      this.visited = new Int32Array(blocks);
      this.round = 0;
    }
  }

  /** Drops the per-product arrays (after a full build), so that `fit` makes them to the size held, a 64th over. */
  drop(): void {
    this.stamp = new Int32Array(0);
    this.snug = true;
  }

  /** A new stamp: a product whose `stamp` is not it was not met yet in this search. */
  nextRound(): number {
    this.round += 1;
    if (this.round > 2 ** 30) {
      this.round = 1;
      this.stamp.fill(0);
    }
    return this.round;
  }
}
