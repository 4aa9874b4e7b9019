import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::text[])`: many values sent as one array parameter. drizzle's inArray makes each value a parameter
 * of its own and builds the statement a value at a time, on the event loop: 25–30 CPU-ms for a thousand SKUs, in a
 * profile of the catalogue import's dry run (docs/benchmarks.md#books), where one array parameter costs nothing.
 */
export function anyText(column: Column, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}
