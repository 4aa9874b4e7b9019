import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@haat/shared/common/error-code';
import { toEnvelope } from '../src/common/all-exceptions.filter.js';
import { DB_KINDS, startApp, type TestApp } from './harness.js';

/**
 * Errors the database raises when two requests race (a deadlock, a serialization failure, a lock
 * that cannot be had, a row removed meanwhile, a value taken meanwhile) are the request's bad luck,
 * not a bug of ours: each answers a 4xx or a retryable 503, never 500. The errors are real ones,
 * raised by the database through drizzle (and, on PostgreSQL, a real deadlock between two
 * transactions), then answered by the same filter every route uses.
 */

const req = { id: 'req-db', method: 'POST', url: '/api/x' };
const logger = new Logger('database-conflicts-test');

/** The error the database raises for this SQLSTATE, as drizzle hands it to our code. */
async function raised(t: TestApp, sqlState: string): Promise<unknown> {
  try {
    await t.db.execute(sql.raw(`do $$ begin raise exception 'raced' using errcode = '${sqlState}'; end $$`));
  } catch (error) {
    return error;
  }
  throw new Error(`the database did not raise ${sqlState}`);
}

describe.each(DB_KINDS)('database conflicts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    Logger.overrideLogger(false);
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    ['serialization failure', '40001'],
    ['deadlock', '40P01'],
    ['lock not available', '55P03'],
    ['out of memory', '53200'],
    ['disk full', '53100'],
  ])('%s (%s) answers 503 BUSY with Retry-After', async (_name, sqlState) => {
    const answer = toEnvelope(await raised(t, sqlState), req, logger);
    expect({ status: answer.status, code: answer.body.code, retry: answer.headers?.['retry-after'] }).toEqual({
      status: 503,
      code: ErrorCode.Busy,
      retry: '1',
    });
  });

  it.each([
    ['foreign key', '23503', 'no longer exists'],
    ['unique', '23505', 'already taken'],
    ['exclusion', '23P01', 'overlaps'],
  ])('a %s violation (%s) answers 409 CONFLICT naming the problem', async (_name, sqlState, words) => {
    const answer = toEnvelope(await raised(t, sqlState), req, logger);
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 409, code: ErrorCode.Conflict });
    expect(answer.body.message).toContain(words);
    // The SQL and its parameters never reach the answer.
    expect(answer.body.message).not.toContain('raise exception');
  });

  it.each([
    ['an internal error', 'XX000'],
    ['a CHECK violation (every check is validated by our code first)', '23514'],
  ])('%s is still a 500: the filter does not hide bugs', async (_name, sqlState) => {
    const answer = toEnvelope(await raised(t, sqlState), req, logger);
    expect(answer.status).toBe(500);
  });

  if (kind === 'postgres') {
    it('a real deadlock between two transactions answers 503 BUSY for the one PostgreSQL cancels', async () => {
      await t.db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
      await t.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
      let bothHoldOne!: () => void;
      const held = new Promise<void>((resolve) => (bothHoldOne = resolve));
      let holding = 0;
      const crosswise = (first: number, second: number) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
          if ((holding += 1) === 2) bothHoldOne();
          await held;
          await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
        });
      const outcomes = await Promise.allSettled([crosswise(1, 2), crosswise(2, 1)]);
      const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(failed).toHaveLength(1);
      const answer = toEnvelope(failed[0]!.reason, req, logger);
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 503, code: ErrorCode.Busy });
      // The winner's transaction stands; the loser's left nothing behind.
      const result = (await t.db.execute(sql`select sum(n)::int as total from deadlock_probe`)) as { rows: unknown[] };
      expect(result.rows[0]).toEqual({ total: 2 });
    });
  }
});
