import { sql, type SQL } from 'drizzle-orm';

/**
 * A relation that one part of a statement hands to another: how to read it (a CTE's name or a parenthesised
 * select) and, for the compiler only, the columns its rows have. A domain's part of a shared statement (the
 * inventory's reservation, the cart's removal of ordered lines, a coupon's uses) takes its inputs as
 * Relations of the columns it reads and gives its results as Relations. So the statement that composes the
 * parts never spells another domain's CTE names, and TypeScript refuses to hand a part a relation that lacks
 * a column it reads (docs/architecture.md#placing-an-order-is-one-statement).
 */
export interface Relation<Row extends object> {
  /** The relation in SQL, to read `from ${relation.sql} alias`. */
  readonly sql: SQL;
  /** The type of its rows, by column name. Never set: it only carries the type. */
  readonly row?: Row;
}

/** A CTE of the caller's WITH list: `definition` goes in the list, `relation` reads it. */
export function cte<Row extends object>(name: string, body: SQL): { definition: SQL; relation: Relation<Row> } {
  const id = sql`${sql.identifier(name)}`;
  return { definition: sql`${id} as (${body})`, relation: { sql: id } };
}

/** A select read as a relation (no CTE of its own). */
export function selectRelation<Row extends object>(select: SQL): Relation<Row> {
  return { sql: sql`(${select})` };
}
