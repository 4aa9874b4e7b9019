// node --test eslint/: the repository's docs and comments cite only what a clone has. A rule of the product
// is cited as docs/product.md (an anchor of it), a choice as docs/decisions/, the code's shape as
// docs/architecture.md; never an outside spec section, an issue number, a file beside the repository, or a
// dated work-log heading (docs say what is true now, not when it was done).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

const root = join(import.meta.dirname, '..');

/**
 * Files left out: dependencies, the lock file, history kept as history (a changelog) and this check itself.
 * docs/benchmarks.md is checked: it dates its figures inside tables, never in headings.
 */
const EXCLUDED = [/(^|\/)node_modules\//, /(^|\/)package-lock\.json$/, /(^|\/)CHANGELOG[^/]*$/i, /^eslint\/docs-citations\.test\.js$/];

/** Each kind of citation a clone cannot follow. */
const RULES = [
  { name: 'a spec section (cite docs/product.md#…)', test: (line) => /spec\s*§/i.test(line) },
  { name: 'an issue number', test: (line) => /\bissues?\s+#?\d/i.test(line) || (/\bissue/i.test(line) && /(^|[\s(])#\d+\b/.test(line)) },
  // ../shared/src and ../../shared/dist are the shared workspace's own files; a document or spec beside the
  // repository (../shared/ARCHITECTURE.md, ../shared/spec/…) is not in a clone.
  { name: 'a file outside the repository (../shared/…)', test: (line) => /(?:\.\.\/)+shared\/(?!src\/|dist\/|src'|dist'|src\b|dist\b)/.test(line) },
  { name: 'ARCHITECTURE.md (use docs/architecture.md)', test: (line) => line.includes('ARCHITECTURE.md') },
];

/** A markdown heading that dates work: "## 2026-11-23: …", "### Session 5: checkout". */
const datedHeading = (line) => /^\s{0,3}#{1,6}\s/.test(line) && (/\b\d{4}-\d{2}-\d{2}\b/.test(line) || /\bsession\s+\d+\b/i.test(line));

function trackedFiles() {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
}

/** Every offending line as "file:line: kind: text". */
function findCitations(files, read) {
  const found = [];
  for (const file of files) {
    if (EXCLUDED.some((re) => re.test(file))) continue;
    const text = read(file);
    if (text === undefined || text.includes('\0')) continue;
    const markdown = file.endsWith('.md');
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      for (const rule of RULES) if (rule.test(line)) found.push(`${file}:${i + 1}: ${rule.name}: ${line.trim().slice(0, 120)}`);
      if (markdown && datedHeading(line)) found.push(`${file}:${i + 1}: a dated work-log heading: ${line.trim().slice(0, 120)}`);
    }
  }
  return found;
}

/**
 * Every cited document must exist: a path `docs/….md` (an anchor after it aside), a record named by its number
 * alone (`docs/decisions/0196`, `docs/decisions/0213, 0214`, `decision 0195`), and a record's bare file name
 * (`0050-order-placement.md`, as the records cite each other). A record merged into another document or renamed
 * leaves its citations dangling; this names each of them.
 */
function findDanglingCitations(files, read, exists) {
  const records = files.filter((f) => /^docs\/decisions\/\d{4}-[^/]+\.md$/.test(f) && exists(f));
  const numbered = new Set(records.map((f) => f.slice('docs/decisions/'.length, 'docs/decisions/'.length + 4)));
  const found = [];
  for (const file of files) {
    if (EXCLUDED.some((re) => re.test(file))) continue;
    const text = read(file);
    if (text === undefined || text.includes('\0')) continue;
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const missing = new Set();
      for (const m of line.matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md\b/g)) if (!exists(m[0])) missing.add(m[0]);
      for (const m of line.matchAll(/(?<![\w/.-])(\d{4}-[a-z][a-z0-9-]*\.md)\b/g)) if (!exists(`docs/decisions/${m[1]}`)) missing.add(m[1]);
      for (const m of line.matchAll(/docs\/decisions\/(\d{4}(?:(?:,\s*|\s+and\s+)\d{4})*)(?![\w-])/g))
        for (const n of m[1].match(/\d{4}/g) ?? []) if (!numbered.has(n)) missing.add(`docs/decisions/${n}`);
      for (const m of line.matchAll(/\bdecisions?\s+(\d{4})\b/gi)) if (!numbered.has(m[1])) missing.add(`decision ${m[1]}`);
      // A Markdown link to a document beside this one: `[the figures](benchmarks.md#ci)`, `[0050](0050-….md)`.
      if (file.endsWith('.md'))
        for (const m of line.matchAll(/\]\(((?!\w+:)[^)#\s]+\.md)(?:#[^)]*)?\)/g)) {
          const target = posix.normalize(posix.join(posix.dirname(file), m[1]));
          if (!exists(target)) missing.add(target);
        }
      for (const cited of missing) found.push(`${file}:${i + 1}: cites ${cited}, which does not exist`);
    }
  }
  return found;
}

const existsAt = (file) => existsSync(join(root, file));

const readAt = (file) => {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch {
    return undefined; // listed by git but deleted in the work tree
  }
};

describe('docs and comments cite only what a clone has', () => {
  it('finds no citation of an outside spec, issue, file or date in any tracked file', () => {
    const found = findCitations(trackedFiles(), readAt);
    assert.deepEqual(found, [], `\n${found.join('\n')}\n`);
  });

  it('would report each kind of citation', () => {
    const files = {
      'api/src/a.ts': '/** Totals (spec §9). */\n// see Spec §4/§9: x\nconst ok = 1;',
      'pwa/src/b.ts': '// (issue 14: five queries before)\n// Issue 12 item 4: x\n// fixes issue #12',
      'README.md': 'See ../shared/ARCHITECTURE.md\n## 2026-11-23: what we did\n### Session 5: checkout\n## Rules and limits',
      'api/jest.config.js': "'<rootDir>/../shared/src/$1.ts'\nimport x from '../../shared/dist/money/pricing.js';",
      'docs/benchmarks.md': '## Session 5 (2026-11-22)',
      'node_modules/x/README.md': 'spec §1',
    };
    const found = findCitations(Object.keys(files), (f) => files[f]);
    assert.deepEqual(
      found.map((f) => f.split(': ')[0]),
      [
        'api/src/a.ts:1',
        'api/src/a.ts:2',
        'pwa/src/b.ts:1',
        'pwa/src/b.ts:2',
        'pwa/src/b.ts:3',
        'README.md:1',
        'README.md:1',
        'README.md:2',
        'README.md:3',
        'docs/benchmarks.md:1',
      ],
    );
  });
});

describe('docs/decisions/README.md lists every decision in force', () => {
  it('names each decision file once and no file that is gone', () => {
    const files = trackedFiles().filter((f) => /^docs\/decisions\/\d{4}-[^/]+\.md$/.test(f));
    const listed = [...readFileSync(join(root, 'docs/decisions/README.md'), 'utf8').matchAll(/\((\d{4}-[^)]+\.md)\)/g)].map((m) => `docs/decisions/${m[1]}`);
    assert.deepEqual(
      {
        unlisted: files.filter((f) => !listed.includes(f)),
        gone: listed.filter((f) => !files.includes(f)),
        twice: listed.filter((f, i) => listed.indexOf(f) !== i),
      },
      { unlisted: [], gone: [], twice: [] },
    );
  });
});

describe('every document a file cites exists', () => {
  it('finds no citation of a missing document or decision record in any tracked file', () => {
    const found = findDanglingCitations(trackedFiles(), readAt, existsAt);
    assert.deepEqual(found, [], `\n${found.join('\n')}\n`);
  });

  it('would report each kind of dangling citation, and no citation of what exists', () => {
    const files = {
      'docs/decisions/0002-inventory-owns-stock.md': 'See 0050-order-placement.md and 0166-journeys-retry-once.md.',
      'docs/decisions/0050-order-placement.md': '# Orders',
      'docs/testing.md': '# Testing\nThe [figures](benchmarks.md#ci), the [choice](decisions/0050-order-placement.md), [gone](decisions/0122-x.md).',
      'api/src/a.ts': '// docs/decisions/0150-precache-the-first-screens-shell.md\n// docs/decisions/0002-inventory-owns-stock.md',
      'api/src/b.ts': '// (docs/decisions/0196); docs/decisions/0050, 0213\n// a lighter chain (decision 0195), decision 0002',
      'README.md': 'docs/testing.md#waiting, docs/benchmarks.md "CI" and docs/architecture.md#caches',
      'pwa/src/c.ts': '// docs/decisions/0050-order-placement.md#context, ../docs/x.md is not a docs/ path',
    };
    const found = findDanglingCitations(
      Object.keys(files),
      (f) => files[f],
      (f) => f in files,
    );
    assert.deepEqual(found, [
      'docs/decisions/0002-inventory-owns-stock.md:1: cites 0166-journeys-retry-once.md, which does not exist',
      'docs/testing.md:2: cites docs/benchmarks.md, which does not exist',
      'docs/testing.md:2: cites docs/decisions/0122-x.md, which does not exist',
      'api/src/a.ts:1: cites docs/decisions/0150-precache-the-first-screens-shell.md, which does not exist',
      'api/src/b.ts:1: cites docs/decisions/0196, which does not exist',
      'api/src/b.ts:1: cites docs/decisions/0213, which does not exist',
      'api/src/b.ts:2: cites decision 0195, which does not exist',
      'README.md:1: cites docs/benchmarks.md, which does not exist',
      'README.md:1: cites docs/architecture.md, which does not exist',
    ]);
  });
});
