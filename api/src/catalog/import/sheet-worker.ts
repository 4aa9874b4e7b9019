import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { SheetProblem, xlsxRows } from './xlsx-rows.js';

/** Rows posted at a time: a message the API thread takes in within a few milliseconds. */
const CHUNK = 500;

/** What the thread posts: a chunk of rows (the API thread answers "next" for the following one), the end, or why not. */
export type SheetMessage = { rows: Awaited<ReturnType<typeof xlsxRows>> } | { done: true } | { problem: string } | { error: string };

/**
 * A thread of its own for one Excel workbook (sheet-thread.ts): unpacking and parsing a 10,000-row workbook is a second
 * or more of synchronous work that on the API's event loop held up every other request (docs/benchmarks.md#books).
 */
async function run(port: NonNullable<typeof parentPort>): Promise<void> {
  // At the lowest priority (on Linux a thread's own niceness): reading a workbook is background work, and on a
  // two-core machine this thread beside PostgreSQL and the API's own left a request waiting 100 ms for a core.
  setPriority(19);
  let rows: Awaited<ReturnType<typeof xlsxRows>>;
  try {
    rows = await xlsxRows(workerData as Uint8Array);
  } catch (e) {
    port.postMessage(e instanceof SheetProblem ? { problem: e.message } : { error: String(e) });
    return;
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    port.postMessage({ rows: rows.slice(i, i + CHUNK) } satisfies SheetMessage);
    if (i + CHUNK < rows.length) await new Promise((resolve) => port.once('message', resolve));
  }
  port.postMessage({ done: true } satisfies SheetMessage);
}

if (parentPort) void run(parentPort);
