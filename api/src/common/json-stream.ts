import { Readable } from 'node:stream';
import { eventLoopTurns } from './event-loop-turns.js';

/** Characters of JSON gathered into one chunk of the stream. */
const CHUNK_CHARS = 16 * 1024;

/**
 * JSON.stringify(value) in pieces: arrays and plain objects down to `depth` levels are opened and written a member at a
 * time, deeper values each by JSON.stringify. The pieces joined are JSON.stringify's text to the byte (members whose
 * value JSON leaves out are left out, an array's become null, a value with toJSON is written by JSON.stringify whole).
 */
export function* jsonPieces(value: unknown, depth = 3): Generator<string> {
  const open = depth > 0 && value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
  if (!open) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      yield* jsonPieces(value[i], depth - 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(member, depth - 1);
  }
  yield '}';
}

/** The pieces in chunks, a turn of the event loop let go between them (a stream's reader may pull them all at once). */
async function* gathered(pieces: Iterable<string>): AsyncGenerator<string> {
  const turn = eventLoopTurns();
  let chunk = '';
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
      await turn();
    }
  }
  if (chunk) yield chunk;
}

/**
 * A large answer written out as a stream of JSON a chunk at a time, so that serializing it never holds the event loop
 * for longer than a chunk (a month's GSTR-1 of 100,000 invoices is 2 MiB: docs/benchmarks.md#books). The text is
 * JSON.stringify's (jsonPieces). Sent as it is: the answer must hold no stored picture path for the reply serializer to
 * rewrite.
 */
export function jsonStream(value: unknown, depth?: number): Readable {
  return Readable.from(gathered(jsonPieces(value, depth)), { objectMode: false });
}
