// Runs the repository's checks as stages: some in order, independent lanes side by side, and prints
// each stage's time (docs/testing.md).
//   node scripts/stages.mjs test   what `npm test` runs: builds, every test
//   node scripts/stages.mjs ci     the same, plus typecheck, lint and the format check (`.ci/run`)
// A stage's output is kept and printed whole when it ends, so lanes never interleave lines. A failed
// build stops its lane (what comes after needs it); a failed test or check does not (the rest still
// tells something). Each failed stage's last lines are printed again before the times, so the end of a
// long log names what failed. The run exits non-zero if any stage failed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, rmdirSync, openSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const mode = process.argv[2] ?? 'test';
if (mode !== 'test' && mode !== 'ci') {
  console.error(`usage: node scripts/stages.mjs test|ci (not "${mode}")`);
  process.exit(2);
}

/** @typedef {{ name: string, command: string, build: boolean }} Stage */
/** @typedef {{ name: string, seconds: number | null, cpu: { seconds: number, exact: boolean } | null, result: string }} Time */
/** @type {(name: string, command: string) => Stage} */
const stage = (name, command) => ({ name, command, build: name.startsWith('build ') });

// First, in order: what every lane needs. The PWA is built before the API tests start because the
// test apps serve pwa/dist (its index.html, the pages' CSP), which a build running beside them would
// empty and rewrite. The API's build only transpiles (SWC, about a second); its types are checked by
// `typecheck` and `lint:types` in `ci` (docs/decisions/0265-a-first-start-in-seconds.md).
const first = [
  stage('build shared', 'npm run build -w @haat/shared'),
  stage('build pwa', 'npm run build -w @haat/pwa'),
  stage('build api', 'npm run build -w @haat/api'),
];

// Then three lanes side by side (docs/testing.md): the API's tests (they run their files in parallel workers,
// api/jest.config.js); the browser journeys; and what is left, the short stages. The journeys wait on the browser
// and their servers a good part of their time, and a third lane fills those gaps on two cores.
// The type-errors rule runs only in CI's `lint:types`, and its test (a TypeScript program built for it, about half the
// rule tests' CPU) with it: a newcomer's run tests the other rules.
const ruleTests = mode === 'ci' ? 'node --test eslint/' : "node --test $(ls eslint/*.test.js | grep -v '/type-errors.test.js$')";
const quick = [stage('eslint rule tests', ruleTests), stage('shared tests', 'npm test -w @haat/shared')];
const pwaUnits = stage('pwa unit tests', 'npx vitest run');
const afterBuilds = [
  // Two built instances behind deploy/nginx.conf (README, "Deploying past one machine").
  stage('cluster test', 'node --test scripts/cluster.test.mjs'),
  // `npm start` and `npm run cluster` stopped by a signal to npm, on the builds above (scripts/signals.test.mjs).
  stage('signal test', 'node --test scripts/signals.test.mjs'),
];
/** @type {Stage[][]} */
const lanes =
  mode === 'ci'
    ? [
        // CI's third lane holds the static checks, the longest of them the type-aware lint, so the PWA's units follow
        // the journeys instead; the cluster and signal tests close the third lane, which the two others end near.
        [stage('api tests (jest)', 'npm test -w @haat/api')],
        [stage('browser journeys', 'npx playwright test'), pwaUnits],
        [
          ...quick,
          // The first visit's size budgets: the precache read from the PWA's build, and the JS `/` loads as Chromium
          // downloads it from the built server (docs/benchmarks.md "First visit weight").
          stage('first-visit weight', 'node scripts/first-visit-weight.mjs'),
          // Two programs, not five: tsconfig.tools.json holds api/bench's and scripts/' files too (the same options), and
          // pwa/e2e's tsconfig.json pwa/scripts' (docs/testing.md); their own tsconfigs stay for editors. ESLint reports
          // TypeScript's errors for the api, pwa and shared programs it builds for its type-aware rules (`lint:types`,
          // eslint/type-errors.js), so `tsc` checks only the JavaScript projects and the config files here. A project
          // added to the root `typecheck` script goes in one of the two.
          stage('typecheck', 'npx tsc -p pwa/e2e && npx tsc -p tsconfig.tools.json'),
          stage('lint', 'npm run lint:types'),
          stage('format check', 'npm run format:check'),
          ...afterBuilds,
        ],
      ]
    : // A newcomer's run leaves to CI what only CI needs (docs/testing.md#what-only-ci-runs): the journeys tagged @ci
      // (sweeps of the whole app's form, second-language and second-width repeats), the API's files that CI_ONLY
      // lists in api/test/test-parts.js (the judged search set, the fuzzers, the migrations' own tests, the demo's
      // believability and its seed's own test), and the deployment's tests (several instances behind nginx, `npm start` stopped by a signal).
      [
        [stage('api tests (jest)', 'API_TEST_SUITE=newcomer npm test -w @haat/api')],
        [stage('browser journeys', 'npx playwright test --grep-invert @ci')],
        [...quick, pwaUnits],
      ];

const cwdOf = (/** @type {Stage} */ s) => (s.command.startsWith('npx vitest') || s.command.startsWith('npx playwright') ? join(ROOT, 'pwa') : ROOT);
const logs = mkdtempSync(join(tmpdir(), 'haat-stages-'));
/** @type {Time[]} */
const times = [];
/** The end of each failed stage's output, printed again last so a log's tail names what failed. */
/** @type {string[]} */
const failures = [];
const runStart = Date.now();
const clock = () => `${((Date.now() - runStart) / 1000).toFixed(0).padStart(4)} s`;

/**
 * The tests Playwright reports as flaky (failed, then passed on a retry), so the stage times at the end of a log
 * name them. The journeys have no retries (docs/testing.md), so none can be today.
 */
function flakyTests(/** @type {string} */ out) {
  const lines = stripVTControlCharacters(out).split('\n');
  const at = lines.findIndex((l) => /^\s+\d+ flaky\s*$/.test(l));
  if (at < 0) return [];
  const names = [];
  for (const l of lines.slice(at + 1)) {
    if (!/^\s{4,}\S/.test(l)) break;
    names.push(
      l
        .trim()
        .replace(/^\[chromium\] › /, '')
        .replace(/\s*─+$/, ''),
    );
  }
  return names;
}

/**
 * The names of the tests that failed in a stage's output: jest's "● suite › test" headings and Playwright's
 * "1) [chromium] › file:line › test" lines, so the end of a long log says which test to run again.
 */
function failedTests(/** @type {string} */ out) {
  const names = stripVTControlCharacters(out)
    .split('\n')
    .filter((l) => (/^\s+● /.test(l) && !/● Console\s*$/.test(l)) || /^\s+\d+\) \[chromium\] › /.test(l))
    .map((l) => l.trim());
  return [...new Set(names)];
}

/**
 * The CPU seconds (user + system) of a stage's processes: lanes share the cores, so a stage's wall time depends
 * on its neighbours, its CPU time much less. Where the kernel's cpuacct cgroup can be written (Linux, as root),
 * each stage runs in a cgroup of its own and every process it starts is counted, also those a parent never
 * waits for (jest's workers, Chromium, the journeys' servers). Elsewhere bash's `times` after the command
 * counts only the children that were waited for, so the figure is a lower bound there (marked "≥").
 */
const CPUACCT = '/sys/fs/cgroup/cpuacct';
function stageCgroup(/** @type {string} */ name) {
  const dir = join(CPUACCT, `haat-stage-${process.pid}-${name.replace(/\W+/g, '-')}`);
  try {
    mkdirSync(dir);
    return dir;
  } catch {
    return null;
  }
}
/** → [seconds, exact] */
function cpuSeconds(/** @type {string} */ file, /** @type {string | null} */ cgroup) {
  try {
    if (cgroup) {
      const ns = Number(readFileSync(join(cgroup, 'cpuacct.usage'), 'utf8'));
      rmdirQuietly(cgroup);
      return { seconds: ns / 1e9, exact: true };
    }
    const children = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    const secs = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
    return secs.length === 2 ? { seconds: (secs[0] ?? 0) + (secs[1] ?? 0), exact: false } : null;
  } catch {
    return null;
  }
}
/** A cgroup is removed once its processes are gone; one that lingers (a stray process) is left. */
function rmdirQuietly(/** @type {string} */ dir) {
  try {
    rmdirSync(dir);
  } catch {
    // still in use
  }
}

/** Runs one stage with its output in a file; prints the output when it ends. → true when it passed. */
async function run(/** @type {Stage} */ s) {
  const file = join(logs, `${s.name.replace(/\W+/g, '-')}.log`);
  const cpuFile = `${file}.cpu`;
  const cgroup = stageCgroup(s.name);
  const fd = openSync(file, 'w');
  const started = Date.now();
  console.log(`[${clock()}] ▶ ${s.name}: ${s.command}`);
  const code = await new Promise((resolve) => {
    const enter = cgroup ? `echo $$ > '${cgroup}/cgroup.procs' 2>/dev/null\n` : '';
    const script = `${enter}${s.command}\nrc=$?\ntimes > '${cpuFile}'\nexit $rc`;
    const child = spawn('bash', ['-c', script], { cwd: cwdOf(s), stdio: ['ignore', fd, fd] });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
  closeSync(fd);
  const seconds = (Date.now() - started) / 1000;
  const ok = code === 0;
  const out = readFileSync(file, 'utf8');
  const flaky = flakyTests(out);
  times.push({
    name: s.name,
    seconds,
    cpu: cpuSeconds(cpuFile, cgroup),
    result: ok ? (flaky.length ? `passed, ${flaky.length} flaky: ${flaky.join('; ')}` : 'passed') : `FAILED (exit ${code})`,
  });
  console.log(`\n──── ${s.name} ${ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s ────\n${out.trimEnd()}\n──── end of ${s.name} ────\n`);
  if (!ok) {
    const failed = failedTests(out);
    const named = failed.length ? `the tests that failed:\n  ${failed.join('\n  ')}\n` : '';
    failures.push(`──── the last lines of ${s.name} (failed) ────\n${out.trimEnd().split('\n').slice(-60).join('\n')}\n${named}`);
  }
  return ok;
}

async function runLane(/** @type {Stage[]} */ lane) {
  let ok = true;
  for (const [i, s] of lane.entries()) {
    if (await run(s)) continue;
    ok = false;
    if (s.build) {
      for (const skipped of lane.slice(i + 1)) times.push({ name: skipped.name, seconds: null, cpu: null, result: `not run (${s.name} failed)` });
      return false;
    }
  }
  return ok;
}

let ok = await runLane(first);
if (ok) ok = (await Promise.all(lanes.map(runLane))).every(Boolean);
else for (const lane of lanes) for (const s of lane) times.push({ name: s.name, seconds: null, cpu: null, result: 'not run' });

for (const f of failures) console.log(f);
const width = Math.max(...times.map((t) => t.name.length));
console.log(`Stage times (${mode}; lanes run side by side, so they add up to more than the total; CPU is user + system):`);
const cpuOf = (/** @type {Time} */ t) => (t.cpu === null ? '          -' : `${t.cpu.exact ? ' ' : '≥'}${t.cpu.seconds.toFixed(0).padStart(6)} CPU-s`);
for (const t of times)
  console.log(`  ${t.name.padEnd(width)}  ${t.seconds === null ? '     -' : `${t.seconds.toFixed(1).padStart(6)} s`}  ${cpuOf(t)}  ${t.result}`);
const cpuTotal = times.reduce((sum, t) => sum + (t.cpu?.seconds ?? 0), 0);
console.log(
  `  ${'total (wall clock)'.padEnd(width)}  ${((Date.now() - runStart) / 1000).toFixed(1).padStart(6)} s  ${cpuTotal.toFixed(0).padStart(6)} CPU-s  ${ok ? 'passed' : 'FAILED'}`,
);
rmSync(logs, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
