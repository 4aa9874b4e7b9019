import type { Product } from '@haat/shared/catalog/catalog.types';
import { JsonText } from '../common/json-text.js';

/**
 * A catalogue read's answer: its JSON, sent as it is (common/json-text.ts), and the products it shows as
 * stored, under the envelope's own name: the read cache tags the answer with their ids, and the first paint reads
 * their picture paths (catalog/first-paint.ts).
 */
export class ProductAnswer extends JsonText {
  constructor(
    body: Buffer,
    readonly data: Product | Product[] | null,
  ) {
    super(body);
  }
}
