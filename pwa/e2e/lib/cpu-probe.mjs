// E2E_CPU_LOG=<file>: the CPU-seconds (user + system) of each journey, written as one line per test, so the
// journeys' cost can be read per journey on a machine whose wall time others' load pollutes
// (docs/benchmarks.md, "CI"). It sums /proc's figures over this worker's process tree: the worker itself,
// its servers and Chromium's processes, live or already reaped.
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** → [pid, ppid, ticks of itself and its reaped children] for every process, or [] off Linux. */
function processes() {
  /** @type {[number, number, number][]} */
  const all = [];
  let names = [];
  try {
    names = readdirSync('/proc');
  } catch {
    return all;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // after the name: state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17), counted from field 3
      all.push([Number(name), Number(f[1]), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])]);
    } catch {
      // gone meanwhile
    }
  }
  return all;
}

/** CPU-seconds used so far by process `root` and everything below it. */
export function treeCpuSeconds(root = process.pid) {
  const all = processes();
  const children = new Map();
  for (const [pid, ppid] of all) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const ticks = new Map(all.map(([pid, , t]) => [pid, t]));
  let sum = 0;
  const stack = [root];
  while (stack.length) {
    const pid = /** @type {number} */ (stack.pop());
    sum += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum / TICKS;
}

/**
 * Appends `name<TAB>seconds` to E2E_CPU_LOG when it is set, then `<TAB>key=value` for each of `counts` (a journey's
 * contexts and full page loads).
 * @param {string} name
 * @param {number} seconds
 * @param {Record<string, number>} [counts]
 */
export function logCpu(name, seconds, counts = {}) {
  const file = process.env.E2E_CPU_LOG;
  const more = Object.entries(counts).map(([key, value]) => `\t${key}=${value}`);
  if (file) appendFileSync(file, `${name}\t${seconds.toFixed(1)}${more.join('')}\n`);
}
