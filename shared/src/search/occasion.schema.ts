import { z } from 'zod';
import { AUDIENCES } from './query-vocabulary.js';
import { OCCASIONS } from './occasions.js';

/**
 * An occasion's gifts as the admin sets them (PUT /api/search/occasions, docs/product.md#search): which of the kept
 * list's occasions, the shelves (names) its gifts come from — for anyone, and for her and for him when they differ —
 * whom it is for when the query does not say, and the most a gift usually costs in rupees.
 */
const Shelves = z
  .array(z.string().trim().min(1, { error: 'must not be empty' }).max(80, { error: 'must be at most 80 characters' }))
  .max(40, { error: 'has too many shelves' });

export const PutOccasionBody = z.strictObject({
  name: z.enum(OCCASIONS.map((o) => o.name) as [string, ...string[]], { error: 'must be an occasion of the list' }),
  shelves: Shelves.min(1, { error: 'must name a shelf' }),
  women: Shelves.optional(),
  men: Shelves.optional(),
  audience: z.enum(AUDIENCES, { error: 'must be men, women, boys, girls, kids or baby' }).optional(),
  maxPrice: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be whole rupees' })
    .positive({ error: 'must be more than 0' })
    .max(10_000_000, { error: 'is too large' })
    .optional(),
});
export type PutOccasionBody = z.infer<typeof PutOccasionBody>;

export const DeleteOccasionBody = z.strictObject({ name: PutOccasionBody.shape.name });
