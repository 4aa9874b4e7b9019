import { z } from 'zod';

/**
 * The part of an occasion the admin's form edits: the shelves (names) its gifts come from — for anyone, and for her
 * and for him when they differ — and the most a gift usually costs in rupees. Apart from the occasion's name and
 * audience (occasion.schema.ts) so the form checks it without the search's word lists, which only the search page loads.
 */
const Shelves = z
  .array(z.string().trim().min(1, { error: 'must not be empty' }).max(80, { error: 'must be at most 80 characters' }))
  .max(40, { error: 'has too many shelves' });

export const OccasionGifts = z.strictObject({
  shelves: Shelves.min(1, { error: 'must name a shelf' }),
  women: Shelves.optional(),
  men: Shelves.optional(),
  maxPrice: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be whole rupees' })
    .positive({ error: 'must be more than 0' })
    .max(10_000_000, { error: 'is too large' })
    .optional(),
});
export type OccasionGifts = z.infer<typeof OccasionGifts>;
