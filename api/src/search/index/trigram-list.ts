import { GrowableUint32, GrowableUint8 } from './growable.js';

/** Every SKIP-th product of a list is kept with its place, so a product is found without decoding the whole list. */
export const SKIP = 64;

/** How many bytes a gap takes. */
export const gapBytes = (gap: number) => (gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5);

/**
 * The products whose names hold one trigram, ascending, as the gaps between them in 7-bit bytes (the
 * high bit says another byte follows): most names share a common trigram with a near neighbour, so
 * most gaps take one byte, a quarter of a 32-bit list (docs/benchmarks.md#search). Every SKIP-th
 * product (`skipDocs`) and where the gaps after it begin (`skipAt`) let `has` look a product up by
 * binary search and at most SKIP − 1 decoded gaps.
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

  /** True when the list holds `doc`. */
  has(doc: number): boolean {
    const skips = this.skipDocs.buf;
    let lo = 0;
    let hi = this.skipDocs.length;
    // The last skip at or before doc.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (skips[mid]! <= doc) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return false;
    const block = lo - 1;
    let at = skips[block]!;
    if (at === doc) return true;
    const bytes = this.bytes.buf;
    let pos = this.skipAt.buf[block]!;
    const left = Math.min(SKIP - 1, this.count - block * SKIP - 1);
    for (let i = 0; i < left; i++) {
      let gap = 0;
      let shift = 0;
      let b: number;
      do {
        b = bytes[pos++]!;
        gap |= (b & 0x7f) << shift;
        shift += 7;
      } while (b & 0x80);
      at += gap;
      if (at >= doc) return at === doc;
    }
    return false;
  }

  trim(): void {
    this.bytes.trim();
    this.skipDocs.trim();
    this.skipAt.trim();
  }
}
