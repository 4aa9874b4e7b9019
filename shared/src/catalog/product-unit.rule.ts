import { DEFAULT_UNIT, VARIABLE_UNITS, type PRODUCT_TYPES } from '../common/limits.js';

type ProductType = (typeof PRODUCT_TYPES)[number];

/**
 * docs/product.md#states and #rules-and-limits: a fixed product is sold by the pack, a variable one by one of the measures kg, litre,
 * gm or ml. Answers what is wrong with `unit` for that type (worded after the field name), or null.
 */
export function unitProblem(productType: ProductType, unit: string): string | null {
  if (productType === 'fixed') return unit === DEFAULT_UNIT ? null : `must be ${DEFAULT_UNIT} for a fixed product`;
  return (VARIABLE_UNITS as readonly string[]).includes(unit) ? null : `must be one of ${VARIABLE_UNITS.join(', ')} for a variable product`;
}

/** The unit a product of this type starts with when the admin switches type (the form keeps a still-valid one). */
export function unitForType(productType: ProductType, current: string): string {
  if (productType === 'fixed') return DEFAULT_UNIT;
  return unitProblem('variable', current) ? VARIABLE_UNITS[0] : current;
}

/**
 * What a shopper reads under a product's name: its unit, except the bare word a fixed product is sold
 * by ("pack"), which tells a shopper nothing (the name already says what one holds, e.g. "200 g").
 */
export function unitLabel(unit: string): string | null {
  return unit === DEFAULT_UNIT ? null : unit;
}

/**
 * The type a product created without one gets: variable when its unit is one of the measures (kg,
 * litre, gm, ml), fixed for anything else ("1 pc", "dozen"…). Only a type given explicitly is held
 * to the unit/type pair; clients that never sent a type keep their free units.
 */
export function typeForUnit(unit: string): ProductType {
  return (VARIABLE_UNITS as readonly string[]).includes(unit) ? 'variable' : 'fixed';
}
