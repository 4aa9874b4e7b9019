import { z } from 'zod';
import { RequiredText, Text } from '../common/fields.js';

/**
 * The shop's settings for selling on ONDC (docs/product.md#selling-on-ondc), as the admin API takes and answers them:
 * which categories are sold on the network, each with its ONDC retail domain, ONDC category and the terms its items
 * carry; and where each location (the warehouse, each dark store) is on the map.
 */

/** ONDC's retail domains the shop's goods fall in, with the words the admin screen shows. */
export const ONDC_DOMAINS = [
  { code: 'ONDC:RET10', name: 'Grocery' },
  { code: 'ONDC:RET12', name: 'Fashion' },
  { code: 'ONDC:RET13', name: 'Beauty and personal care' },
  { code: 'ONDC:RET14', name: 'Electronics' },
  { code: 'ONDC:RET15', name: 'Appliances' },
  { code: 'ONDC:RET16', name: 'Home and kitchen' },
  { code: 'ONDC:RET18', name: 'Health and wellness' },
  { code: 'ONDC:RET1A', name: 'Toys and games' },
  { code: 'ONDC:RET1B', name: 'Books' },
] as const;
export type OndcDomain = (typeof ONDC_DOMAINS)[number]['code'];

const DOMAIN_CODES = ONDC_DOMAINS.map((d) => d.code) as [OndcDomain, ...OndcDomain[]];

/** What an admin sets for one category sold on ONDC. */
export const OndcCategoryBody = z.object({
  domain: z.enum(DOMAIN_CODES, { error: `must be one of ${DOMAIN_CODES.join(', ')}` }),
  /** ONDC's category id for the items, as its taxonomy spells it ("Snacks and Namkeen", "Earphone", "Books"). */
  ondcCategory: RequiredText(80),
  returnable: z.boolean({ error: 'must be true or false' }),
  cancellable: z.boolean({ error: 'must be true or false' }),
  returnWindowDays: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(60, { error: 'must be at most 60' }),
  timeToShipMinutes: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(10, { error: 'must be at least 10' })
    .max(14_400, { error: 'must be at most 14400 (10 days)' }),
  cod: z.boolean({ error: 'must be true or false' }),
  /** Packaged goods' statutory details: who made or packed them, and where (empty for goods that need none). */
  manufacturer: Text(120),
  manufacturerAddress: Text(240),
});
export type OndcCategoryBody = z.infer<typeof OndcCategoryBody>;

/** "lat,lng" in degrees with up to 6 decimals, as ONDC writes a position. */
export const Gps = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^-?\d{1,2}(\.\d{1,6})?,\s*-?\d{1,3}(\.\d{1,6})?$/, { error: 'must be "latitude,longitude" in degrees' })
  .transform((v) => v.replace(/\s+/g, ''))
  .refine(
    (v) => {
      const [lat, lng] = v.split(',').map(Number) as [number, number];
      return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
    },
    { error: 'must be a place on Earth' },
  );

export const OndcLocationBody = z.object({ gps: Gps });
export type OndcLocationBody = z.infer<typeof OndcLocationBody>;

/** One category's ONDC settings as the admin API answers them. */
export interface OndcCategorySetting extends OndcCategoryBody {
  categoryId: string;
}

/** A location of the shop as the network sees it. */
export interface OndcLocation {
  /** 'warehouse', or the dark store's id. */
  id: string;
  name: string;
  kind: 'warehouse' | 'store';
  gps: string | null;
  /** The pincodes a store serves (the warehouse serves all of India). */
  servesPincodes: string[];
}

export interface OndcSettings {
  /** The shop is on the network: its ONDC_ variables are set. */
  enabled: boolean;
  subscriberId: string | null;
  categories: OndcCategorySetting[];
  locations: OndcLocation[];
}
