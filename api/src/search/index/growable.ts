type TypedArray = Int32Array | Uint16Array | Float32Array | Float64Array;

/** An append-only typed array that doubles its buffer when full (postings, entries, positions), trimmed to its length once built. */
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

  /** Gives back the room doubling left unused (up to half the buffer); a later push grows it again. */
  trim(): void {
    if (this.buf.length > this.length) this.buf = this.buf.slice(0, this.length) as T;
  }
}

export class GrowableInt32 extends Growable<Int32Array> {
  constructor(capacity = 4) {
    super(Int32Array, capacity);
  }
}

export class GrowableFloat32 extends Growable<Float32Array> {
  constructor(capacity = 4) {
    super(Float32Array, capacity);
  }
}

export class GrowableFloat64 extends Growable<Float64Array> {
  constructor(capacity = 4) {
    super(Float64Array, capacity);
  }
}
