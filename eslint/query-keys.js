// `haat/query-keys`: in pwa/src, every key of the online-read cache comes from pwa/src/lib/query/query-keys.ts, or
// admin-keys.ts beside it for the admin's (docs/architecture.md#server-reads-pwasrclibquery). A key typed where it is used drifts from the words a write or a
// socket event invalidates by, and the read is then never asked again. Reported outside those two and tests:
//   - `queryKey: [ … ]`, an array written in place (a `queryOptions`, a filter of the client's);
//   - `invalidate('…', …)`, a key's words written in place.
import { relative, sep } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CHECKED = /^pwa\/src\//;
const EXEMPT = /^pwa\/src\/lib\/query\/(query|admin|screen)-keys\.ts$|\/__tests__\/|\/test-support\/|\.test\.[jt]sx?$/;
const MESSAGE = "Take the key from pwa/src/lib/query/query-keys.ts (or admin-keys.ts, the admin's): a key written in place drifts from what invalidates it.";

/** @type {import('eslint').Rule.RuleModule} */
export const queryKeysRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keys of the online-read cache come from lib/query/query-keys.ts.' },
    schema: [],
  },
  create(context) {
    const from = relative(ROOT, context.filename).split(sep).join('/');
    if (!CHECKED.test(from) || EXEMPT.test(from)) return {};
    return {
      Property(node) {
        const name = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? node.key.value : null;
        if (name === 'queryKey' && !node.computed && node.value.type === 'ArrayExpression') context.report({ node: node.value, message: MESSAGE });
      },
      CallExpression(node) {
        const { callee } = node;
        const named =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier'
              ? callee.property.name
              : null;
        const first = node.arguments[0];
        if (named === 'invalidate' && first && (first.type === 'Literal' || first.type === 'TemplateLiteral'))
          context.report({ node: first, message: MESSAGE });
      },
    };
  },
};
