import { Worker } from 'node:worker_threads';
import type { CheckedAnswer } from './search-index.js';
import type { IndexState, WorkerAnswer, WorkerRequest } from './search-worker.js';

interface Pending {
  resolve: (answer: WorkerAnswer) => void;
  reject: (error: Error) => void;
}

/**
 * The API thread's end of search-worker.ts: each request is posted with a number and its answer
 * resolves the matching promise. When the thread dies every pending request fails and the owner
 * starts a new one (the index is rebuilt; searches take the SQL path meanwhile).
 */
export class IndexThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private dead: Error | null = null;

  constructor(onExit: (error: Error) => void) {
    this.worker = startWorker();
    this.worker.unref();
    this.worker.on('message', ({ seq, answer, error }: { seq: number; answer?: WorkerAnswer; error?: string }) => {
      const waiting = this.pending.get(seq);
      this.pending.delete(seq);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(answer ?? null);
    });
    const fail = (error: Error) => {
      if (this.dead) return;
      this.dead = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      onExit(error);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`search index thread exited (code ${code})`)));
  }

  get alive(): boolean {
    return this.dead === null;
  }

  private call(request: WorkerRequest): Promise<WorkerAnswer> {
    if (this.dead) return Promise.reject(this.dead);
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.worker.postMessage({ seq, request });
    });
  }

  async search(request: Extract<WorkerRequest, { op: 'search' }>): Promise<CheckedAnswer> {
    return (await this.call(request)) as CheckedAnswer;
  }

  async ids(request: Extract<WorkerRequest, { op: 'diff' | 'gone' }>): Promise<string[]> {
    return (await this.call(request)) as string[];
  }

  async state(request: Extract<WorkerRequest, { op: 'publish' | 'apply' }>): Promise<IndexState> {
    return (await this.call(request)) as IndexState;
  }

  async send(request: Extract<WorkerRequest, { op: 'begin' | 'put' }>): Promise<void> {
    await this.call(request);
  }

  async stop(): Promise<void> {
    this.dead ??= new Error('search index thread stopped');
    await this.worker.terminate();
  }
}

/**
 * Built (dist/…/index-thread.js) the thread runs search-worker.js beside it. From the TypeScript
 * sources (jest) Node cannot load search-worker.ts by itself, so the thread registers tsx's
 * loader first (tsx is a dev dependency, never needed by the built API).
 */
/**
 * The thread's young generation is kept small: what it allocates there (parsed rows) dies young, and V8's default
 * reserves up to 48 MiB for it, a tenth of the index's budget at a million products (docs/benchmarks.md#search).
 */
const YOUNG = { maxYoungGenerationSizeMb: 16 };

function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./search-worker.js', here), { resourceLimits: YOUNG });
  const source = JSON.stringify(new URL('./search-worker.ts', here).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`, { eval: true, resourceLimits: YOUNG });
}
