// `haat/order-state-writes`: an order's state (orders.status, orders.paymentStatus, orders.statusHistory and the
// UPI processing mark orders.paymentProcessingAt) is written only by the order lifecycle, api/src/orders/lifecycle/,
// so every move goes through its kind's rows of the one order process and its effects (stock, refunds, events) can
// never be skipped. Elsewhere in api/src:
// - `.update(orders).set({...})` and `.insert(orders).values({...})` may not name those columns (nor
//   spread an object that might);
// - raw SQL may not `update orders set` them;
// - an object may not build a `paymentStatus`, `statusHistory` or `paymentProcessingAt` of its own: a new order takes its first
//   state from the lifecycle's initialState(), and copying one across (`row.paymentStatus`) is fine.
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const STATE_COLUMNS = new Set(['status', 'paymentStatus', 'statusHistory', 'paymentProcessingAt']);
const BUILT_HERE = new Set(['paymentStatus', 'statusHistory', 'paymentProcessingAt']);
const RAW_UPDATE = /\bupdate\s+(?:"?\w+"?\.)?"?orders"?\s[\s\S]*?\bset\b[\s\S]*?\b(status|payment_status|status_history|payment_processing_at)\b/i;
const LIFECYCLE = 'api/src/orders/lifecycle/';

/** Whether the rule watches this file: the API's code outside the lifecycle module and the table definitions (they declare the columns). */
export function watched(absolute) {
  const path = relative(ROOT, absolute).split(sep).join('/');
  return path.startsWith('api/src/') && !path.startsWith(LIFECYCLE) && !/\.table\.ts$/.test(path);
}

const keyName = (property) => (property.key.type === 'Identifier' ? property.key.name : typeof property.key.value === 'string' ? property.key.value : null);

/** `x.update(orders)` or `x.insert(orders)` as the object of `.set(...)` / `.values(...)`. */
function writesOrders(call) {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return false;
  const method = callee.property.name;
  if (method !== 'set' && method !== 'values') return false;
  const target = callee.object;
  return (
    target.type === 'CallExpression' &&
    target.callee.type === 'MemberExpression' &&
    target.callee.property.type === 'Identifier' &&
    target.callee.property.name === (method === 'set' ? 'update' : 'insert') &&
    target.arguments[0]?.type === 'Identifier' &&
    target.arguments[0].name === 'orders'
  );
}

const MESSAGE =
  'Order state (status, paymentStatus, statusHistory, paymentProcessingAt) is written only by api/src/orders/lifecycle/: call transition(), markPaymentProcessing() or initialState().';

/** @type {import('eslint').Rule.RuleModule} */
export const orderStateWrites = {
  meta: {
    type: 'problem',
    docs: { description: "Only the order lifecycle module writes an order's stage, payment status and history." },
    schema: [],
  },
  create(context) {
    if (!watched(context.filename)) return {};
    // A property can break both checks (a built paymentStatus inside .set()): say so once.
    const reported = new WeakSet();
    const report = (node) => {
      if (reported.has(node)) return;
      reported.add(node);
      context.report({ node, message: MESSAGE });
    };
    const checkObject = (node) => {
      if (node?.type === 'ArrayExpression') return node.elements.forEach(checkObject);
      if (node?.type !== 'ObjectExpression') return;
      for (const property of node.properties) {
        if (property.type === 'SpreadElement' || STATE_COLUMNS.has(keyName(property))) report(property);
      }
    };
    return {
      CallExpression(node) {
        if (writesOrders(node)) checkObject(node.arguments[0]);
      },
      Property(node) {
        if (!BUILT_HERE.has(keyName(node)) || node.parent.type !== 'ObjectExpression') return;
        const value = node.value;
        if (value.type === 'Identifier' || value.type === 'MemberExpression' || value.type === 'ChainExpression') return;
        report(node);
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' $ ');
        if (RAW_UPDATE.test(text)) report(node);
      },
    };
  },
};
