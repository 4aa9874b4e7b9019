// The table-owners check's reading of the migrations (docs/architecture.md#who-owns-which-table): what the database
// runs on the shop's behalf after a migration is over — its functions, and the triggers that call them — is a
// domain's code like its TypeScript, so it writes only its owner's tables and reads no other domain's. A trigger with
// news for another domain calls that domain's function (back_in_stock_on_sale, wishlist_price_fell), which writes its tables.
//
// The migrations are read in the journal's order as the database would apply them: a function is as its last
// CREATE [OR REPLACE] left it, a DROP removes it, so a migration that mends an older one's function is what counts.
// A function's owner is, in this order:
// - the owner of the table of every trigger that runs it (a function run by triggers on two owners' tables is refused);
// - the folder of api/src/ its name starts with (`notices_enqueue` → notices/, `back_in_stock_on_sale` → back-in-stock/);
// - the one owner of every function that calls it (a helper of the overview's triggers is the orders').
// A statement of a migration itself (creating a table, filling a new column, moving rows to a new table) runs once
// at deploy under the schema's owner and is not read.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A migration's statements, split at top-level semicolons (never inside quotes, dollar quotes or comments), each with
 * the line it starts on and its text with comments blanked.
 * @param {string} text
 * @returns {Array<{ line: number, sql: string }>}
 */
export function splitStatements(text) {
  const out = [];
  let line = 1;
  let startLine = 1;
  let code = '';
  let i = 0;
  const push = () => {
    const sql = code.trim();
    if (sql) out.push({ line: startLine, sql });
    code = '';
  };
  while (i < text.length) {
    const c = text[i] ?? '';
    if (!code.trim()) startLine = line;
    if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const skipped = text.slice(i, end < 0 ? text.length : end + 2);
      line += skipped.split('\n').length - 1;
      code += ' ';
      i += skipped.length;
      continue;
    }
    const dollar = c === '$' ? /^\$(\w*)\$/.exec(text.slice(i)) : null;
    if (c === "'" || c === '"' || dollar) {
      const close = dollar ? dollar[0] : c;
      let end = text.indexOf(close, i + close.length);
      // '' inside a quoted text is a quote, not its end.
      while (!dollar && end >= 0 && text[end + 1] === c) end = text.indexOf(close, end + 2);
      const quoted = text.slice(i, end < 0 ? text.length : end + close.length);
      line += quoted.split('\n').length - 1;
      code += quoted;
      i += quoted.length;
      continue;
    }
    if (c === ';') {
      push();
      i += 1;
      continue;
    }
    if (c === '\n') line += 1;
    code += c;
    i += 1;
  }
  push();
  return out;
}

const NAME = String.raw`(?:"?public"?\.)?"?(\w+)"?`;
const CREATE_FUNCTION = new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?function\s+${NAME}\s*\(`, 'i');
const DROP_FUNCTION = new RegExp(String.raw`^drop\s+function\s+(?:if\s+exists\s+)?${NAME}`, 'i');
const CREATE_TRIGGER = new RegExp(
  String.raw`^create\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+${NAME}[\s\S]*?\bon\s+${NAME}[\s\S]*?\bexecute\s+(?:function|procedure)\s+${NAME}\s*\(`,
  'i',
);
const DROP_TRIGGER = new RegExp(String.raw`^drop\s+trigger\s+(?:if\s+exists\s+)?${NAME}\s+on\s+${NAME}`, 'i');

/** The body of a CREATE FUNCTION: its dollar-quoted (or quoted) text after AS. */
function functionBody(statement) {
  const as = /\bas\s+(\$\w*\$|')/i.exec(statement);
  if (!as || as.index === undefined) return '';
  const open = as[1] ?? '';
  const from = as.index + as[0].length;
  const end = statement.indexOf(open, from);
  const body = statement.slice(from, end < 0 ? statement.length : end);
  // Its statements, comments dropped and quoted texts blanked: a table named in a text is not read.
  return splitStatements(open === "'" ? body.replace(/''/g, "'") : body)
    .map((s) => s.sql.replace(/'(?:[^']|'')*'/g, "''"))
    .join(';\n');
}

/**
 * The functions and triggers the migrations leave in the database.
 * @param {string} dir a migrations folder (drizzle's: its meta/_journal.json gives the order; else by file name)
 */
export function readMigrations(dir) {
  const journal = join(dir, 'meta', '_journal.json');
  const files = existsSync(journal)
    ? JSON.parse(readFileSync(journal, 'utf8')).entries.map((/** @type {{ tag: string }} */ e) => `${e.tag}.sql`)
    : readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort();
  /** @type {Map<string, { body: string, file: string, line: number }>} */
  const functions = new Map();
  /** @type {Map<string, { table: string, fn: string }>} */
  const triggers = new Map();
  for (const file of files) {
    for (const { line, sql } of splitStatements(readFileSync(join(dir, file), 'utf8'))) {
      let m;
      if ((m = CREATE_FUNCTION.exec(sql))) functions.set(m[1] ?? '', { body: functionBody(sql), file, line });
      else if ((m = DROP_FUNCTION.exec(sql))) functions.delete(m[1] ?? '');
      else if ((m = CREATE_TRIGGER.exec(sql))) triggers.set(`${m[2]}.${m[1]}`, { table: m[2] ?? '', fn: m[3] ?? '' });
      else if ((m = DROP_TRIGGER.exec(sql))) triggers.delete(`${m[2]}.${m[1]}`);
    }
  }
  return { functions, triggers };
}

/**
 * Each function's owner (see the head of this file), and the problems found in finding it.
 * @param {ReturnType<typeof readMigrations>} migrations
 * @param {ReadonlyMap<string, { owner: string }>} tables every table's owner, by SQL name
 * @param {readonly string[]} folders the top-level folders of api/src/
 */
export function functionOwners({ functions, triggers }, tables, folders) {
  /** @type {Map<string, string>} */
  const owners = new Map();
  /** @type {Map<string, string>} */
  const why = new Map();
  const problems = [];
  const prefixes = [...folders].sort((a, b) => b.length - a.length).map((f) => [`${f.replace(/-/g, '_')}_`, f]);
  const named = (fn) => prefixes.find(([prefix]) => fn.startsWith(prefix))?.[1];
  for (const [fn, { file, line }] of functions) {
    const on = [...triggers.values()].filter((t) => t.fn === fn);
    const byTrigger = new Set(on.map((t) => tables.get(t.table)?.owner).filter(Boolean));
    if (byTrigger.size > 1) {
      problems.push({
        file,
        line,
        message: `function ${fn} runs as a trigger on tables of ${[...byTrigger].join('/, ')}/: give each owner its own trigger function.`,
      });
    } else if (byTrigger.size === 1) {
      const [owner = ''] = byTrigger;
      owners.set(fn, owner);
      why.set(fn, `its trigger is on ${on.map((t) => t.table).join(', ')}`);
      const name = named(fn);
      if (name && name !== owner)
        problems.push({
          file,
          line,
          message: `function ${fn} is named for ${name}/ but runs as a trigger on ${on[0]?.table}, a table of ${owner}/: name it for ${owner}/.`,
        });
    } else if (named(fn)) {
      owners.set(fn, named(fn) ?? '');
      why.set(fn, 'its name');
    }
  }
  // Helpers: the owner of their callers, while that finds more.
  for (let found = true; found;) {
    found = false;
    for (const fn of functions.keys()) {
      if (owners.has(fn)) continue;
      const call = new RegExp(String.raw`\b${fn}\s*\(`, 'i');
      const callers = new Set([...functions].filter(([, f]) => call.test(f.body)).map(([caller]) => owners.get(caller)));
      const [owner] = callers;
      if (callers.size === 1 && owner) {
        owners.set(fn, owner);
        why.set(fn, 'its callers');
        found = true;
      }
    }
  }
  return { owners, why, problems };
}

/**
 * Where the migrations' functions write another domain's table, or read one, or touch tables with no owner to be
 * found: `{ file, line, message }`, the file relative to `dir`.
 * @param {string} dir
 * @param {ReadonlyMap<string, { owner: string }>} tables
 * @param {readonly string[]} folders
 * @param {(text: string, interpolated: ReadonlyArray<string | undefined>, known: ReadonlyMap<string, unknown>) => Array<{ table: string, write: boolean }>} sqlReferences
 */
export function migrationProblems(dir, tables, folders, sqlReferences) {
  const migrations = readMigrations(dir);
  const { owners, why, problems } = functionOwners(migrations, tables, folders);
  for (const [fn, { body, file, line }] of migrations.functions) {
    const owner = owners.get(fn);
    for (const { table, write } of sqlReferences(body, [], tables)) {
      const of = tables.get(table)?.owner;
      if (of === owner) continue;
      const verb = write ? 'writes' : 'reads';
      const face = `a function of ${of}/ (named ${of?.replace(/-/g, '_')}_…)`;
      const message = owner
        ? `function ${fn} (${owner}/'s: ${why.get(fn)}) ${verb} ${table}, a table of ${of}/: ${write ? `only ${of}/ writes it; call ${face}` : `read it through ${face}`}.`
        : `function ${fn} ${verb} ${table} but has no owner: name it for its domain (<folder>_…), or run it from a trigger on its domain's table.`;
      problems.push({ file, line, message });
    }
  }
  return problems;
}
