import { GrowableUint32, GrowableUint8 } from './growable.js';

/** Every SKIP-th product of a list is kept with its place, so a product is found without decoding the whole list. */
export const SKIP = 64;

/** How many bytes a gap takes. */
export const gapBytes = (gap: number) => (gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5);

/**
 * The gap whose bytes start at `pos` (7 bits a byte, low bits first, the high bit saying another byte follows): the one
 * decoder of what `TrigramList.push` writes. It takes `gapBytes(gap)` bytes (the encoding is the shortest), so a reader
 * moves on by that: a plain function on numbers, which keeps a walk's place in its own variables.
 */
export function gapAt(bytes: Uint8Array, pos: number): number {
  let b = bytes[pos]!;
  let gap = b & 0x7f;
  for (let shift = 7; b & 0x80; shift += 7) {
    b = bytes[++pos]!;
    gap |= (b & 0x7f) << shift;
  }
  return gap;
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

  /** Room for `count` products taking `bytes` bytes, as views of larger buffers (name-fallback.ts lays every list out at once). */
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
    const bytes = this.bytes.buf;
    const end = this.bytes.length;
    let pos = 0;
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
        pos = starts[k]!;
      }
      while (at < doc && pos < end) {
        const gap = gapAt(bytes, pos);
        pos += gapBytes(gap);
        at += gap;
      }
      if (at === doc) shared[doc] = shared[doc]! + 1;
    }
  }

  trim(): void {
    this.bytes.trim();
    this.skipDocs.trim();
    this.skipAt.trim();
  }
}
