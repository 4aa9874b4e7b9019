// Loaded into a bench's API with `node --import`: the event loop's delay, as the API's own requests feel it
// (docs/benchmarks.md#notices). On SIGWINCH it writes p50/p99/max (ms) since the last signal to $BENCH_LOOP_DELAY_FILE
// and starts again, so a bench reads each window's figure on its own. SIGWINCH because its default is to do nothing
// and Nest's shutdown hooks leave it alone (SIGUSR2 closes the app).
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const ms = (ns) => Math.round(ns / 1e4) / 100;

process.on('SIGWINCH', () => {
  const file = process.env.BENCH_LOOP_DELAY_FILE;
  if (file) {
    // Written then renamed: the bench polls for the file and must never read half of it.
    writeFileSync(`${file}.tmp`, JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }));
    renameSync(`${file}.tmp`, file);
  }
  histogram.reset();
});
