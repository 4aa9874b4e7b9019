import { GrowableUint32, GrowableUint8 } from './growable.js';

/** Every SKIP-th product of a list is kept with its place, so a product is found without decoding the whole list. */
export const SKIP = 64;

/** How many bytes a gap takes. */
export const gapBytes = (gap: number) => (gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5);

/**
 * Reads a list's gaps one after another: `next()` decodes the gap at `pos` (7 bits a byte, low bits first, the high bit
 * saying another byte follows), moves past it and answers it. The one decoder of the gap bytes `TrigramList.push` writes.
 */
export class GapReader {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly end: number,
    pos = 0,
  ) {
    this.pos = pos;
  }

  get more(): boolean {
    return this.pos < this.end;
  }

  next(): number {
    const bytes = this.bytes;
    let pos = this.pos;
    let b = bytes[pos++]!;
    let gap = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = bytes[pos++]!;
      gap |= (b & 0x7f) << shift;
    }
    this.pos = pos;
    return gap;
  }
}

/**
 * The products whose names hold one trigram, ascending, as the gaps between them in 7-bit bytes (the
 * high bit says another byte follows): most names share a common trigram with a near neighbour, so
 * most gaps take one byte, a quarter of a 32-bit list (docs/benchmarks.md#search). Every SKIP-th
 * product (`skipDocs`) and where the gaps after it begin (`skipAt`) let `countHeld` pass over the
 * blocks that hold none of the products it looks for.
 */
export class TrigramList {
  readonly bytes = new GrowableUint8(4);
  readonly skipDocs = new GrowableUint32(1);
  readonly skipAt = new GrowableUint32(1);
  count = 0;
  private last = 0;

  /** Room for `count` products taking `bytes` bytes, as views of larger buffers (search-index.ts lays every list out at once). */
  reserve(bytes: Uint8Array, skipDocs: Uint32Array, skipAt: Uint32Array): void {
    this.bytes.reserve(bytes);
    this.skipDocs.reserve(skipDocs);
    this.skipAt.reserve(skipAt);
  }

  /** Appends a product after every one it holds. */
  push(doc: number): void {
    let gap = doc - this.last;
    this.last = doc;
    const bytes = this.bytes;
    while (gap > 0x7f) {
      bytes.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    bytes.push(gap);
    if (this.count % SKIP === 0) {
      this.skipDocs.push(doc);
      this.skipAt.push(bytes.length);
    }
    this.count += 1;
  }

  /**
   * Adds one to `shared[doc]` for each of the first `n` of `docs` (ascending) that the list holds, in one pass: whole
   * blocks are skipped by their first product, and only the gaps of blocks holding a candidate are decoded.
   */
  countHeld(docs: Int32Array, n: number, shared: Uint16Array): void {
    const blocks = this.skipDocs.length;
    if (blocks === 0) return;
    const skips = this.skipDocs.buf;
    const starts = this.skipAt.buf;
    const gaps = this.reader();
    let block = -1;
    let at = 0;
    for (let c = 0; c < n; c++) {
      const doc = docs[c]!;
      if (doc < skips[0]!) continue;
      if (block + 1 < blocks && skips[block + 1]! <= doc) {
        let k = block + 1;
        while (k + 1 < blocks && skips[k + 1]! <= doc) k++;
        block = k;
        at = skips[k]!;
        gaps.pos = starts[k]!;
      }
      while (at < doc && gaps.more) at += gaps.next();
      if (at === doc) shared[doc] = shared[doc]! + 1;
    }
  }

  /** A reader of the list's gaps from its first product (the first gap is the product itself). */
  reader(): GapReader {
    return new GapReader(this.bytes.buf, this.bytes.length);
  }

  trim(): void {
    this.bytes.trim();
    this.skipDocs.trim();
    this.skipAt.trim();
  }
}
