// `haat/table-owners`: each table of the API is defined and written in its own domain, and other domains read it
// through the owner's face, not by SQL (docs/architecture.md#who-owns-which-table). The owner of a table is the
// top-level folder of api/src/ whose `*.table.ts` file declares it (`pgTable('name', …)`), read from the files, so a
// new table is watched the day it is added. In every other folder of api/src/ the rule reports
// - SQL text (a string, or a template such as drizzle's sql`…`) that names another domain's table after
//   from / join / into / update / delete from / copy / truncate, or that interpolates another domain's table object
//   there (sql`select … from ${products}`);
// - drizzle's builder given another domain's table object: insert / update / delete (writes), from / joins (reads).
// A write is always an error. A read by SQL is allowed only for the one statement an entry of the `allowReads` option
// (eslint/table-reads.js) names, by its file and the declaration it is written in, with its reason; an entry that
// matches no statement any more, or a second statement, is reported too. The top floor's `seed` loads every table
// (docs/decisions/0199-one-way-floors-and-a-face-per-domain.md) and is not watched; neither are the table files (a
// foreign key names the table it references) nor db/schema.ts.
// The migrations' functions and triggers are checked too (eslint/migration-owners.js), reported on the file that
// applies them, api/src/db/database.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationProblems } from './migration-owners.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const API_SRC = join(ROOT, 'api/src');
const UNWATCHED = new Set(['seed']);
/** The file that applies the migrations: the migrations' problems are reported on it. */
const MIGRATOR = 'api/src/db/database.ts';

/** Every table of api/src's drizzle schema: its SQL name → { owner folder, file }; and its exported name → SQL name. */
export function readTableOwners(apiSrc = API_SRC) {
  /** @type {Map<string, { owner: string, file: string }>} */
  const bySqlName = new Map();
  /** @type {Map<string, string>} */
  const byExport = new Map();
  for (const file of readdirSync(apiSrc, { recursive: true })) {
    const path = String(file).split(sep).join('/');
    if (!path.endsWith('.table.ts')) continue;
    const text = readFileSync(join(apiSrc, path), 'utf8');
    for (const [, name = '', table = ''] of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'(\w+)'/g)) {
      bySqlName.set(table, { owner: path.split('/')[0] ?? '', file: `api/src/${path}` });
      byExport.set(name, table);
    }
  }
  return { bySqlName, byExport };
}

let cached;
const owners = () => (cached ??= readTableOwners());

const PLACE = '\u0000';
const WRITE_WORDS = new Set(['into', 'update', 'delete from', 'copy', 'truncate', 'truncate table']);
// A keyword that names a relation, then the relation: an identifier (quoted or not, maybe schema-qualified) or an
// interpolated value (PLACE followed by its index).
const REFERENCE = new RegExp(
  `\\b(from|join|into|update|delete\\s+from|copy|truncate(?:\\s+table)?)\\s+(?:only\\s+)?(?:"?public"?\\.)?(?:"(\\w+)"|(\\w+)|${PLACE}(\\d+))`,
  'gi',
);

/**
 * The tables SQL text names, with whether it writes them. `interpolated[i]` is the SQL name of the table object
 * interpolated at the i-th placeholder (undefined when it is not a table).
 * @param {string} text SQL, with PLACE + index where a template interpolates a value
 * @param {ReadonlyArray<string | undefined>} interpolated
 * @param {ReadonlyMap<string, unknown>} known the tables to look for, by SQL name
 * @returns {Array<{ table: string, write: boolean }>}
 */
export function sqlReferences(text, interpolated, known) {
  const found = [];
  for (const m of text.matchAll(REFERENCE)) {
    const word = (m[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
    const table = m[2] ?? m[3] ?? (m[4] === undefined ? undefined : interpolated[Number(m[4])]);
    if (!table || !known.has(table)) continue;
    found.push({ table, write: WRITE_WORDS.has(word) });
  }
  return found;
}

/**
 * The top-level folder of api/src/ a file is in, or null outside api/src/.
 * @param {string} absolute
 * @returns {string | null}
 */
function folderOf(absolute) {
  const path = relative(API_SRC, absolute).split(sep).join('/');
  if (path.startsWith('..')) return null;
  return path.includes('/') ? (path.split('/')[0] ?? null) : '.';
}

const BUILDER_WRITES = new Set(['insert', 'update', 'delete']);
const BUILDER_READS = new Set(['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral']);

/**
 * The SQL name of the table an identifier is bound to by an import (from the table's own folder, or from
 * db/schema.ts, which gathers every table), or undefined when it is no imported table.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {any} node
 * @returns {string | undefined}
 */
function tableImported(context, node) {
  if (node?.type !== 'Identifier') return undefined;
  /** @type {import('eslint').Scope.Scope | null} */
  let scope = context.sourceCode.getScope(node);
  let variable;
  while (scope && !variable) {
    variable = scope.set.get(node.name);
    scope = scope.upper;
  }
  /** @type {any} */
  const def = variable?.defs[0];
  if (def?.type !== 'ImportBinding' || def.node.type !== 'ImportSpecifier') return undefined;
  const { bySqlName, byExport } = owners();
  const table = byExport.get(def.node.imported.name ?? def.node.imported.value);
  const from = String(def.parent.source.value);
  if (!table || !from.startsWith('.')) return undefined;
  const source = folderOf(resolve(dirname(context.filename), from));
  return source === bySqlName.get(table)?.owner || source === 'db' ? table : undefined;
}

/**
 * The statement a node is written in, by name: its function (a function declaration or a method) or the module's
 * constant it is written in (`const RANKED_SEARCH = …`), the innermost. What an allowed read names.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {any} node
 */
function statementName(context, node) {
  /** @type {any[]} */
  const ancestors = [...context.sourceCode.getAncestors(node)].reverse();
  for (const a of ancestors) {
    if (a.type === 'FunctionDeclaration' && a.id) return a.id.name;
    if ((a.type === 'MethodDefinition' || a.type === 'PropertyDefinition') && a.key.type === 'Identifier') return a.key.name;
    const topLevel = a.parent?.parent?.type === 'Program' || a.parent?.parent?.type === 'ExportNamedDeclaration';
    if (a.type === 'VariableDeclarator' && topLevel && a.id.type === 'Identifier') return a.id.name;
  }
  return '(module)';
}

/** The top-level folders of api/src/: a SQL function's name starts with its owner's. */
const folders = () =>
  readdirSync(API_SRC, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * @typedef {{ file: string, statement: string, tables: string[], reason: string }} AllowedRead
 */

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwners = {
  meta: {
    type: 'problem',
    docs: { description: "A domain writes only its own tables and reads another domain's only through its face." },
    schema: [
      {
        type: 'object',
        properties: {
          allowReads: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                file: { type: 'string' },
                statement: { type: 'string' },
                tables: { type: 'array', items: { type: 'string' } },
                reason: { type: 'string' },
              },
              required: ['file', 'statement', 'tables', 'reason'],
              additionalProperties: false,
            },
          },
          migrations: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const folder = folderOf(context.filename);
    const path = relative(ROOT, context.filename).split(sep).join('/');
    if (folder === null || UNWATCHED.has(folder) || path.endsWith('.table.ts') || path === 'api/src/db/schema.ts') return {};
    /** @type {AllowedRead[]} */
    const allowed = (context.options[0]?.allowReads ?? []).filter((/** @type {AllowedRead} */ a) => a.file === path);
    /** @type {Map<AllowedRead, number>} */
    const used = new Map();
    const { bySqlName } = owners();
    const importedTable = (/** @type {any} */ node) => tableImported(context, node);
    // `how` opens the message ('SQL' or 'drizzle'), so a count of the reports can tell raw SQL from the builder.
    /** @type {(node: any, how: string, found: Array<{ table: string, write: boolean }>) => void} */
    const check = (node, how, found) => {
      const theirs = found.filter(({ table }) => bySqlName.get(table)?.owner !== folder);
      for (const { table } of theirs.filter((f) => f.write)) {
        const owner = bySqlName.get(table)?.owner;
        context.report({ node, message: `${how} writes ${table}, a table of ${owner}/: only api/src/${owner}/ writes it. Call a function of its face.` });
      }
      const read = [...new Set(theirs.filter((f) => !f.write).map((f) => f.table))];
      if (!read.length) return;
      const name = statementName(context, node);
      const entry = allowed.find((a) => a.statement === name && read.every((t) => a.tables.includes(t)));
      if (entry && !used.has(entry)) {
        used.set(entry, 1);
        return;
      }
      for (const table of read) {
        const owner = bySqlName.get(table)?.owner;
        context.report({
          node,
          message: entry
            ? `SQL reads ${table}, a table of ${owner}/, in a second statement of ${name}: an entry of eslint/table-reads.js allows one statement. Read it through a function of its face.`
            : `${how} reads ${table}, a table of ${owner}/: read it through a function of its face, or allow this statement (${path}, ${name}) in eslint/table-reads.js with its reason (docs/architecture.md#who-owns-which-table).`,
        });
      }
    };
    const checkText = (node, text, interpolated) => check(node, 'SQL', sqlReferences(text, interpolated, bySqlName));
    return {
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value, []);
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q, i) => (q.value.cooked ?? q.value.raw) + (i < node.expressions.length ? ` ${PLACE}${i} ` : '')).join('');
        checkText(node, text, node.expressions.map(importedTable));
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !node.arguments[0]) return;
        const method = callee.property.name;
        if (!BUILDER_WRITES.has(method) && !BUILDER_READS.has(method)) return;
        const table = importedTable(node.arguments[0]);
        if (table) check(node, 'drizzle', [{ table, write: BUILDER_WRITES.has(method) }]);
      },
      'Program:exit'(node) {
        for (const a of allowed.filter((e) => !used.has(e)))
          context.report({
            node,
            message: `eslint/table-reads.js allows a read of ${a.tables.join(', ')} in ${a.statement} of this file, which reads none now: remove the entry.`,
          });
        if (path !== MIGRATOR) return;
        const dir = join(ROOT, context.options[0]?.migrations ?? 'api/drizzle');
        for (const p of migrationProblems(dir, bySqlName, folders(), sqlReferences))
          context.report({ node, message: `${relative(ROOT, join(dir, p.file))}:${p.line}: ${p.message}` });
      },
    };
  },
};
