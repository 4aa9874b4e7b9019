type TypedArray = Int32Array | Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array;

/**
 * An append-only typed array that doubles its buffer when full (postings, entries, positions), trimmed to its length once built.
 * It may start as a view of a larger buffer (the postings laid out at once after a build, postings.ts): its first push
 * past that copies it out.
 */
class Growable<T extends TypedArray> {
  buf: T;
  length = 0;

  constructor(
    private readonly make: new (length: number) => T,
    capacity: number,
  ) {
    this.buf = new make(capacity);
  }

  push(value: number): void {
    if (this.length === this.buf.length) {
      const next = new this.make(Math.max(4, this.buf.length * 2));
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = value;
  }

  /** Holds exactly `view` (full: the next push copies it out). */
  adopt(view: T): this {
    this.buf = view;
    this.length = view.length;
    return this;
  }

  /** Fills `view` from empty (sized beforehand: pushes up to its length copy nothing). */
  reserve(view: T): this {
    this.buf = view;
    this.length = 0;
    return this;
  }

  /** Room for `capacity` values in all, made at once (a build that knows how many are coming copies nothing as it fills). */
  ensure(capacity: number): void {
    if (this.buf.length >= capacity) return;
    const next = new this.make(capacity);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /** Gives back the room doubling left unused (up to half the buffer); a later push grows it again. */
  trim(): void {
    if (worthTrimming(this.buf.length, this.length)) this.buf = this.buf.slice(0, this.length) as T;
  }
}

/**
 * Whether a buffer's unused room is worth a copy to give it back: more than a 32nd of what it holds (a buffer sized
 * ahead, ensure, is left as it is; one doubling left up to half of it unused).
 */
const worthTrimming = (capacity: number, length: number) => capacity - length > length / 32;

export class GrowableInt32 extends Growable<Int32Array> {
  constructor(capacity = 4) {
    super(Int32Array, capacity);
  }
}

export class GrowableUint8 extends Growable<Uint8Array> {
  constructor(capacity = 4) {
    super(Uint8Array, capacity);
  }
}

export class GrowableUint16 extends Growable<Uint16Array> {
  constructor(capacity = 4) {
    super(Uint16Array, capacity);
  }
}

export class GrowableUint32 extends Growable<Uint32Array> {
  constructor(capacity = 4) {
    super(Uint32Array, capacity);
  }
}

export class GrowableFloat64 extends Growable<Float64Array> {
  constructor(capacity = 4) {
    super(Float64Array, capacity);
  }
}

/** Small numbers that may grow past 16 bits (lexicon and trigram ids): two bytes each until one does not fit, then four. */
export class GrowableIds {
  buf: Uint16Array | Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.buf = new Uint16Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.buf.length || (value > 0xffff && this.buf instanceof Uint16Array)) {
      const wide = value > 0xffff || this.buf instanceof Uint32Array;
      const size = this.length === this.buf.length ? Math.max(4, this.buf.length * 2) : this.buf.length;
      const next = wide ? new Uint32Array(size) : new Uint16Array(size);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = value;
  }

  /** Room for `capacity` ids in all, as `Growable.ensure`. */
  ensure(capacity: number): void {
    if (this.buf.length >= capacity) return;
    const next = this.buf instanceof Uint32Array ? new Uint32Array(capacity) : new Uint16Array(capacity);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  trim(): void {
    if (worthTrimming(this.buf.length, this.length)) this.buf = this.buf.slice(0, this.length);
  }
}
