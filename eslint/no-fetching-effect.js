// `haat/no-fetching-effect`: in pwa/src, no effect fetches by hand. An online read goes through the online-read layer
// (pwa/src/lib/query: TanStack Query's cache, deduplication, abort and invalidation); device data through the device's
// store (docs/architecture.md#online-only-reads-pwasrclibquery, docs/decisions/0245-online-reads-on-tanstack-query.md). Reported: a
// useEffect or useLayoutEffect whose function (nested callbacks included) calls
//   - fetch(…), ky, or the network calls of lib/http/ (the http client, api-client, early-request, public-config, pincode);
//   - a function or object imported from a feature's API module (`api.ts`, `*-api.ts`, `api-client.ts`).
// An effect that only reacts to data already read (opens a form once a product arrived) calls none of these.
// `allow`: files whose fetching effects are known and waiting for their replacement, each listed with its reason.
import { relative, sep } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const EFFECT = /^use(Layout)?Effect$/;
/** Module sources whose imports are network calls. */
const FETCHING_SOURCE = /^ky$|(^|\/)lib\/http\/(http|api-client|early-request|public-config|pincode)$|(^|\/)([\w-]+-)?api$/;

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
    return {
      ImportDeclaration(node) {
        // `importKind` is typescript-eslint's (import type …), absent from ESTree's own node types.
        const typeOnly = (/** @type {object} */ n) => 'importKind' in n && n.importKind === 'type';
        if (typeof node.source.value !== 'string' || !FETCHING_SOURCE.test(node.source.value) || typeOnly(node)) return;
        for (const s of node.specifiers) if (!typeOnly(s)) fetching.add(s.local.name);
      },
      CallExpression(node) {
        const name = root(node.callee);
        if (!name || !fetching.has(name)) return;
        const effect = inEffect(node);
        if (effect)
          context.report({
            node,
            message: `An effect must not fetch (${name}): read online through pwa/src/lib/query (useOnlineQuery, QueryState), or device data through its store.`,
          });
      },
    };
  },
};
