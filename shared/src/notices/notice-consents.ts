import { z } from 'zod';
import { NOTICE_CHANNELS, NOTICE_TOPICS, provedFor, type ProvedAddresses } from './notice-channels.js';

export * from './notice-channels.js';

const Switch = z.boolean({ error: 'must be true or false' });
const Channels = z.strictObject({ push: Switch, whatsapp: Switch, email: Switch }, { error: 'must be { push, whatsapp, email }' });

/** `PUT /api/user/notices` and the answer of `GET /api/user/notices`: every topic's every channel, said outright. */
export const NoticeConsentsBody = z.strictObject({ orderUpdates: Channels, backInStock: Channels, priceDrops: Channels });
export type NoticeConsents = z.infer<typeof NoticeConsentsBody>;

/**
 * A new account's consents (the DPDP Act: off until the shopper turns it on), but order updates by push and e-mail,
 * which a shop sends about an order the shopper placed, as it always did; push still needs the device to subscribe.
 */
export const DEFAULT_NOTICE_CONSENTS: NoticeConsents = {
  orderUpdates: { push: true, whatsapp: false, email: true },
  backInStock: { push: false, whatsapp: false, email: false },
  priceDrops: { push: false, whatsapp: false, email: false },
};

/** The switches `next` turns on (off in `before`) whose address the account has not proved, as `topic.channel`. */
export function switchesNeedingProof(before: NoticeConsents, next: NoticeConsents, proved: ProvedAddresses): string[] {
  return NOTICE_TOPICS.flatMap((topic) =>
    NOTICE_CHANNELS.filter((channel) => next[topic][channel] && !before[topic][channel] && !provedFor(topic, channel, proved)).map(
      (channel) => `${topic}.${channel}`,
    ),
  );
}
