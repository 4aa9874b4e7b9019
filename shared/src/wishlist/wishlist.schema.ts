import { z } from 'zod';
import { IdRef } from '../common/fields.js';

/** Add and remove are set operations on (user, product), so a replayed outbox entry is harmless. */
export const WishlistBody = z.object({ productId: IdRef });
export type WishlistBody = z.infer<typeof WishlistBody>;
