import { sql, type SQL } from 'drizzle-orm';

/**
 * What a sellable unit can still sell: its stock pool's on-hand less what open orders hold. The
 * unit is a product's option, or its default row when no option is named (`variantId` null). This
 * is the one read of the rule "a unit sells from its pool"; every reader of stock goes through it
 * (or through the product's read columns built on the same tables). The default unit's figure is
 * the one the product's read column already gives (`defaultUnit`, its `stock`), so only an option
 * costs a lookup of the pools. Null for an option the product does not have.
 */
export function availableOf(productId: SQL, variantId: SQL, defaultUnit: SQL): SQL<number | null> {
  return sql<number | null>`case when ${variantId} is null then ${defaultUnit}
    else (select il.available from product_variants sv join inventory_levels il on il.id = sv.inventory_level_id
      where ${unitRow(sql`sv`, productId, variantId)}) end`;
}

/**
 * The one rule that resolves a cart's or an order's unit to its product_variants row (`row`, an
 * alias): the option named, or the product's default row when none is (`variantId` null).
 */
export function unitRow(row: SQL, productId: SQL, variantId: SQL): SQL {
  return sql`${row}.product_id = ${productId} and (case when ${variantId} is null then ${row}.is_default else ${row}.id = ${variantId} end)`;
}
