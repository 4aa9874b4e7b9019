import { z } from 'zod';
import { Id, IdRef } from '../common/fields.js';
import { NOTICE_CHANNELS, type NoticeChannel } from '../notices/notice-consents.js';

/**
 * "Notify me" on a sold-out product or one of its options (docs/product.md#back-in-stock). Subscribe and remove
 * are set operations on (account, product, option), so a replayed device outbox entry is harmless.
 */
export const NotifyMeBody = z.object({
  productId: IdRef,
  variantId: Id.nullish(),
  /**
   * The channels to turn on for back in stock with this ask, as `PUT /api/user/notices` would (the shopper chose them
   * when none was on: 409 `NO_CHANNEL`).
   */
  channels: z
    .array(z.enum(NOTICE_CHANNELS, { error: 'must be push, whatsapp or email' }))
    .max(NOTICE_CHANNELS.length)
    .optional(),
});
export type NotifyMeBody = z.infer<typeof NotifyMeBody>;

/** One wait on the shopper's "Notify me" list, as My Account shows it. */
export interface StockAlert {
  productId: string;
  variantId: string | null;
  name: string;
  variantName: string | null;
  image: string[];
  /** The unit's selling price before discount (rupees) and the product's discount, as cards show them. */
  price: number;
  discount: number;
  /** Whether the unit can be bought now (it came back and the notice is on its way, or another shopper's cancel). */
  inStock: boolean;
  createdAt: string;
  /** When the wait ends untold (docs/product.md#back-in-stock). */
  endsAt: string;
  /** The channels the back-in-stock notice will go by, as the account's switches and addresses stand now. */
  channels: NoticeChannel[];
}

/** 409 `NO_CHANNEL`'s facts: no channel is on for back in stock; these are the ones the account can turn on. */
export interface NoChannelFacts {
  channels: NoticeChannel[];
  /** The account's e-mail is not proved yet: mail goes only to a proved address (My Profile's "Verify"). */
  emailUnverified: boolean;
}

/** The admin's product screen: how many shoppers wait for the product's own unit and for each option. */
export interface StockAlertCounts {
  productId: string;
  waiting: number;
  byVariant: Record<string, number>;
}
