import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which seeds have run on this database. The demo catalogue is seeded once per database, ever:
 * an admin who later deletes the whole demo catalogue must not find it back after a restart.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
