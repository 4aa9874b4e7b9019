import { and, asc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@haat/shared/common/languages';
import type { Db } from '../db/database.js';
import { users, type UserRow } from './users.table.js';

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

// The account rows' reads and writes for the account's routes (api/src/account/: sign-up, sign-in,
// profile, password reset, Google sign-in), which sit above the domains they compose.

export type NewUser = typeof users.$inferInsert;
type UserPatch = Partial<Omit<NewUser, 'id'>>;

export async function userById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** E-mails are stored trimmed and lower-case. */
export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) });
}

export async function userByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.googleSub, sub) });
}

/** Another account than `userId` holding this e-mail, if any. */
export async function otherUserWithEmail(db: Db, email: string, userId: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: and(eq(users.email, email), ne(users.id, userId)) });
}

/** A new account, or undefined when its e-mail (or Google id) is taken: the caller decides what that means. */
export async function insertUserUnlessTaken(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Changes an account's row (its `updatedAt` too unless the patch sets only the sign-in time);
 * `whileEmail` changes it only while it still has that e-mail. Answers the row as changed, or
 * undefined when no row matched.
 */
export async function updateUser(db: Pick<Db, 'update'>, id: string, patch: UserPatch, whileEmail?: string): Promise<UserRow | undefined> {
  const stamp = Object.keys(patch).every((k) => k === 'lastLoginDate' || k === 'passwordSignedInAt') ? {} : { updatedAt: new Date() };
  const [row] = await db
    .update(users)
    .set({ ...patch, ...stamp })
    .where(whileEmail === undefined ? eq(users.id, id) : and(eq(users.id, id), eq(users.email, whileEmail)))
    .returning();
  return row;
}

/**
 * A password change or reset: the mobile number proved since the password last signed in is removed (its order updates
 * with it), and the password counts as signed in now (docs/decisions/0280-sign-in-by-mobile-number.md). A number proved
 * before, or the one the account was made with, stays. `keepMobile`: the owner, present with the current password, keeps it.
 */
export async function passwordProvedNow(db: Pick<Db, 'update'>, id: string, keepMobile = false): Promise<void> {
  const now = new Date();
  if (!keepMobile) {
    await db
      .update(users)
      .set({ mobile: '', mobileVerified: false, mobileVerifiedAt: null, whatsappUpdates: false, updatedAt: now })
      .where(
        and(eq(users.id, id), eq(users.mobileVerified, true), gt(users.mobileVerifiedAt, sql`coalesce(${users.passwordSignedInAt}, '-infinity'::timestamptz)`)),
      );
  }
  await db.update(users).set({ passwordSignedInAt: now }).where(eq(users.id, id));
}

/**
 * Locks every active administrator's row, in id order so that two callers cannot deadlock, and
 * answers their ids: two admins disabling each other at once are serialised.
 */
export async function lockActiveAdmins(tx: Pick<Db, 'select'>): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'Active')))
    .orderBy(asc(users.id))
    .for('update');
  return admins.map((a) => a.id);
}

/** The account's avatar, read under its row's lock (for the rest of the transaction). */
export async function lockedAvatarOf(tx: Pick<Db, 'select'>, id: string): Promise<string | undefined> {
  const [row] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, id)).for('update');
  return row?.avatar;
}

/**
 * Whether the account is verified — its e-mail by the mailed link, or its mobile by a code sent to it
 * (docs/decisions/0280-sign-in-by-mobile-number.md) — as a condition inside another domain's statement
 * (the order's hold cap, docs/product.md#rules-and-limits): one lookup by key, false for no such account.
 */
export function accountVerifiedSql(userId: SQL): SQL {
  return sql`coalesce((select u.verify_email or u.mobile_verified from users u where u.id = ${userId}), false)`;
}

/** Whether the account is verified now (its e-mail or its mobile), as accountVerifiedSql says. */
export async function isAccountVerified(db: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  const [row] = await db.select({ email: users.verifyEmail, mobile: users.mobileVerified }).from(users).where(eq(users.id, userId));
  return Boolean(row?.email || row?.mobile);
}

/** The account whose verified mobile this is (+91XXXXXXXXXX); at most one (users_verified_mobile_key). */
export async function userByVerifiedMobile(db: Pick<Db, 'select'>, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), eq(users.mobileVerified, true)));
  return row;
}
