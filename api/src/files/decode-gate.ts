/**
 * At most `max` jobs at once; the rest wait in order (docs/decisions/0038-uploaded-images.md).
 * A small semaphore rather than a dependency: p-limit is in the tree only as a dependency of jest's.
 * `active`, `waiting` and the peaks are read by /api/metrics and by tests.
 */
export class DecodeGate {
  active = 0;
  peakActive = 0;
  peakWaiting = 0;
  private readonly queue: Array<() => void> = [];

  constructor(readonly max: number) {}

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      await new Promise<void>((resolve) => {
        this.queue.push(resolve);
        this.peakWaiting = Math.max(this.peakWaiting, this.queue.length);
      });
    } else this.active++;
    // A slot handed over by release() was counted there, so active never dips between two jobs.
    this.peakActive = Math.max(this.peakActive, this.active);
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  /** Starts the next peaks from what runs now (tests measure one burst). */
  resetPeaks(): void {
    this.peakActive = this.active;
    this.peakWaiting = this.queue.length;
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}

/** Images decoded at once in this process: each 25-megapixel decode holds ~100 MB (docs/decisions/0038-uploaded-images.md). */
export const MAX_IMAGE_DECODES = 2;

/** The one gate every image decode of the process goes through. */
export const imageDecodes = new DecodeGate(MAX_IMAGE_DECODES);
