// `haat/money-arithmetic`: amounts are added, split, rounded and converted only by shared/src/money/paise.ts, in
// integer paise (docs/decisions/0250-money-in-integer-paise.md). Elsewhere, in the shop's code (not its tests), it
// reports what turned rupees into paise inline before:
//   - `x * 100`, `100 * x` and `x / 100` where x names an amount;
//   - Math.round / Math.floor / Math.ceil / Math.trunc / toFixed of an expression that names an amount.
// An expression names an amount when one of its identifiers or property names speaks of money (price, amount,
// total, paise, rupees, tax, refund, discount, revenue, subtotal, …Amt, cgst, sgst, igst, taxable). The heuristic
// is by name: a percentage of a width, a time in seconds or a page count (a bare `total`) is not money and is left alone.
import { relative, sep } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CHECKED = /^(api\/src|shared\/src|pwa\/src)\//;
// The demo seed invents whole-rupee catalogue prices from random bands: no amount anyone owes is computed there.
const SKIPPED = /(^api\/src\/seed\/|\/__tests__\/|\/test-support\/|\.(test|spec|e2e-spec)\.[cm]?[jt]sx?$)/;
/** The one owner of money. */
const OWNER = 'shared/src/money/paise.ts';
const MONEY = /(price|amount|amt$|total|paise|rupee|tax|refund|discount|revenue|subtotal|cgst|sgst|igst|cost|charge)/i;
/** A bare `total` is a count (of rows, of seconds) as often as an amount; amounts say which total they are. */
const NOT_MONEY = new Set(['total', 'totalCount', 'totalNoPage', 'totalPages']);
const ROUNDING = new Set(['round', 'floor', 'ceil', 'trunc']);

/** True for a file this rule looks at (path relative to the repository, with / separators). */
export function isMoneyChecked(path) {
  return CHECKED.test(path) && !SKIPPED.test(path) && path !== OWNER;
}

/** Whether any identifier or property name inside `node` names an amount. */
function namesMoney(node) {
  let found = false;
  const visit = (n) => {
    if (found || !n || typeof n.type !== 'string') return;
    if (n.type === 'Identifier' && MONEY.test(n.name) && !NOT_MONEY.has(n.name)) return void (found = true);
    for (const key of Object.keys(n)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      const child = n[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(node);
  return found;
}

const isHundred = (n) => n?.type === 'Literal' && n.value === 100;

/** @type {import('eslint').Rule.RuleModule} */
export const moneyArithmetic = {
  meta: {
    type: 'problem',
    docs: { description: 'Money is converted and rounded only by shared/src/money/paise.ts.' },
    schema: [],
    messages: {
      convert: 'Rupees and paise are converted by shared/src/money/paise.ts (paise(), rupees()), not inline (docs/decisions/0250-money-in-integer-paise.md).',
      round: 'Amounts are rounded by shared/src/money/paise.ts (paise, split, allocate, percentOf), not here (docs/decisions/0250-money-in-integer-paise.md).',
    },
  },
  create(context) {
    const from = relative(ROOT, context.filename).split(sep).join('/');
    if (!isMoneyChecked(from)) return {};
    return {
      BinaryExpression(node) {
        if (node.operator === '*' && ((isHundred(node.right) && namesMoney(node.left)) || (isHundred(node.left) && namesMoney(node.right))))
          context.report({ node, messageId: 'convert' });
        else if (node.operator === '/' && isHundred(node.right) && namesMoney(node.left)) context.report({ node, messageId: 'convert' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const isMath = callee.object.type === 'Identifier' && callee.object.name === 'Math' && ROUNDING.has(callee.property.name);
        if (isMath && node.arguments.some(namesMoney)) context.report({ node, messageId: 'round' });
      },
    };
  },
};
