// `haat/stock-writes`: stock is written by the inventory module alone (api/src/inventory/). Its
// tables are out of other domains' reach through the import boundaries; this rule covers the other
// way in, SQL text: a string or template in the API that inserts into, updates or deletes from
// the inventory's tables, a store's pools (`store_units`) among them (or copies into them) anywhere but api/src/inventory/ is reported.
import { relative, sep } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const STOCK_TABLES = '(?:inventory_levels|stock_movements|account_holds|product_variants|store_units)';
const WRITE = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from|copy|truncate(?:\\s+table)?)\\s+"?${STOCK_TABLES}\\b`, 'i');

/** True when SQL text writes one of the inventory's tables. */
export function writesStock(text) {
  return WRITE.test(text);
}

/** @type {import('eslint').Rule.RuleModule} */
export const stockWrites = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the inventory module (api/src/inventory/) writes stock.' },
    schema: [],
  },
  create(context) {
    const from = relative(ROOT, context.filename).split(sep).join('/');
    if (!from.startsWith('api/src/') || from.startsWith('api/src/inventory/')) return {};
    const report = (node) =>
      context.report({ node, message: 'Stock is written by the inventory module only (api/src/inventory/): call its functions instead.' });
    return {
      Literal: (node) => typeof node.value === 'string' && writesStock(node.value) && report(node),
      TemplateLiteral: (node) => writesStock(node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ')) && report(node),
    };
  },
};
