-- Subcategories that already share a name (any case) keep their rows: the later ones are renamed "Name (2)", "Name (3)"… so the index can be built.
UPDATE "sub_categories" AS s SET "name" = s."name" || ' (' || d.n || ')'
FROM (SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n FROM "sub_categories") AS d
WHERE d."id" = s."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "sub_categories_name_key" ON "sub_categories" USING btree (lower("name"));
