// No cycle between the PWA's features, as one ESLint rule (`haat/feature-cycles`; docs/decisions/0043-pwa-feature-boundaries.md).
// A feature is a folder of pwa/src/features/. Feature A uses feature B when a file of A (not a test) imports anything
// of B, statically, as a type or with import(): a lazy import is a dependency still, only a later one. An import from A
// into B is refused when B uses A back, directly or through other features: the two would stand on each other, and
// neither could be understood, tested or loaded without the other. What both need goes down to lib/ or into the feature
// that owns it.
// ESLint looks at one file at a time; the rule reads the other files' imports from disk once a run (a few hundred small
// files, 30-80 ms on this machine) and takes the linted file's own imports from the code ESLint hands it, so an editor's unsaved
// change is judged as written.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importSources } from './import-boundaries.js';

const REPOSITORY = dirname(dirname(fileURLToPath(import.meta.url)));
const FEATURES = 'pwa/src/features';
const SOURCE = /\.(tsx?|mjs|js)$/;
/** Every import source a file names: `from '…'`, a bare `import '…'` and `import('…')`. */
const IMPORT = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

const isTest = (/** @type {string} */ path) => /\/__tests__\/|\.test\.tsx?$/.test(path);

/** The feature of a path relative to the root ('pwa/src/features/<f>/…'), or null. */
function featureOf(/** @type {string} */ path) {
  return new RegExp(`^${FEATURES}/([^/]+)/`).exec(path)?.[1] ?? null;
}

/** The feature a relative import from `file` (a path relative to the root) lands in, or null. */
function featureImported(/** @type {string} */ root, /** @type {string} */ file, /** @type {string} */ source) {
  if (!source.startsWith('.')) return null;
  const landed = relative(root, resolve(root, dirname(file), source))
    .split(sep)
    .join('/');
  return featureOf(`${landed}/`);
}

/** @typedef {Map<string, Map<string, string>>} Uses  each file (relative to the root) → the features it uses → the source naming it */

/** @type {Map<string, Uses>} */
const scanned = new Map();

/** Which features every non-test file under the root's features folder uses, read from disk once a run. */
function usesOnDisk(/** @type {string} */ root) {
  const known = scanned.get(root);
  if (known) return known;
  /** @type {Uses} */
  const uses = new Map();
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__' && entry.name !== 'node_modules') walk(path);
      } else if (SOURCE.test(entry.name) && !isTest(path)) {
        const from = featureOf(path);
        /** @type {Map<string, string>} */
        const used = new Map();
        for (const m of readFileSync(join(root, path), 'utf8').matchAll(IMPORT)) {
          const source = m[1] ?? m[2] ?? '';
          const to = featureImported(root, path, source);
          if (to && to !== from && !used.has(to)) used.set(to, source);
        }
        uses.set(path, used);
      }
    }
  };
  walk(FEATURES);
  scanned.set(root, uses);
  return uses;
}

/**
 * A way back from `start` to `goal` through the features' uses, as [feature, file, feature, file, …], or null.
 * @param {Uses} uses
 */
function wayBack(uses, /** @type {string} */ start, /** @type {string} */ goal) {
  /** @type {Map<string, [string, string]>} feature → the feature and file it was reached from */
  const reachedFrom = new Map([[start, ['', '']]]);
  const queue = [start];
  while (queue.length > 0) {
    const feature = /** @type {string} */ (queue.shift());
    for (const [file, used] of uses) {
      if (featureOf(file) !== feature) continue;
      for (const next of used.keys()) {
        if (reachedFrom.has(next)) continue;
        reachedFrom.set(next, [feature, file]);
        if (next === goal) {
          const way = [goal];
          for (let at = goal; at !== start;) {
            const [prev, via] = /** @type {[string, string]} */ (reachedFrom.get(at));
            way.unshift(prev, via);
            at = prev;
          }
          return way;
        }
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureCycles = {
  meta: {
    type: 'problem',
    docs: { description: "No cycle between the PWA's features: a feature never imports one that uses it back." },
    // `root`: the folder holding pwa/src/features (the repository; the rule's test names a fixture).
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? REPOSITORY;
    const file = relative(root, context.filename).split(sep).join('/');
    const feature = featureOf(file);
    if (!feature || file.startsWith('..') || isTest(file)) return {};
    /** @type {{ node: any, to: string }[]} */
    const imports = [];
    return {
      ...importSources((node) => {
        if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
        const to = featureImported(root, file, node.value);
        if (to && to !== feature) imports.push({ node, to });
      }),
      'Program:exit'() {
        if (imports.length === 0) return;
        // The other files as on disk, this one as ESLint sees it.
        const uses = new Map(usesOnDisk(root));
        uses.set(file, new Map(imports.map(({ node, to }) => [to, String(node.value)])));
        for (const { node, to } of imports) {
          const way = wayBack(uses, to, feature);
          if (!way) continue;
          const steps = [];
          for (let i = 0; i + 2 < way.length; i += 2) steps.push(`${way[i + 1]} imports ${way[i + 2]}`);
          context.report({
            node,
            message: `Feature cycle: ${feature} imports ${to}, and ${to} uses ${feature} back (${steps.join('; ')}). Move what both need down to lib/ or into the feature that owns it (docs/decisions/0043-pwa-feature-boundaries.md).`,
          });
        }
      },
    };
  },
};
