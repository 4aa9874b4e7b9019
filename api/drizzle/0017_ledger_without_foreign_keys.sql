ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_inventory_level_id_inventory_levels_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_variant_id_product_variants_id_fk";
--> statement-breakpoint
DROP INDEX "stock_movements_level_idx";