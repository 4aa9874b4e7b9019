// What the catalogue and search benches share: starting the built API, a scratch PostgreSQL
// database, driving a call with autocannon, and the closing table of figures against targets.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.mjs';

export const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
export const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export const machine = () =>
  `${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

export { freePort };

/** Resident set size of a process in MiB (Linux /proc), or null. */
async function rssMiB(pid) {
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Starts a built API (`main`, default api/dist/main.js); resolves once /api/health answers, with the
 * child's pid and its captured log. `nodeArgs` go before the script (e.g. --cpu-prof);
 * `inheritOutput` shows the API's output as it comes instead of capturing it; `wrapper` is a command
 * that runs node (e.g. valgrind and its options).
 * @param {Record<string, string>} env
 * @param {{ timeoutMs: number, main?: string, nodeArgs?: string[], inheritOutput?: boolean, wrapper?: string[] }} options
 */
export async function startApi(env, { timeoutMs, main = MAIN, nodeArgs = [], inheritOutput = false, wrapper = [] }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-'));
  const started = Date.now();
  const [command, ...args] = [...wrapper, process.execPath, ...nodeArgs, main];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-pass',
      // The bench is one client hammering search: the per-IP search budget is for real shoppers.
      RATE_LIMIT_FACTOR: '1000000',
      ...env,
    },
    stdio: ['ignore', inheritOutput ? 'inherit' : 'pipe', inheritOutput ? 'inherit' : 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${log}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the API was not up after ${timeoutMs / 1000} s:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    log: () => log,
    readyAfterMs: Date.now() - started,
    rssMiB: () => rssMiB(child.pid),
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A memory cgroup of `limitMiB` made under this process's own (cgroup v1's memory controller, or v2), for an API started
 * in it through startApi's `wrapper`: an instance as a container of that size runs it (Node sizes its heap by the limit;
 * past it the kernel reclaims, then kills). Answers `{ wrapper, read(), remove() }` (read: the cgroup's usage now and at
 * its peak in MiB, and whether the kernel killed a process in it); throws, saying why, when none can be made here.
 * @param {number} limitMiB
 */
export function memoryCgroup(limitMiB) {
  const lines = readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n');
  const v1 = lines.find((l) => l.split(':')[1]?.split(',').includes('memory'));
  const v2 = lines.find((l) => l.startsWith('0::'));
  const [dir, files] = v1
    ? [
        `/sys/fs/cgroup/memory${v1.split(':')[2]}`,
        { limit: 'memory.limit_in_bytes', now: 'memory.usage_in_bytes', peak: 'memory.max_usage_in_bytes', events: 'memory.oom_control' },
      ]
    : [`/sys/fs/cgroup${v2?.slice(3) ?? ''}`, { limit: 'memory.max', now: 'memory.current', peak: 'memory.peak', events: 'memory.events' }];
  const path = join(dir, `haat-bench-${process.pid}-${Date.now().toString(36)}`);
  try {
    mkdirSync(path);
    writeFileSync(join(path, files.limit), String(limitMiB * 2 ** 20));
  } catch (error) {
    throw new Error(`no memory cgroup could be made under ${dir} (${String(error)}): run as root on cgroup v1, or v2 with the memory controller delegated`);
  }
  const mib = (file) => {
    try {
      return Math.round(Number(readFileSync(join(path, file), 'utf8')) / 2 ** 20);
    } catch {
      return null;
    }
  };
  return {
    // The shell moves itself into the cgroup, then becomes node: the API's every allocation is charged there.
    wrapper: ['sh', '-c', `echo $$ > ${join(path, 'cgroup.procs')} && exec "$@"`, 'in-cgroup'],
    read: () => ({
      nowMiB: mib(files.now),
      peakMiB: mib(files.peak),
      killed: Number(/oom_kill (\d+)/.exec(readFileSync(join(path, files.events), 'utf8'))?.[1] ?? 0) > 0,
    }),
    remove: () => {
      try {
        rmdirSync(path);
      } catch {
        /* a process still in it: the kernel removes nothing until it ends */
      }
    },
  };
}

export async function withAdminClient(fn) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A scratch database on BENCH_DATABASE_URL's server: its URL, and a function that drops it. */
export async function scratchDatabase() {
  const name = `haat_bench_${Date.now().toString(36)}`;
  await withAdminClient((c) => c.query(`create database ${name}`));
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`)) };
}

/**
 * Kept-alive connections for `call`. node:http rather than fetch: the bench's client shares the machine's
 * two cores with the API and PostgreSQL, and fetch (undici with WHATWG streams) cost 2.5–3.4 ms of CPU per
 * checkout, a quarter of all the CPU the run used (docs/benchmarks.md).
 */
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 4096 });

/** A JSON call as a shopper's client makes it: `{ status, body }`, the body parsed (or {}). */
export function call(base, method, path, token, body, headers = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          let json = {};
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON: {} as before
          }
          resolve({ status: res.statusCode, body: json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A delivery address of shopper `i`, as the address form sends it. */
export const shopperAddress = (i) => ({
  name: `Shopper ${i}`,
  building: `House ${i}`,
  address_line: 'MG Road',
  district: 'Bengaluru Urban',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560001',
  mobile: '9876543210',
});

/** Shopper `i` registered (shopper<i>@bench.local), signed in, with shopperAddress(i): their access token and address id. */
export async function signedInShopper(base, i) {
  const email = `shopper${i}@bench.local`;
  const password = 'shopper-pass-123';
  await must(call(base, 'POST', '/api/user/register', null, { name: `Shopper ${i}`, email, password, confirmPassword: password }), 'register');
  const token = (await must(call(base, 'POST', '/api/user/login', null, { email, password }), 'login')).data.accesstoken;
  const addressId = (await must(call(base, 'POST', '/api/address/create', token, shopperAddress(i)), 'address')).data._id;
  return { token, addressId };
}

/** The body of a call that must succeed; anything else stops the bench with what failed. */
export async function must(promise, what) {
  const res = await promise;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** CPU seconds (user + system) a process (or one of its threads, `pid/task/tid`) has used so far, from /proc (Linux); 0 once it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds so far of each PostgreSQL backend serving the database at `url` (the server runs on this machine: its
 * processes' /proc), by pid: what the API's statements cost the database, which the API's own CPU time leaves out.
 * `application` keeps only the backends of the API started with that PGAPPNAME (two APIs on one database).
 * @returns {Promise<Map<number, number>>}
 */
export async function databaseCpu(url, application) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const { rows } = await withAdminClient((c) =>
    c.query('select pid from pg_stat_activity where datname = $1 and ($2::text is null or application_name = $2)', [name, application ?? null]),
  );
  return new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid)]));
}

/** The CPU seconds `databaseCpu` readings say the backends used between them (a backend that started meanwhile: all of its own). */
export const databaseCpuBetween = (before, after) => [...after].reduce((sum, [pid, s]) => sum + s - (before.get(pid) ?? 0), 0);

/**
 * The whole machine's CPU seconds so far: [busy, total] over every core (Linux /proc/stat).
 * @returns {[number, number]}
 */
export function machineCpuSeconds() {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return [(total - idle) / CLOCK_TICKS, total / CLOCK_TICKS];
}

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

export const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * autocannon on one POST route, a fresh body per request from `body()` (and extra headers from `headers()`, if given).
 * @param {string} url
 * @param {{ path: string, body: () => unknown, headers?: () => Record<string, string>, duration: number, connections: number }} options
 */
export function run(url, { path, body, headers, duration, connections }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            path,
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: JSON.stringify(body()), ...(headers ? { headers: { ...req.headers, ...headers() } } : {}) }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * One measured call: a warm-up, then `seconds` measured. Returns the row for the figures table.
 * `during` (optional) runs beside the measured part and its result is returned as `side`.
 * @param {string} url
 * @param {{ title: string, path: string, body: () => unknown, headers?: () => Record<string, string> }} spec
 * @param {{ seconds: number, warmupSeconds: number, connections: number, during?: { start(): { stop(): Promise<any> } } }} options
 */
export async function scenario(url, spec, { seconds, warmupSeconds, connections, during }) {
  await run(url, { ...spec, duration: warmupSeconds, connections });
  const side = during?.start();
  const result = await run(url, { ...spec, duration: seconds, connections });
  const sideResult = await side?.stop();
  return {
    scenario: spec.title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    requests: result.requests.total,
    'non-2xx/errors': result.non2xx + result.errors + result.timeouts,
    side: sideResult,
  };
}

/**
 * Polls GET /api/health every `everyMs` while started; stop() gives p50/p99/max of its answers in ms.
 * Shows whether a busy API still answers its load balancer.
 */
export function healthProbe(url, everyMs = 50) {
  return {
    start() {
      const times = [];
      let errors = 0;
      let running = true;
      const loop = (async () => {
        while (running) {
          const t = performance.now();
          try {
            const res = await fetch(`${url}/api/health`);
            await res.arrayBuffer();
            if (!res.ok) errors += 1;
          } catch {
            errors += 1;
          }
          times.push(performance.now() - t);
          await new Promise((r) => setTimeout(r, everyMs));
        }
      })();
      return {
        async stop() {
          running = false;
          await loop;
          return { ...percentiles(times), errors };
        },
      };
    },
  };
}

/**
 * An open-loop load: POSTs to `path` arriving at random (a Poisson process, as independent shoppers do) at `rate` a
 * second for `seconds`, each sent at its time whether or not earlier ones were answered, over keep-alive connections
 * (as many as are busy at once). A request's latency is counted from the time it was due, not from when it was
 * sent, so a generator or an API that falls behind shows in the figures instead of hiding (what autocannon's own rate
 * option, which sends each second's quota at once and waits on its connections, cannot give). Returns p50/p99/max in
 * ms, answered req/s, and the answers that were not 2xx or failed.
 * @param {string} url
 * @param {{ path: string, body: () => unknown, rate: number, seconds: number }} options
 */
export async function openLoop(url, { path, body, rate, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const { hostname, port } = new URL(url);
  const times = [];
  let errors = 0;
  const inFlight = new Set();
  const send = (due) => {
    const payload = JSON.stringify(body());
    /** @type {Promise<void>} */
    const done = new Promise((resolve) => {
      const req = http.request(
        { agent, hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) errors += 1;
            times.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(payload);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  const start = performance.now();
  const end = start + seconds * 1000;
  let due = start;
  while (due < end) {
    // Every request due by now is sent now, each timed from its own due time.
    const now = performance.now();
    while (due <= now && due < end) {
      send(due);
      due += (-Math.log(1 - Math.random()) * 1000) / rate;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(due, end) - performance.now())));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { ...percentiles(times), rps: Math.round(times.length / elapsed), errors };
}

export function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : NaN);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.length ? Math.round(sorted[sorted.length - 1] * 10) / 10 : NaN };
}

/**
 * The closing table: each figure beside its target, "meets" or "MISSES". A target is
 * { minRps?, maxP99? , maxMs? }; a figure is { name, rps?, p99?, value?, unit? }. Missing a target
 * is reported, not an error: the exit code is left alone.
 */
export function printTargets(lines) {
  const out = lines.map(({ name, figure, target, meets }) => ({
    figure: name,
    measured: figure,
    target: target ?? '(no target)',
    verdict: target ? (meets ? 'meets' : 'MISSES') : '',
  }));
  console.log('');
  console.table(out);
  const missed = out.filter((o) => o.verdict === 'MISSES');
  const withTarget = out.filter((o) => o.verdict).length;
  if (missed.length) console.log(`${missed.length} of ${withTarget} targets MISSED: ${missed.map((m) => m.figure).join('; ')}`);
  else console.log(withTarget ? `All ${withTarget} targets met.` : 'No figure of this run has a target.');
}

/**
 * The usual throughput target line: ≥ minRps req/s with p99 ≤ maxP99 ms (either may be absent).
 * @param {any} row
 * @param {{ minRps?: number, maxP99?: number }} [target]
 */
export function rpsLine(row, { minRps, maxP99 } = {}) {
  const parts = [];
  if (minRps !== undefined) parts.push(`≥ ${minRps.toLocaleString('en-IN')} req/s`);
  if (maxP99 !== undefined) parts.push(`p99 ≤ ${maxP99} ms`);
  return {
    name: row.scenario,
    figure: `${row['req/s'].toLocaleString('en-IN')} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms`,
    target: parts.length ? parts.join(', ') : undefined,
    meets: (minRps === undefined || row['req/s'] >= minRps) && (maxP99 === undefined || row['p99 ms'] <= maxP99),
  };
}

/** Words of the catalogue's product names, as a shopper would type them (lower case, 3+ letters). */
export async function vocabulary(url, catalogSize) {
  const words = new Set();
  for (let page = 1; page <= 40; page++) {
    const res = await fetch(`${url}/api/product/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1 + Math.floor(Math.random() * Math.max(1, catalogSize / 50)), limit: 50 }),
    });
    const { data } = await res.json();
    for (const p of data) for (const w of p.name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length >= 3 && !/^\d+$/.test(w)) words.add(w);
  }
  return [...words];
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const randInt = (n) => Math.floor(Math.random() * n);

/** One slip of the finger: a letter dropped, doubled, swapped with the next, or replaced. */
function typo(word) {
  const i = randInt(word.length);
  switch (randInt(4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return i < word.length - 1 ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word.slice(0, i) + LETTERS[randInt(26)];
    default:
      return word.slice(0, i) + LETTERS[randInt(26)] + word.slice(i + 1);
  }
}

/** An endless supply of search texts, none repeated. */
export function distinctQueries(words) {
  const sent = new Set();
  const one = () => {
    const n = Math.random() < 0.45 ? 1 : Math.random() < 0.75 ? 2 : 3;
    const parts = [];
    for (let k = 0; k < n; k++) {
      let w = words[randInt(words.length)];
      if (Math.random() < 0.3) w = typo(w);
      // The last word is often still being typed.
      if (k === n - 1 && w.length > 3 && Math.random() < 0.35) w = w.slice(0, 3 + randInt(w.length - 3));
      parts.push(w);
    }
    return parts.join(' ');
  };
  return () => {
    for (let tries = 0; ; tries++) {
      let q = one();
      if (tries > 20) q += ` ${typo(words[randInt(words.length)])}`;
      if (!sent.has(q)) {
        sent.add(q);
        return q;
      }
    }
  };
}

/**
 * Waits until the API's search index is ready (its log says so), so that what follows measures the
 * index and not the SQL path it answers with while building; a search starts the build if the API has
 * not. Returns the log's "N products in S s", or null after `limitMs`.
 */
export async function searchIndexReady(api, limitMs = 600_000) {
  const started = Date.now();
  await fetch(`${api.url}/api/product/search-product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"search":"warm","page":1}' });
  while (!/Search index ready/.test(api.log()) && Date.now() - started < limitMs) await new Promise((r) => setTimeout(r, 100));
  return /Search index ready: ([^"\n]*)/.exec(api.log())?.[1] ?? null;
}
