// Preloaded into the API by a bench (`node --import …/loop-cpu.mjs`, with BENCH_LOOP_CPU_FILE set): how long the
// API's main thread held its event loop, counted in its own CPU time rather than wall time.
//
// A 10 ms timer ticks on the main thread; between two ticks the loop ran whatever was due, and the thread's on-CPU
// and run-queue times (Linux /proc/<pid>/task/<pid>/schedstat, in ns) say how much of the gap was the API's own work
// and how much was waiting for a core that other processes held. A gap's CPU time is the longest synchronous stretch
// it held, whatever the machine's load: the figure that stays put on a shared machine where /api/health's round trip
// and monitorEventLoopDelay both grow with the load (docs/benchmarks.md#books). Each gap is written as a line
// "end-ms wall-ms cpu-ms wait-ms" (end on the monotonic clock the bench shares), appended to the file every 500 ms;
// loop-figures.mjs loopCpu reads a stretch of them back.
import { appendFileSync, readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const FILE = process.env.BENCH_LOOP_CPU_FILE;
const TICK_MS = 10;

if (isMainThread && FILE) {
  const schedstat = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  /** The main thread's on-CPU and run-queue ns so far. */
  const read = () => /** @type {[number, number]} */ (readFileSync(schedstat, 'utf8').split(' ').slice(0, 2).map(Number));
  let [cpu, wait] = read();
  let at = process.hrtime.bigint();
  let lines = [];
  setInterval(() => {
    const now = process.hrtime.bigint();
    const [cpuNow, waitNow] = read();
    lines.push(`${Number(now / 1000n) / 1000} ${Number(now - at) / 1e6} ${(cpuNow - cpu) / 1e6} ${(waitNow - wait) / 1e6}`);
    [cpu, wait, at] = [cpuNow, waitNow, now];
  }, TICK_MS).unref();
  setInterval(() => {
    if (lines.length) appendFileSync(FILE, `${lines.join('\n')}\n`);
    lines = [];
  }, 500).unref();
}
