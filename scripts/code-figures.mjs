// The code's size figures a round's closing note gives (docs/testing.md#code-figures), read with the TypeScript
// compiler's parser rather than by pattern, so a function is what the compiler calls one:
//   node scripts/code-figures.mjs [root] [--long]
// - functions of 60 lines or more (declarations, methods, constructors, accessors, function expressions and arrow
//   functions, nested ones counted on their own) in api/src, pwa/src and shared/src, tests and specs included
//   separately; with --long, each with its place and length;
// - the ten largest files of code in the repository (TypeScript and JavaScript, outside dependencies, builds and
//   the message catalogues);
// - calls of useEffect in pwa/src; decision records in docs/decisions/.
// `root` defaults to this repository; pass another checkout (`git worktree add /tmp/x <commit>`) to measure a commit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const args = process.argv.slice(2);
const root = args.find((a) => !a.startsWith('--')) ?? fileURLToPath(new URL('..', import.meta.url));
const long = args.includes('--long');
const LONG = 60;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git', 'artifacts', 'drizzle', 'data', 'public', '.lighthouseci']);
const CODE = /\.(?:ts|tsx|mjs|js)$/;

/** Every file of code under `dir` (relative to root), skipping dependencies and builds. */
function codeFiles(dir) {
  const out = [];
  const walk = (abs) => {
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(join(abs, e.name));
      } else if (CODE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(relative(root, join(abs, e.name)).split(sep).join('/'));
    }
  };
  walk(join(root, dir));
  return out;
}

const isTest = (path) => /\.(?:spec|test|e2e-spec)\.[cm]?[jt]sx?$/.test(path) || path.includes('/__tests__/') || path.includes('/test-support/');

/** The functions of a file with their line counts, and its useEffect calls. */
function readFunctions(path) {
  const text = readFileSync(join(root, path), 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const functions = [];
  let effects = 0;
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const nameOf = (node) => {
    if (node.name && ts.isIdentifier(node.name)) return node.name.text;
    if (ts.isConstructorDeclaration(node)) return 'constructor';
    const parent = node.parent;
    if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
    return '(anonymous)';
  };
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      functions.push({ path, line: lineOf(node.getStart(source)) + 1, name: nameOf(node), lines });
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if (name === 'useEffect') effects += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { functions, effects, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) };
}

const sources = ['api/src', 'pwa/src', 'shared/src'].flatMap(codeFiles);
const read = new Map(sources.map((p) => [p, readFunctions(p)]));
const longOnes = [...read.values()].flatMap((r) => r.functions).filter((f) => f.lines >= LONG);
const inCode = longOnes.filter((f) => !isTest(f.path));
console.log(`functions of ${LONG} lines or more in api/src, pwa/src, shared/src: ${inCode.length} outside tests, ${longOnes.length - inCode.length} in tests`);
for (const dir of ['api/src', 'pwa/src', 'shared/src']) console.log(`  ${dir}: ${inCode.filter((f) => f.path.startsWith(dir)).length}`);
if (long) for (const f of longOnes.sort((a, b) => b.lines - a.lines)) console.log(`  ${String(f.lines).padStart(4)}  ${f.path}:${f.line} ${f.name}`);

const everyFile = ['api', 'pwa', 'shared', 'scripts', 'eslint'].flatMap(codeFiles).filter((p) => !/\/i18n\/(?:en|hi)[^/]*\.(?:ts|json)$/.test(p));
const sized = everyFile.map((p) => ({ p, lines: read.get(p)?.lines ?? readFileSync(join(root, p), 'utf8').split('\n').length - 1 }));
console.log('the ten largest files of code (lines):');
for (const { p, lines } of sized.sort((a, b) => b.lines - a.lines).slice(0, 10)) console.log(`  ${String(lines).padStart(5)}  ${p}`);

const effects = [...read].filter(([p]) => p.startsWith('pwa/src/')).reduce((n, [, r]) => n + r.effects, 0);
console.log(`useEffect calls in pwa/src: ${effects}`);
const decisions = (() => {
  try {
    return readdirSync(join(root, 'docs/decisions')).filter((f) => /^\d{4}-.*\.md$/.test(f) && statSync(join(root, 'docs/decisions', f)).isFile()).length;
  } catch {
    return 0;
  }
})();
console.log(`decision records: ${decisions}`);
