import { getTableColumns, getTableName, sql, type InferSelectModel, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Each table's [property, column name] pairs, read once from its drizzle definition. */
const pairsOf = new WeakMap<PgTable, ReadonlyArray<readonly [string, string]>>();

function pairs(table: PgTable): ReadonlyArray<readonly [string, string]> {
  let found = pairsOf.get(table);
  if (!found) {
    found = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
    pairsOf.set(table, found);
  }
  return found;
}

/**
 * A row of `table` as a JSON object keyed by its column names: what `jsonb_populate_record(null::table, …)`
 * turns back into the table's row in SQL. With columnList, a statement that writes whole rows names no
 * column: the table's definition is the one place they are spelled.
 */
export function rowJson<T extends PgTable>(table: T, row: InferSelectModel<T>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, name] of pairs(table)) out[name] = (row as Record<string, unknown>)[key] ?? null;
  return out;
}

/** Every column of `table`, by name, qualified by `alias` when given: `"id", "user_id", …` or `r."id", r."user_id", …`. */
export function columnList(table: PgTable, alias?: string): SQL {
  return sql.join(
    pairs(table).map(([, name]) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(name)}` : sql.identifier(name))),
    sql`, `,
  );
}

/**
 * The rows of a JSON list of `table`'s rows (as rowJson gives them), each with the `extras` its objects carry beside
 * the row's columns (a column list: `ord int, clear_cart boolean`), as one select: two readers of the one list,
 * zipped row by row, the extras first. The list is read once as jsonb.
 */
export function rowsWithExtras(table: PgTable, list: SQL | Placeholder, extras: SQL): SQL {
  return sql`select x.* from (select ${list}::jsonb as list) input
    cross join lateral rows from (
      jsonb_to_recordset(input.list) as (${extras}),
      jsonb_populate_recordset(null::${sql.identifier(getTableName(table))}, input.list)
    ) as x`;
}
