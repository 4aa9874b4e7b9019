/**
 * Who can be told of what by which channel: rules without zod, which the PWA's Notify me carries on a first visit's
 * product page (the consents' body, notice-consents.ts, is zod's and loads with the screens that check it).
 */

/** What a shopper can be told of (docs/product.md#notices-and-consent). */
export const NOTICE_TOPICS = ['orderUpdates', 'backInStock', 'priceDrops'] as const;
export type NoticeTopic = (typeof NOTICE_TOPICS)[number];

/** How. */
export const NOTICE_CHANNELS = ['push', 'whatsapp', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** What of an account decides which channels can reach it: its e-mail ('' for none) and whether its mobile was proved. */
export interface ChannelHolder {
  email: string;
  mobileVerified: boolean;
}

/**
 * The channels a notice can reach this account by (docs/product.md#notices-and-consent), for the notice grid and
 * Notify me's choice: push (each device still subscribes), e-mail where the account has an address, WhatsApp at a
 * verified mobile on a shop that sends WhatsApp.
 */
export function usableChannels(account: ChannelHolder, shop: { whatsapp: boolean }): NoticeChannel[] {
  return NOTICE_CHANNELS.filter((c) => c === 'push' || (c === 'email' ? account.email !== '' : shop.whatsapp && account.mobileVerified));
}

/**
 * Topics a shopper asks to hear of, not their own orders: marketing-like, so mailed only to an address its owner proved
 * (docs/product.md#notices-and-consent); WhatsApp goes only to a verified number whatever the topic.
 */
export const PROVED_ADDRESS_TOPICS: readonly NoticeTopic[] = ['backInStock', 'priceDrops'];

/** What the account has proved: its e-mail (a link mailed to it) and its mobile (a code texted to it). */
export interface ProvedAddresses {
  email: boolean;
  mobile: boolean;
}

/** Whether a notice of `topic` may go by `channel` to an account that proved `proved` (push goes to its own devices). */
export function provedFor(topic: NoticeTopic, channel: NoticeChannel, proved: ProvedAddresses): boolean {
  if (channel === 'whatsapp') return proved.mobile;
  if (channel === 'email') return proved.email || !PROVED_ADDRESS_TOPICS.includes(topic);
  return true;
}
