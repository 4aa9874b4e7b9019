import { boolean, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatar: text('avatar').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    /** The mobile was proved by a code sent to it (docs/decisions/0280-sign-in-by-mobile-number.md); then it is stored as +91XXXXXXXXXX. */
    mobileVerified: boolean('mobile_verified').notNull().default(false),
    /** When a signed-in shopper last proved the mobile (null: the number an account was made with, or proved before this was kept). */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true, mode: 'date' }),
    /** The last sign-in, change or reset with the password: a number proved after it is removed by the next change or reset unless kept. */
    passwordSignedInAt: timestamp('password_signed_in_at', { withTimezone: true, mode: 'date' }),
    /** The shopper asked for order updates on WhatsApp at the verified mobile (docs/decisions/0282-order-updates-on-whatsapp.md). */
    whatsappUpdates: boolean('whatsapp_updates').notNull().default(false),
    /**
     * Which notices go by which channel (docs/product.md#notices-and-consent): off until the shopper turns one on, but
     * order updates by push and e-mail (as the shop always sent them); `whatsappUpdates` is order updates by WhatsApp.
     */
    orderUpdatesPush: boolean('order_updates_push').notNull().default(true),
    orderUpdatesEmail: boolean('order_updates_email').notNull().default(true),
    backInStockPush: boolean('back_in_stock_push').notNull().default(false),
    backInStockWhatsapp: boolean('back_in_stock_whatsapp').notNull().default(false),
    backInStockEmail: boolean('back_in_stock_email').notNull().default(false),
    priceDropsPush: boolean('price_drops_push').notNull().default(false),
    priceDropsWhatsapp: boolean('price_drops_whatsapp').notNull().default(false),
    priceDropsEmail: boolean('price_drops_email').notNull().default(false),
    verifyEmail: boolean('verify_email').notNull().default(false),
    lastLoginDate: timestamp('last_login_date', { withTimezone: true, mode: 'date' }),
    status: text('status').notNull().default('Active'),
    role: text('role', { enum: ['ADMIN', 'USER'] })
      .notNull()
      .default('USER'),
    googleSub: text('google_sub'),
    /** The language the account's mails and push notices are written in (docs/product.md#languages); shared's LANGUAGES. */
    language: text('language', { enum: ['en-IN', 'hi-IN'] })
      .notNull()
      .default('en-IN'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // An account made by a mobile sign-in has no e-mail yet (''): only real addresses are one account's each.
    uniqueIndex('users_email_key')
      .on(t.email)
      .where(sql`${t.email} <> ''`),
    // Two accounts never share one verified number (docs/decisions/0280-sign-in-by-mobile-number.md).
    uniqueIndex('users_verified_mobile_key')
      .on(t.mobile)
      .where(sql`${t.mobileVerified}`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    check('users_language_known', sql`${t.language} in ('en-IN', 'hi-IN')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
