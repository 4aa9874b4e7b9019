import { z } from 'zod';
import { AUDIENCES } from './query-vocabulary.js';
import { OCCASIONS } from './occasions.js';
import { OccasionGifts } from './occasion-gifts.schema.js';

/**
 * An occasion's gifts as the admin sets them (PUT /api/search/occasions, docs/product.md#search): which of the kept
 * list's occasions, the shelves (names) its gifts come from — for anyone, and for her and for him when they differ —
 * whom it is for when the query does not say, and the most a gift usually costs in rupees.
 */
export const PutOccasionBody = OccasionGifts.extend({
  name: z.enum(OCCASIONS.map((o) => o.name) as [string, ...string[]], { error: 'must be an occasion of the list' }),
  audience: z.enum(AUDIENCES, { error: 'must be men, women, boys, girls, kids or baby' }).optional(),
});
export type PutOccasionBody = z.infer<typeof PutOccasionBody>;

export const DeleteOccasionBody = z.strictObject({ name: PutOccasionBody.shape.name });
