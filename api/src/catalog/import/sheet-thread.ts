import { Worker } from 'node:worker_threads';
import type { Sheet } from './import-upload.js';
import type { SheetMessage } from './sheet-worker.js';

/**
 * An Excel workbook's rows read on a thread of its own (sheet-worker.ts), taken in a chunk at a time with a turn of
 * the event loop between chunks, so the API answers others meanwhile; the rows are those xlsx-rows.ts gives. Answers
 * `{ problem }` (a SheetProblem's message) when the file is not a workbook it can read.
 */
export function xlsxRowsOffThread(bytes: Buffer): Promise<Sheet['rows'] | { problem: string }> {
  // A copy of its own, moved to the thread rather than cloned (the upload's buffer may share a larger one).
  const data = new Uint8Array(bytes);
  const worker = startWorker(data);
  const rows: Sheet['rows'] = [];
  return new Promise<Sheet['rows'] | { problem: string }>((resolve, reject) => {
    worker.on('message', (m: SheetMessage) => {
      if ('rows' in m) {
        for (const row of m.rows) rows.push(row);
        setImmediate(() => worker.postMessage('next'));
      } else if ('done' in m) resolve(rows);
      else if ('problem' in m) resolve({ problem: m.problem });
      else reject(new Error(`reading the workbook failed: ${m.error}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the workbook's thread exited (code ${code})`)));
  }).finally(() => void worker.terminate());
}

/**
 * Built, the thread runs sheet-worker.js beside this file; from the TypeScript sources (jest) it registers tsx's loader
 * first, as the search index's thread does (search/index/index-thread.ts).
 */
function startWorker(data: Uint8Array<ArrayBuffer>): Worker {
  const here = import.meta.url;
  const options = { workerData: data, transferList: [data.buffer] };
  if (!here.endsWith('.ts')) return new Worker(new URL('./sheet-worker.js', here), options);
  const source = JSON.stringify(new URL('./sheet-worker.ts', here).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`, { ...options, eval: true });
}
