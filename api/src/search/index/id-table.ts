import { GrowableUint32, GrowableUint8 } from './growable.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The product ids of the index, by product number, as UTF-8 bytes in one buffer, with an open-addressing hash table
 * (product number + 1 per slot, 0 empty) from id to number: a million ids cost ≈ 38 MiB here, where strings in an array
 * and a Map cost ≈ 100 MiB of the thread's heap (docs/benchmarks.md#search). An id put again points its slot at its new
 * number; the owner says which numbers are gone.
 */
export class IdTable {
  private readonly bytes = new GrowableUint8(1024);
  private readonly starts = new GrowableUint32(1024);
  private slots = new Int32Array(1024);
  private scratch = new Uint8Array(256);

  get size(): number {
    return this.starts.length;
  }

  /** The number of `id` if it was ever put (gone or not), else −1. */
  find(id: string): number {
    const length = this.encode(id);
    const mask = this.slots.length - 1;
    for (let slot = hash(this.scratch, length) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) return -1;
      if (this.equals(held - 1, length)) return held - 1;
    }
  }

  /** Adds `id` as the next number (it replaces the id's earlier number in the table). */
  add(id: string): number {
    const doc = this.starts.length;
    const length = this.encode(id);
    this.starts.push(this.bytes.length);
    for (let i = 0; i < length; i++) this.bytes.push(this.scratch[i]!);
    if ((doc + 1) * 2 > this.slots.length) this.grow();
    else this.place(doc, this.scratch, 0, length);
    return doc;
  }

  /** The id of a number. */
  id(doc: number): string {
    const start = this.starts.buf[doc]!;
    const end = doc + 1 < this.starts.length ? this.starts.buf[doc + 1]! : this.bytes.length;
    return decoder.decode(this.bytes.buf.subarray(start, end));
  }

  trim(): void {
    this.bytes.trim();
    this.starts.trim();
  }

  /** The id's UTF-8 bytes into `scratch`; answers how many. */
  private encode(id: string): number {
    if (id.length * 3 > this.scratch.length) this.scratch = new Uint8Array(id.length * 3);
    return encoder.encodeInto(id, this.scratch).written;
  }

  private equals(doc: number, length: number): boolean {
    const start = this.starts.buf[doc]!;
    const end = doc + 1 < this.starts.length ? this.starts.buf[doc + 1]! : this.bytes.length;
    if (end - start !== length) return false;
    const bytes = this.bytes.buf;
    for (let i = 0; i < length; i++) if (bytes[start + i] !== this.scratch[i]) return false;
    return true;
  }

  /** Points the slot of these bytes' id at `doc` (the slot it already has, or an empty one). */
  private place(doc: number, source: Uint8Array, start: number, length: number): void {
    const mask = this.slots.length - 1;
    const bytes = this.bytes.buf;
    for (let slot = hash(source, length, start) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0 || held - 1 === doc) {
        this.slots[slot] = doc + 1;
        return;
      }
      const heldStart = this.starts.buf[held - 1]!;
      const heldEnd = held < this.starts.length ? this.starts.buf[held]! : this.bytes.length;
      if (heldEnd - heldStart !== length) continue;
      let same = true;
      for (let i = 0; i < length && same; i++) same = bytes[heldStart + i] === source[start + i];
      if (same) {
        this.slots[slot] = doc + 1;
        return;
      }
    }
  }

  /** Twice the slots, every number placed again in order (a later number of the same id takes the slot). */
  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const count = this.starts.length;
    for (let doc = 0; doc < count; doc++) {
      const start = this.starts.buf[doc]!;
      const end = doc + 1 < count ? this.starts.buf[doc + 1]! : this.bytes.length;
      this.place(doc, this.bytes.buf, start, end - start);
    }
  }
}

/** FNV-1a of `length` bytes from `start`. */
function hash(bytes: Uint8Array, length: number, start = 0): number {
  let h = 0x811c9dc5;
  for (let i = start; i < start + length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}
