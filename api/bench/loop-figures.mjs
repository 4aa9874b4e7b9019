// How long the API held its event loop, as the books benches read it beside /api/health's round trip: its
// event-loop delay from /api/metrics, and its main thread's CPU-ms between ticks (loop-cpu.mjs, preloaded).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { percentiles } from './lib.mjs';

/** METRICS_TOKEN the benches start the API with, so that they can read its own event-loop delay (loopDelay). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The API's event-loop delay sampling interval: eventLoopMonitoringPrecision in api/src/metrics/metrics.service.ts. */
const LOOP_RESOLUTION_MS = 20;

/**
 * The API's own event-loop delay over a stretch, read from its /api/metrics (prom-client's monitorEventLoopDelay
 * series, which each scrape resets): start() scrapes to begin afresh, stop() scrapes again and answers p50, p99 and
 * max in ms, the sampling interval taken off (a sample is the time between two 20 ms ticks, so an idle loop reads 20).
 * Unlike /api/health's round trip it leaves out the bench's own client and the network stack, so it moves less with
 * the machine's load: what it shows is how long the API's own work held its loop. Needs the API started with
 * METRICS_TOKEN=BENCH_METRICS_TOKEN.
 */
export function loopDelay(url, token = BENCH_METRICS_TOKEN) {
  const scrape = async () => {
    const res = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (!res.ok) throw new Error(`/api/metrics answered ${res.status}: start the API with METRICS_TOKEN`);
    const ms = (q) => {
      const seconds = Number(new RegExp(`^nodejs_eventloop_lag_${q}_seconds (\\S+)`, 'm').exec(text)?.[1]);
      return Math.round(Math.max(0, seconds * 1000 - LOOP_RESOLUTION_MS) * 10) / 10;
    };
    return { p50: ms('p50'), p99: ms('p99'), max: ms('max') };
  };
  return {
    async start() {
      await scrape();
      return { stop: scrape };
    },
  };
}

/** The preload that counts how long the API's main thread held its loop in CPU time (see loop-cpu.mjs). */
export const LOOP_CPU_PRELOAD = fileURLToPath(new URL('./loop-cpu.mjs', import.meta.url));

/**
 * How long the API held its event loop over a stretch, from the lines loop-cpu.mjs (preloaded into the API with
 * BENCH_LOOP_CPU_FILE=file) writes: start() marks the stretch's beginning, stop() waits for the last lines and answers
 * the gaps between its 10 ms ticks: p99 and max of the main thread's CPU-ms in a gap (its own work, whatever the
 * load), the max gap in wall ms, and the gaps counted.
 */
export function loopCpu(file) {
  const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;
  return {
    start() {
      const from = now();
      return {
        async stop() {
          const to = now();
          await new Promise((r) => setTimeout(r, 700));
          let text = '';
          try {
            text = readFileSync(file, 'utf8');
          } catch {
            // nothing written yet
          }
          const gaps = text
            .split('\n')
            .map((line) => /** @type {[number, number, number, number]} */ (line.split(' ').map(Number)))
            .filter(([end, wall]) => end - wall >= from && end <= to);
          const cpu = percentiles(gaps.map((g) => g[2]));
          return { n: cpu.n, p99: cpu.p99, max: cpu.max, wallMax: percentiles(gaps.map((g) => g[1])).max };
        },
      };
    },
  };
}
