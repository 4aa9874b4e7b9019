import { OccasionGifts } from '@haat/shared/search/occasion-gifts.schema';
import type { PutOccasionBody } from '@haat/shared/search/occasion.schema';
import type { Occasion } from '@haat/shared/search/occasions';

export type OccasionField = 'shelves' | 'women' | 'men' | 'maxPrice';
/** The form's fields as typed: shelves comma-separated, the band in rupees (empty: none). */
export type OccasionFields = Record<OccasionField, string>;

/** What is wrong with a field, as the screen words it (occasions.json `problem.*`). */
export type OccasionProblem = 'required' | 'tooMany' | 'tooLong' | 'price';

/** An occasion's gifts as the form shows them. */
export function occasionFields(o: Occasion): OccasionFields {
  return { shelves: o.shelves.join(', '), women: (o.women ?? []).join(', '), men: (o.men ?? []).join(', '), maxPrice: o.maxPrice ? String(o.maxPrice) : '' };
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The body to send for this occasion, its edited part checked with the API's own rules, or each field's first problem. */
export function occasionRequest(
  occasion: Occasion,
  fields: OccasionFields,
): { ok: true; body: PutOccasionBody } | { ok: false; problems: Partial<Record<OccasionField, OccasionProblem>> } {
  const price = fields.maxPrice.trim();
  const gifts = {
    shelves: list(fields.shelves),
    ...(list(fields.women).length ? { women: list(fields.women) } : {}),
    ...(list(fields.men).length ? { men: list(fields.men) } : {}),
    ...(price ? { maxPrice: /^\d+$/.test(price) ? Number(price) : Number.NaN } : {}),
  };
  // The name and audience are the occasion's own, as the server listed them; the server checks the whole body again.
  const parsed = OccasionGifts.safeParse(gifts);
  if (parsed.success) return { ok: true, body: { name: occasion.name, ...(occasion.audience ? { audience: occasion.audience } : {}), ...parsed.data } };
  const problems: Partial<Record<OccasionField, OccasionProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as OccasionField;
    problems[field] ??=
      field === 'maxPrice' ? 'price' : issue.message === 'must name a shelf' ? 'required' : issue.message === 'has too many shelves' ? 'tooMany' : 'tooLong';
  }
  return { ok: false, problems };
}
