// `haat/no-test-sleeps`: a test waits for what it expects (an event, a web-first assertion, a poll with
// a deadline such as expect.poll or vi.waitFor), never for a fixed time (docs/testing.md).
// In test files (api/test/, __tests__/, test-support/, pwa/e2e/, *.test.*, *.spec.*) it reports:
//   - page.waitForTimeout(…);
//   - a promise that only waits: `new Promise((r) => setTimeout(r, n))` (or `() => r()`);
//   - `setTimeout`/`scheduler.wait` from node:timers/promises, and calls of a function named sleep or delay.
// A pause inside a loop is a poll's (the loop reads again; give it a deadline). That something does NOT
// happen is shown by a barrier, never by waiting: a later event that would come after it, through the
// same path (docs/testing.md). A sleep that is not a wait for anything
// (a load's pacing, a stand-in server's simulated slowness) says so with `// pacing: <why>`, on the line
// before its statement or on its line; it is still reported when the next statement asserts.
import { relative, sep } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const TEST_FILE = /(^api\/test\/|\/__tests__\/|\/test-support\/|^pwa\/e2e\/|\.(test|spec|e2e-spec)\.[cm]?[jt]sx?$)/;
const PACING = /(^|\s)pacing:\s*\S/;

/** True for a file this rule looks at (path relative to the repository, with / separators). */
export function isTestFile(path) {
  return TEST_FILE.test(path);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noTestSleeps = {
  meta: {
    type: 'problem',
    docs: { description: 'Tests wait for an event or poll with a deadline, not for a fixed time.' },
    schema: [],
  },
  create(context) {
    const from = relative(ROOT, context.filename).split(sep).join('/');
    if (!isTestFile(from)) return {};
    const source = context.sourceCode;
    /** Names bound to node:timers/promises' setTimeout or scheduler. */
    const timerPromises = new Set();
    /** Names of the file's own sleep helpers (`const settle = () => new Promise((r) => setTimeout(r, 300))`). */
    const sleepers = new Set(['sleep', 'delay']);

    const LOOP = /^(For|ForIn|ForOf|While|DoWhile)Statement$/;
    const FUNCTION = /^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/;
    /** Inside a loop's body, in the same function: a poll's pause. */
    const inLoop = (node) => {
      for (let n = node.parent; n && !FUNCTION.test(n.type); n = n.parent) if (LOOP.test(n.type)) return true;
      return false;
    };
    /** The statement holding `node` (its nearest ancestor-or-self statement or declaration). */
    const statementOf = (node) => {
      let statement = node;
      while (statement.parent && !/Statement$|Declaration$/.test(statement.type)) statement = statement.parent;
      return statement;
    };
    const annotated = (node) => {
      const first = statementOf(node).loc.start.line;
      return source.getAllComments().some((c) => PACING.test(c.value) && c.loc && c.loc.end.line >= first - 1 && c.loc.start.line <= node.loc.end.line);
    };
    /** `expect(…)…`, `expect.poll(…)…`, `assert…(…)`, awaited or not. */
    const asserts = (statement) => {
      if (statement?.type !== 'ExpressionStatement') return false;
      let n = statement.expression.type === 'AwaitExpression' ? statement.expression.argument : statement.expression;
      if (n.type !== 'CallExpression') return false;
      while (n.type === 'CallExpression' || n.type === 'MemberExpression') n = n.type === 'CallExpression' ? n.callee : n.object;
      return n.type === 'Identifier' && /^(expect|assert)$/.test(n.name);
    };
    /** The statement after the one holding `node`, in the same block. */
    const nextStatement = (node) => {
      const statement = statementOf(node);
      const siblings = statement.parent?.body ?? statement.parent?.consequent;
      return Array.isArray(siblings) ? siblings[siblings.indexOf(statement) + 1] : undefined;
    };
    const report = (node, what) => {
      if (inLoop(node)) return;
      if (annotated(node)) {
        if (!asserts(nextStatement(node))) return;
        return context.report({
          node,
          message: `${what} before an assertion: "// pacing:" is for a load's pace or a stand-in's slowness only. Show that nothing came with a barrier: a later event through the same path (docs/testing.md).`,
        });
      }
      context.report({
        node,
        message: `${what} in a test: wait for the event, a web-first assertion or a poll with a deadline (expect.poll, vi.waitFor); that nothing came is shown by a later event through the same path (docs/testing.md); a load's pacing says so with "// pacing: <why>".`,
      });
    };
    /** A member's name when it is written `a.name`; else null. */
    const propName = (member) => (!member.computed && member.property.type === 'Identifier' ? member.property.name : null);
    const isSetTimeout = (callee) =>
      (callee.type === 'Identifier' && callee.name === 'setTimeout') || (callee.type === 'MemberExpression' && propName(callee) === 'setTimeout');
    /** `r` itself, or a function whose body only calls `r`. */
    const onlyResolves = (arg, resolve) => {
      if (!arg) return false;
      if (arg.type === 'Identifier') return arg.name === resolve;
      if (arg.type !== 'ArrowFunctionExpression' && arg.type !== 'FunctionExpression') return false;
      let body = arg.body;
      if (body.type === 'BlockStatement') {
        if (body.body.length !== 1 || body.body[0].type !== 'ExpressionStatement') return false;
        body = body.body[0].expression;
      }
      return body.type === 'CallExpression' && body.callee.type === 'Identifier' && body.callee.name === resolve;
    };

    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'node:timers/promises' && node.source.value !== 'timers/promises') return;
        for (const s of node.specifiers) {
          if (
            s.type === 'ImportSpecifier' &&
            ['setTimeout', 'scheduler'].includes(s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value))
          )
            timerPromises.add(s.local.name);
          if (s.type !== 'ImportSpecifier') timerPromises.add(`${s.local.name}.`);
        }
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type === 'MemberExpression' && propName(callee) === 'waitForTimeout') return report(node, 'waitForTimeout');
        if (callee.type === 'Identifier' && sleepers.has(callee.name)) return report(node, `${callee.name}(…)`);
        if (callee.type === 'Identifier' && timerPromises.has(callee.name)) return report(node, 'A timers/promises sleep');
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier') {
          const name = callee.object.name;
          if (
            (timerPromises.has(name) && propName(callee) === 'wait') ||
            (timerPromises.has(`${name}.`) && /^(setTimeout|scheduler)$/.test(propName(callee) ?? ''))
          )
            return report(node, 'A timers/promises sleep');
        }
      },
      NewExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'Promise') return;
        const executor = node.arguments[0];
        if (!executor || (executor.type !== 'ArrowFunctionExpression' && executor.type !== 'FunctionExpression')) return;
        const param = executor.params[0];
        const resolve = param?.type === 'Identifier' ? param.name : null;
        if (!resolve) return;
        let body = executor.body;
        if (body.type === 'BlockStatement') {
          const only = body.body[0];
          if (body.body.length !== 1 || only?.type !== 'ExpressionStatement') return;
          body = only.expression;
        }
        if (body.type !== 'CallExpression' || !isSetTimeout(body.callee) || !onlyResolves(body.arguments[0], resolve)) return;
        report(node, 'A promise that only waits');
        // A helper that returns it: its calls are sleeps too.
        const helper = node.parent;
        if (helper?.type !== 'ArrowFunctionExpression' || helper.body !== node) return;
        const declarator = helper.parent;
        if (declarator?.type === 'VariableDeclarator' && declarator.id.type === 'Identifier') sleepers.add(declarator.id.name);
      },
    };
  },
};
