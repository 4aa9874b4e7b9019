import { sql } from 'drizzle-orm';
import { ADMIN, newCustomer, startApp, type TestApp } from './harness.js';

const rowsOf = async <T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result: unknown = await t.db.execute(query);
  return (result as { rows: T[] }).rows;
};

/** The harness lends PGlite test apps an open database reset to the migrated template (docs/testing.md, "Lent PGlites"). */
describe('a lent PGlite database', () => {
  it('reaches the next app in the template’s state, and the app that gave it back can no longer reach it', async () => {
    const first = await startApp('pglite');
    const synonyms = (await rowsOf<{ n: number }>(first, sql`select count(*)::int as n from search_synonyms`))[0]!.n;
    expect(synonyms).toBeGreaterThan(0);
    await newCustomer(first, 'Left Behind');
    // The migrations' own rows changed, a sequence moved on, a prepared statement left in the session.
    await first.db.execute(sql`delete from search_synonyms`);
    await first.db.execute(sql`select nextval('stock_movements_id_seq')`);
    await first.db.execute(sql`prepare left_behind as select 1`);
    const db = first.db;
    await first.close();
    await expect(db.execute(sql`select 1`)).rejects.toThrow();

    const second = await startApp('pglite');
    try {
      expect(await rowsOf<{ email: string }>(second, sql`select email from users`)).toEqual([{ email: ADMIN.email }]);
      expect(await rowsOf<{ n: number }>(second, sql`select count(*)::int as n from search_synonyms`)).toEqual([{ n: synonyms }]);
      expect(await rowsOf<{ n: string }>(second, sql`select nextval('stock_movements_id_seq')::text as n`)).toEqual([{ n: '1' }]);
      expect(await rowsOf<{ name: string }>(second, sql`select name from pg_prepared_statements where name = 'left_behind'`)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('is not lent again once a test changed a column’s type: the next app opens the template’s', async () => {
    const first = await startApp('pglite');
    // As the text-fuzz test does to provoke PostgreSQL's 22001: the same catalogue counts, a narrower column.
    await first.db.execute(sql.raw('alter table categories alter column name type varchar(20)'));
    await first.close();
    const second = await startApp('pglite');
    try {
      const [column] = await rowsOf<{ type: string }>(
        second,
        sql`select format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = 'categories'::regclass and attname = 'name'`,
      );
      expect(column).toEqual({ type: 'text' });
    } finally {
      await second.close();
    }
  });
});
