import { and, eq } from 'drizzle-orm';
import type { Language } from '@haat/shared/common/languages';
import { provedFor, type NoticeChannel, type NoticeConsents, type NoticeTopic, type ProvedAddresses } from '@haat/shared/notices/notice-consents';
import type { Db } from '../db/database.js';
import { users } from './users.table.js';

/** Each topic's each channel, as its column (docs/product.md#notices-and-consent). */
const COLUMNS = {
  orderUpdates: { push: users.orderUpdatesPush, whatsapp: users.whatsappUpdates, email: users.orderUpdatesEmail },
  backInStock: { push: users.backInStockPush, whatsapp: users.backInStockWhatsapp, email: users.backInStockEmail },
  priceDrops: { push: users.priceDropsPush, whatsapp: users.priceDropsWhatsapp, email: users.priceDropsEmail },
} as const;
const FIELDS = {
  orderUpdates: { push: 'orderUpdatesPush', whatsapp: 'whatsappUpdates', email: 'orderUpdatesEmail' },
  backInStock: { push: 'backInStockPush', whatsapp: 'backInStockWhatsapp', email: 'backInStockEmail' },
  priceDrops: { push: 'priceDropsPush', whatsapp: 'priceDropsWhatsapp', email: 'priceDropsEmail' },
} as const;

/** The account's consents, or undefined for no such account. */
export async function noticeConsentsOf(db: Pick<Db, 'select'>, userId: string): Promise<NoticeConsents | undefined> {
  const [row] = await db.select(COLUMNS).from(users).where(eq(users.id, userId));
  return row;
}

/** The account's consents and what it has proved (its e-mail, its mobile), or undefined for no such account. */
export async function noticeConsentsAndProofOf(
  db: Pick<Db, 'select'>,
  userId: string,
): Promise<{ consents: NoticeConsents; proved: ProvedAddresses } | undefined> {
  const [row] = await db
    .select({ ...COLUMNS, emailProved: users.verifyEmail, mobileProved: users.mobileVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { emailProved, mobileProved, ...consents } = row;
  return { consents, proved: { email: emailProved, mobile: mobileProved } };
}

/** Stores every switch at once; false for no such account. */
export async function storeNoticeConsents(db: Pick<Db, 'update'>, userId: string, consents: NoticeConsents): Promise<boolean> {
  const patch: Record<string, boolean> = {};
  for (const [topic, fields] of Object.entries(FIELDS) as Array<[NoticeTopic, Record<NoticeChannel, string>]>)
    for (const [channel, field] of Object.entries(fields) as Array<[NoticeChannel, string]>) patch[field] = consents[topic][channel];
  const done = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return done.length > 0;
}

/** One switch off (an unsubscribe link): at once, so a notice already queued is not sent (its handler asks noticeTargetOf). */
export async function stopNotices(db: Pick<Db, 'update'>, userId: string, topic: NoticeTopic, channel: NoticeChannel): Promise<void> {
  await db
    .update(users)
    .set({ [FIELDS[topic][channel]]: false })
    .where(eq(users.id, userId));
}

/** The shopper said STOP on WhatsApp from this verified number: no WhatsApp notice of any kind goes to it, at once. */
export async function stopWhatsappUpdatesTo(db: Pick<Db, 'update'>, mobile: string): Promise<void> {
  await db
    .update(users)
    .set({ whatsappUpdates: false, backInStockWhatsapp: false, priceDropsWhatsapp: false })
    .where(and(eq(users.mobile, mobile), eq(users.mobileVerified, true)));
}

/** Where a notice of this topic goes by this channel, read when it is sent. */
export interface NoticeTarget {
  language: Language;
  /** The e-mail (email), the verified +91 number (whatsapp), or '' (push: the devices are push's). */
  address: string;
}

/** A shopper's language and the channels a notice of `topic` can reach them by now (noticeReachOf). */
export interface NoticeReach {
  language: Language;
  channels: NoticeChannel[];
}

/**
 * The one rule of where a notice of `topic` can go, in one read: each channel switched on with somewhere to go (push:
 * the switch, the devices are push's; WhatsApp: a verified mobile; e-mail: an address, proved for a marketing-like
 * topic, shared's provedFor), by its address. Null for an
 * account gone or not active.
 */
async function addressesOf(
  db: Pick<Db, 'select'>,
  userId: string,
  topic: NoticeTopic,
): Promise<{ language: Language; to: Partial<Record<NoticeChannel, string>> } | null> {
  const [row] = await db
    .select({
      ...COLUMNS[topic],
      address: users.email,
      mobile: users.mobile,
      mobileVerified: users.mobileVerified,
      emailVerified: users.verifyEmail,
      language: users.language,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.status !== 'Active') return null;
  const to: Partial<Record<NoticeChannel, string>> = {};
  // Asked when a notice is queued and again when it is sent: a marketing-like notice only to an address its owner proved.
  const proved = (channel: NoticeChannel) => provedFor(topic, channel, { email: row.emailVerified, mobile: row.mobileVerified });
  if (row.push) to.push = '';
  if (row.whatsapp && proved('whatsapp') && row.mobile) to.whatsapp = row.mobile;
  if (row.email && proved('email') && row.address) to.email = row.address;
  return { language: row.language, to };
}

/** The account's address for this topic and channel while its owner consents, else null (addressesOf). */
export async function noticeTargetOf(db: Pick<Db, 'select'>, userId: string, topic: NoticeTopic, channel: NoticeChannel): Promise<NoticeTarget | null> {
  const reach = await addressesOf(db, userId, topic);
  const address = reach?.to[channel];
  return reach && address !== undefined ? { language: reach.language, address } : null;
}

/**
 * In one read, what noticeTargetOf answers for each channel: the language, and the channels a notice can go by. A
 * notice that fans out queues parts only for these; each part still asks noticeTargetOf when it is sent, so a stop
 * meanwhile holds.
 */
export async function noticeReachOf(db: Pick<Db, 'select'>, userId: string, topic: NoticeTopic): Promise<NoticeReach | null> {
  const reach = await addressesOf(db, userId, topic);
  return reach && { language: reach.language, channels: (['push', 'whatsapp', 'email'] as const).filter((c) => reach.to[c] !== undefined) };
}
