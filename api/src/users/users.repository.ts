import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users } from './users.table.js';

// The users domain's queries that other domains run (payments, orders, push, reviews).

/** A user's e-mail address, or undefined for an unknown user. */
export async function emailOf(db: Db, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.email;
}
