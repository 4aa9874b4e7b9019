// How the workspaces are built: shared and the API transpiled by SWC (scripts/swc.mjs), the PWA by Vite. No type
// checking here: that is `npm run typecheck`, and CI's typecheck and lint:types stages
// (docs/decisions/0265-a-first-start-in-seconds.md).
//   node scripts/build.mjs [NAME…]   builds shared, pwa and api (or those named), side by side: none needs
//                                    another's output to build (the PWA bundles shared from its sources)
//   --if-changed                     only those whose inputs changed since their last build (npm start and
//                                    npm run cluster, scripts/start.mjs: a later start builds nothing)
// `npm run build` runs it for all three, each workspace's `build` script for its own. A build leaves a hash of
// its inputs (every file it reads, the lockfile, these scripts) in its output folder, which the next build of
// that workspace empties first: a hash there always describes what is there.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transpile } from './swc.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (/** @type {string} */ path) => join(ROOT, path);
const STAMP = '.inputs-sha256';
// What every build reads besides its own folders: dependency versions, compiler options, these scripts.
const COMMON = ['package-lock.json', 'tsconfig.json', 'scripts/build.mjs', 'scripts/swc.mjs'];
// Never inputs: outputs, dependencies, the journeys (pwa/e2e) and coverage reports.
const SKIP = new Set(['node_modules', 'dist', 'e2e', 'coverage']);

/** Vite in the PWA's folder, as its own scripts run it (its plugins read paths relative to it). */
const vite = () =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build'], { cwd: at('pwa'), stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve(undefined) : reject(new Error(`vite build failed (${signal ?? `exit ${code}`})`))));
  });

/** @typedef {{ out: string, entry: string, inputs: string[], build: () => Promise<unknown> }} Target */
/** @type {Record<string, Target>} */
const TARGETS = {
  shared: {
    out: 'shared/dist',
    entry: 'money/inr.js',
    inputs: ['shared/src', 'shared/package.json'],
    build: () => transpile(at('shared/src'), at('shared/dist')),
  },
  // The whole workspace but its output and journeys; SOURCEMAP is the one variable its build reads.
  pwa: { out: 'pwa/dist', entry: 'index.html', inputs: ['pwa', 'shared/src', `env:SOURCEMAP=${process.env.SOURCEMAP ?? ''}`], build: vite },
  api: { out: 'api/dist', entry: 'main.js', inputs: ['api/src', 'api/package.json'], build: () => transpile(at('api/src'), at('api/dist')) },
};

/** The files under `path` (or `path` itself), sorted, without SKIP's folders. */
function filesOf(/** @type {string} */ path) {
  if (!statSync(at(path)).isDirectory()) return [path];
  return readdirSync(at(path), { withFileTypes: true })
    .filter((e) => !SKIP.has(e.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesOf(join(path, e.name)) : e.isFile() ? [join(path, e.name)] : []));
}

function inputsHash(/** @type {Target} */ t) {
  const hash = createHash('sha256');
  for (const input of [...COMMON, ...t.inputs]) {
    if (input.startsWith('env:')) hash.update(`${input}\0`);
    else
      for (const file of filesOf(input))
        hash
          .update(`${file}\0`)
          .update(readFileSync(at(file)))
          .update('\0');
  }
  return hash.digest('hex');
}

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !(n in TARGETS));
if (unknown.length) {
  console.error(`usage: node scripts/build.mjs [--if-changed] [${Object.keys(TARGETS).join('|')}…] (not "${unknown.join(' ')}")`);
  process.exit(2);
}

const started = Date.now();
const done = await Promise.all(
  (names.length ? names : Object.keys(TARGETS)).map(async (name) => {
    const t = /** @type {Target} */ (TARGETS[name]);
    const hash = inputsHash(t);
    const stamp = at(join(t.out, STAMP));
    if (ifChanged && existsSync(at(join(t.out, t.entry))) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return `${name} up to date`;
    const begun = Date.now();
    await t.build();
    writeFileSync(stamp, hash);
    return `${name} built in ${((Date.now() - begun) / 1000).toFixed(1)} s`;
  }),
);
console.log(`build: ${done.join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
