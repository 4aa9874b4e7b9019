import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea.js';

/**
 * Uploaded pictures when FILE_STORAGE=postgres: every instance reads the bytes from the database it
 * already shares (docs/decisions/0212-pictures-every-instance-can-serve.md). `name` is the file name the URL
 * uses (`/uploads/<name>`); names are never reused, so a row is written once and never changed.
 */
export const storedFiles = pgTable('stored_files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
