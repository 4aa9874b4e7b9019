// `haat/no-fetching-effect`: in pwa/src, no effect fetches by hand. An online read goes through the online-read layer
// (pwa/src/lib/query: TanStack Query's cache, deduplication, abort and invalidation); device data through the device's
// store (docs/architecture.md#server-reads-pwasrclibquery, docs/decisions/0245-online-reads-on-tanstack-query.md). Reported: a
// useEffect or useLayoutEffect whose function (nested callbacks included) calls
//   - fetch(…), ky, or the network calls of lib/http/ (the http client, api-client, early-request, public-config, pincode);
//   - a function or object imported from a feature's API module (`api.ts`, `*-api.ts`, `api-client.ts`);
//   - a function imported from one of the repository's own modules that reaches the network itself: a module that
//     imports one of the above (a feature's sync module: `reloadWishlist`), or a name re-exported from one
//     (`accountApi` through a feature's public.ts), followed through re-exports;
//   - a function of the same file that calls one of these (`const apply = useCallback(async () => api.x())`, a
//     function declaration, an arrow), however deep such local callbacks call each other.
// An effect that only reacts to data already read (opens a form once a product arrived) calls none of these.
// `allow`: files whose fetching effects are known and waiting for their replacement, each listed with its reason.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const EFFECT = /^use(Layout)?Effect$/;
/** Module sources whose imports are network calls. */
const FETCHING_SOURCE = /^ky$|(^|\/)http\/(http|api-client|early-request|public-config|pincode)$|(^|\/)([\w-]+-)?api$/;

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
/** @type {Map<string, string | null>} */
const texts = new Map();
/** The text of the module `source` names from `fromFile` (a relative import), or null. */
const moduleText = (fromFile, source) => {
  if (!source.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), source);
  const file = EXTENSIONS.map((e) => base + e).find((f) => existsSync(f));
  if (!file) return null;
  if (!texts.has(file)) texts.set(file, readFileSync(file, 'utf8'));
  return { file, text: /** @type {string} */ (texts.get(file)) };
};
/** Whether `name`, imported from `source` in `fromFile`, reaches the network (see the list above). */
const reachesNetwork = (fromFile, source, name, depth = 0) => {
  if (FETCHING_SOURCE.test(source)) return true;
  const found = depth < 4 ? moduleText(fromFile, source) : null;
  if (!found) return false;
  // A re-export: follow it to where the name is made.
  for (const m of found.text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const part of (m[1] ?? '').split(',')) {
      const [inner, outer = inner] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if (outer === name && !/^\s*type\s/.test(part)) return reachesNetwork(found.file, m[2] ?? '', (inner ?? '').trim(), depth + 1);
    }
  }
  for (const m of found.text.matchAll(/export\s*\*\s*as\s+(\w+)\s+from\s*'([^']+)'/g))
    if (m[1] === name) return reachesNetwork(found.file, m[2] ?? '', '*', depth + 1);
  // Made here: a function declared to answer something other than a promise does not wait for the network
  // (`pushSupported(): boolean`); otherwise the module reaches the network when it imports what does.
  const declared = new RegExp(`export\\s+(?:(async\\s+)?function\\s+${name}\\b[^{]*|const\\s+${name}\\s*=\\s*(async\\b)?[^=]*=>)`).exec(found.text);
  if (declared && !declared[1] && !declared[2] && !/Promise</.test(declared[0])) return false;
  return [...found.text.matchAll(/^import\s+(?!type\b)[^;]*?from\s*'([^']+)'/gm)].some((m) => FETCHING_SOURCE.test(m[1] ?? ''));
};

/** @type {import('eslint').Rule.RuleModule} */
export const noFetchingEffect = {
  meta: {
    type: 'problem',
    docs: { description: 'An effect does not fetch by hand: online reads go through pwa/src/lib/query.' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
  },
  create(context) {
    const from = relative(ROOT, context.filename).split(sep).join('/');
    if (!from.startsWith('pwa/src/') || /\/__tests__\/|\/test-support\//.test(from)) return {};
    if ((context.options[0]?.allow ?? []).includes(from)) return {};
    /** Local names bound to a fetching module's exports. */
    const fetching = new Set(['fetch']);
    /** The identifier at the root of a callee (`a` in `a.b.c()` and `a()`; a chained `a().then()` is `a()`'s own call). */
    const root = (node) => {
      let n = node;
      while (n.type === 'MemberExpression') n = n.object;
      return n.type === 'Identifier' ? n.name : null;
    };
    /** The effect hook call this node is inside, if any. */
    const inEffect = (node) => {
      for (let n = node.parent; n; n = n.parent) {
        if (n.type === 'CallExpression' && n.arguments[0] && isFunction(n.arguments[0])) {
          const callee = n.callee.type === 'MemberExpression' ? n.callee.property : n.callee;
          if (callee.type === 'Identifier' && EFFECT.test(callee.name)) return n;
        }
      }
      return null;
    };
    const isFunction = (node) => node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
    /** The function a local name is bound to: `function f(){}`, `const f = () => …`, `const f = useCallback(() => …, [])`. */
    const localFunction = (node) => {
      if (node.type === 'FunctionDeclaration') return node.id ? { name: node.id.name, fn: node } : null;
      if (node.type !== 'VariableDeclarator' || node.id.type !== 'Identifier' || !node.init) return null;
      const init = node.init;
      if (isFunction(init)) return { name: node.id.name, fn: init };
      const wrapped = init.type === 'CallExpression' && root(init.callee) === 'useCallback' ? init.arguments[0] : null;
      return wrapped && isFunction(wrapped) ? { name: node.id.name, fn: wrapped } : null;
    };
    const within = (node, fn) => {
      for (let n = node.parent; n; n = n.parent) if (n === fn) return true;
      return false;
    };
    /** @type {{ name: string, fn: object }[]} */
    const locals = [];
    /** @type {object[]} */
    const calls = [];
    /** Why a local name fetches: the fetching name its body calls. */
    const through = new Map();
    return {
      FunctionDeclaration(node) {
        const local = localFunction(node);
        if (local) locals.push(local);
      },
      VariableDeclarator(node) {
        const local = localFunction(node);
        if (local) locals.push(local);
      },
      ImportDeclaration(node) {
        // `importKind` is typescript-eslint's (import type …), absent from ESTree's own node types.
        const typeOnly = (/** @type {object} */ n) => 'importKind' in n && n.importKind === 'type';
        const source = node.source.value;
        if (typeof source !== 'string' || typeOnly(node)) return;
        if (!FETCHING_SOURCE.test(source) && !source.startsWith('.')) return;
        for (const s of node.specifiers) {
          if (typeOnly(s)) continue;
          const name = s.type === 'ImportSpecifier' ? (s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value)) : '*';
          if (reachesNetwork(context.filename, source, name)) fetching.add(s.local.name);
        }
      },
      CallExpression(node) {
        calls.push(node);
      },
      'Program:exit'() {
        // A local function fetches when its body calls what fetches, until no more names join.
        for (let grew = true; grew;) {
          grew = false;
          for (const { name, fn } of locals) {
            if (fetching.has(name)) continue;
            const call = calls.find((c) => fetching.has(root(c.callee) ?? '') && within(c, fn));
            if (!call) continue;
            fetching.add(name);
            through.set(name, root(call.callee));
            grew = true;
          }
        }
        for (const node of calls) {
          const name = root(node.callee);
          if (!name || !fetching.has(name) || !inEffect(node)) continue;
          const via = through.has(name) ? `${name}, which calls ${through.get(name)}` : name;
          context.report({
            node,
            message: `An effect must not fetch (${via}): read online through pwa/src/lib/query (useOnlineQuery, QueryState), or refresh device data through useServerRefresh (lib/storage).`,
          });
        }
      },
    };
  },
};
