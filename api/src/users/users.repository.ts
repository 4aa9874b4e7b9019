import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Language } from '@haat/shared/common/languages';
import type { Db } from '../db/database.js';
import { users } from './users.table.js';

// The users domain's queries that other domains run (payments, orders, push, reviews).

/** A user's e-mail address, or undefined for an unknown user. */
export async function emailOf(db: Db, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.email;
}

/** Name and avatar of users, as reviews show their authors; unknown ids are left out. */
export function namesAndAvatarsByIds(db: Pick<Db, 'select'>, ids: readonly string[]) {
  return db
    .select({ id: users.id, name: users.name, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Id, name, mobile and e-mail of users, as an admin's order list shows its customers; unknown ids are left out. */
export function customerRefsByIds(db: Pick<Db, 'select'>, ids: readonly string[]) {
  return db
    .select({ _id: users.id, name: users.name, mobile: users.mobile, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** The active administrators with the language of their notices, as a subquery to join. */
export function activeAdminsWithLanguage(db: Pick<Db, 'select'>) {
  return db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'Active')))
    .as('active_admins');
}

/** Stores an account's language unless it has it already (no row is written then). */
export async function storeLanguage(db: Pick<Db, 'update'>, userId: string, language: Language): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)));
}

/** The stored language of accounts; unknown ids are left out. */
export function languagesByIds(db: Pick<Db, 'select'>, ids: readonly string[]) {
  return db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** The ids of the active administrators, as a subquery for `inArray(column, activeAdminIds(db))`. */
export function activeAdminIds(db: Pick<Db, 'select'>) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'Active')));
}

/** Locks one user's row for the rest of the transaction: per-account caps count their rows one caller at a time. */
export async function lockUser(tx: Pick<Db, 'select'>, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
