import { GrowableFloat64 } from './growable.js';
import { ID_KEYS, KEY_CHARS, idOrderKeys } from './id-order.js';

/**
 * The product ids of the index, by product number, and an open-addressing hash table (product number + 1 per slot,
 * 0 empty) from id to number. An id is held as the ID_KEYS numbers that order it (id-order.ts `idOrderKeys`): for an id of
 * at most 28 ASCII characters, none of them NUL (a ULID, as every product id the shop makes), those numbers are the id
 * itself, 7 bits a character, so the table keeps no other copy of it: 32 bytes a product, 31 MiB at a million. A
 * string of ids in an array and a Map cost ≈ 100 MiB of the thread's heap, and the ids' bytes beside the keys 29 MiB more
 * (docs/benchmarks.md#search). Any other id is kept as a string beside its keys. An id put again points its slot at
 * its new number; the owner says which numbers are gone.
 */
export class IdTable {
  /** ID_KEYS numbers per product: its id's order, and for most ids the id itself. */
  readonly keys = new GrowableFloat64(1024);
  /** The ids the keys do not spell, by product number. */
  private readonly spelled = new Map<number, string>();
  private slots = new Int32Array(1024);
  private count = 0;
  /** The keys of the id being found or added. */
  private readonly asked = new Float64Array(ID_KEYS);
  /** The characters of the id being spelled. */
  private readonly codes = new Uint16Array(ID_KEYS * KEY_CHARS);

  get size(): number {
    return this.count;
  }

  /** The number of `id` if it was ever put (gone or not), else −1. */
  find(id: string): number {
    const spelled = this.read(id) ? undefined : id;
    const mask = this.slots.length - 1;
    for (let slot = this.hashAsked(spelled) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) return -1;
      if (this.holds(held - 1, spelled)) return held - 1;
    }
  }

  /** Adds `id` as the next number (it replaces the id's earlier number in the table). */
  add(id: string): number {
    const doc = this.count++;
    const plain = this.read(id);
    for (let k = 0; k < ID_KEYS; k++) this.keys.push(this.asked[k]!);
    if (!plain) this.spelled.set(doc, id);
    if (this.count * 2 > this.slots.length) this.grow();
    else this.place(doc);
    return doc;
  }

  /** The id of a number. */
  id(doc: number): string {
    const spelled = this.spelled.get(doc);
    if (spelled !== undefined) return spelled;
    const keys = this.keys.buf;
    const codes = this.codes;
    let n = 0;
    for (let k = 0; k < ID_KEYS; k++) {
      const key = keys[doc * ID_KEYS + k]!;
      for (let i = KEY_CHARS - 1; i >= 0; i--) {
        const code = Math.floor(key / CHAR_PLACE[i]!) % 128;
        if (code > 0) codes[n++] = code;
      }
    }
    return String.fromCharCode.apply(null, codes.subarray(0, n) as unknown as number[]);
  }

  /** Room for `products` ids in all (growable.ts `ensure`). */
  ensure(products: number): void {
    this.keys.ensure(products * ID_KEYS);
  }

  trim(): void {
    this.keys.trim();
  }

  /** The keys of `id` into `asked`; true when they spell it (at most 28 ASCII characters, no NUL). */
  private read(id: string): boolean {
    const keys = idOrderKeys(id);
    for (let k = 0; k < ID_KEYS; k++) this.asked[k] = keys[k]!;
    if (id.length > ID_KEYS * KEY_CHARS || keys[0]! < 0) return false;
    for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) === 0) return false;
    return true;
  }

  /** Whether product `doc` is the id asked: the one whose keys are in `asked`, or `spelled` when the keys do not spell it. */
  private holds(doc: number, spelled: string | undefined): boolean {
    const its = this.spelled.get(doc);
    if (its !== undefined || spelled !== undefined) return its === spelled;
    const keys = this.keys.buf;
    for (let k = 0; k < ID_KEYS; k++) if (keys[doc * ID_KEYS + k] !== this.asked[k]) return false;
    return true;
  }

  /** The slot hash of the id asked (as `holds` takes it). */
  private hashAsked(spelled: string | undefined): number {
    return spelled === undefined ? hashKeys(this.asked, 0) : hashText(spelled);
  }

  /** Points the slot of product `doc`'s id at it (the slot it already has, or an empty one), its id asked as `find` asks one. */
  private place(doc: number): void {
    const spelled = this.spelled.get(doc);
    this.asked.set(this.keys.buf.subarray(doc * ID_KEYS, (doc + 1) * ID_KEYS));
    const mask = this.slots.length - 1;
    for (let slot = this.hashAsked(spelled) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0 || held - 1 === doc || this.holds(held - 1, spelled)) {
        this.slots[slot] = doc + 1;
        return;
      }
    }
  }

  /** Twice the slots, every number placed again in order (a later number of the same id takes the slot). */
  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let doc = 0; doc < this.count; doc++) this.place(doc);
  }
}

/** What a character's place in a key is worth: 128 to the number of characters after it. */
const CHAR_PLACE = Array.from({ length: KEY_CHARS }, (_, i) => 128 ** i);

/** FNV-1a over the keys' 7-bit characters' numbers, taken 32 bits at a time. */
function hashKeys(keys: Float64Array, at: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < ID_KEYS; k++) {
    const key = keys[at + k]!;
    h = Math.imul(h ^ (key % 0x100000000), 0x01000193);
    h = Math.imul(h ^ Math.floor(key / 0x100000000), 0x01000193);
  }
  return h >>> 0;
}

/** FNV-1a of a string's UTF-16 code units. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
