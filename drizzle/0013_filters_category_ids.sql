-- Filters at scale, second step (docs/decisions/0039-filters-at-scale.md): each product carries its
-- categories (kept from product_categories by a trigger), so the list indexes check a category
-- filter on their own entries; and the catalog's counts live in a table kept by triggers, so a cold
-- instance reads a few thousand rows instead of grouping the whole catalog.
DROP INDEX "products_list_newest_idx";--> statement-breakpoint
DROP INDEX "products_list_price_asc_idx";--> statement-breakpoint
DROP INDEX "products_list_price_desc_idx";--> statement-breakpoint
DROP INDEX "products_list_rating_idx";--> statement-breakpoint
DROP INDEX "products_list_brand_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Before the indexes are built, so the backfill updates none of them.
UPDATE "products" p SET "category_ids" = c."ids"
FROM (SELECT "product_id", array_agg("category_id" ORDER BY "category_id") AS "ids" FROM "product_categories" GROUP BY "product_id") c
WHERE c."product_id" = p."id";--> statement-breakpoint
-- A product's categories again after its product_categories rows changed: one update per statement
-- (a bulk load's COPY included), and none when the copy already agrees (the seed writes it itself).
CREATE FUNCTION "product_category_ids_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "products" p SET "category_ids" = c."ids"
	FROM (
		SELECT t."product_id", coalesce((SELECT array_agg(pc."category_id" ORDER BY pc."category_id") FROM "product_categories" pc WHERE pc."product_id" = t."product_id"), '{}') AS "ids"
		FROM (SELECT DISTINCT "product_id" FROM "product_category_changes") t
	) c
	WHERE p."id" = c."product_id" AND p."category_ids" IS DISTINCT FROM c."ids";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_categories_ids_insert" AFTER INSERT ON "product_categories"
	REFERENCING NEW TABLE AS "product_category_changes" FOR EACH STATEMENT EXECUTE FUNCTION "product_category_ids_refresh"();--> statement-breakpoint
CREATE TRIGGER "product_categories_ids_delete" AFTER DELETE ON "product_categories"
	REFERENCING OLD TABLE AS "product_category_changes" FOR EACH STATEMENT EXECUTE FUNCTION "product_category_ids_refresh"();--> statement-breakpoint
CREATE FUNCTION "product_category_ids_refresh_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "products" p SET "category_ids" = c."ids"
	FROM (
		SELECT t."product_id", coalesce((SELECT array_agg(pc."category_id" ORDER BY pc."category_id") FROM "product_categories" pc WHERE pc."product_id" = t."product_id"), '{}') AS "ids"
		FROM (SELECT "product_id" FROM "product_category_old" UNION SELECT "product_id" FROM "product_category_new") t
	) c
	WHERE p."id" = c."product_id" AND p."category_ids" IS DISTINCT FROM c."ids";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_categories_ids_update" AFTER UPDATE ON "product_categories"
	REFERENCING OLD TABLE AS "product_category_old" NEW TABLE AS "product_category_new" FOR EACH STATEMENT EXECUTE FUNCTION "product_category_ids_refresh_moved"();--> statement-breakpoint
CREATE FUNCTION "product_category_ids_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "products" SET "category_ids" = '{}' WHERE "category_ids" <> '{}';
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_categories_ids_truncate" AFTER TRUNCATE ON "product_categories"
	FOR EACH STATEMENT EXECUTE FUNCTION "product_category_ids_truncated"();--> statement-breakpoint
CREATE TABLE "catalog_counts" (
	"product_type" varchar(10) NOT NULL,
	"brand_id" integer,
	"category_ids" integer[] NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "catalog_counts_cell" UNIQUE NULLS NOT DISTINCT("product_type","brand_id","category_ids","bucket")
);--> statement-breakpoint
-- The index into PRICE_BUCKETS (src/domain/price-buckets.ts, in fils) of a shelf price;
-- src/server/catalog/catalog-counts.test.ts checks that both agree at every bound.
CREATE FUNCTION "catalog_price_bucket"("price" integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN $1 < 100000 THEN 0 WHEN $1 < 1000000 THEN 1 WHEN $1 < 2000000 THEN 2
		WHEN $1 < 5000000 THEN 3 WHEN $1 < 10000000 THEN 4 ELSE 5 END
$$;--> statement-breakpoint
INSERT INTO "catalog_counts" ("product_type", "brand_id", "category_ids", "bucket", "n")
SELECT "product_type", "brand_id", "category_ids", "catalog_price_bucket"("shelf_price"), count(*)::int
FROM "products" WHERE "published" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Adds `delta` to a cell; a cell that reaches zero goes.
CREATE FUNCTION "catalog_counts_add"("cell_type" varchar, "cell_brand" integer, "cell_categories" integer[], "cell_bucket" integer, "delta" integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "catalog_counts" AS c ("product_type", "brand_id", "category_ids", "bucket", "n") VALUES ($1, $2, $3, $4, $5)
	ON CONFLICT ON CONSTRAINT "catalog_counts_cell" DO UPDATE SET "n" = c."n" + excluded."n";
	DELETE FROM "catalog_counts" WHERE "n" <= 0;
$$;--> statement-breakpoint
-- Inserts and deletes by statement: a bulk load of a million products counts each chunk in one go.
CREATE FUNCTION "catalog_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "catalog_counts" AS c ("product_type", "brand_id", "category_ids", "bucket", "n")
	SELECT "product_type", "brand_id", "category_ids", "catalog_price_bucket"("shelf_price"), count(*)::int
	FROM "catalog_counts_rows" WHERE "published" GROUP BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT "catalog_counts_cell" DO UPDATE SET "n" = c."n" + excluded."n";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_counts_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS "catalog_counts_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_inserted"();--> statement-breakpoint
CREATE FUNCTION "catalog_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalog_counts" c SET "n" = c."n" - d."n"
	FROM (
		SELECT "product_type", "brand_id", "category_ids", "catalog_price_bucket"("shelf_price") AS "bucket", count(*)::int AS "n"
		FROM "catalog_counts_rows" WHERE "published" GROUP BY 1, 2, 3, 4
	) d
	WHERE c."product_type" = d."product_type" AND c."brand_id" IS NOT DISTINCT FROM d."brand_id"
		AND c."category_ids" = d."category_ids" AND c."bucket" = d."bucket";
	DELETE FROM "catalog_counts" WHERE "n" <= 0;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_counts_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS "catalog_counts_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_deleted"();--> statement-breakpoint
-- Edits by row, and only when a counted column changed: stock, sales and ratings never fire it.
CREATE FUNCTION "catalog_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."published" THEN
		PERFORM "catalog_counts_add"(OLD."product_type", OLD."brand_id", OLD."category_ids", "catalog_price_bucket"(OLD."shelf_price"), -1);
	END IF;
	IF NEW."published" THEN
		PERFORM "catalog_counts_add"(NEW."product_type", NEW."brand_id", NEW."category_ids", "catalog_price_bucket"(NEW."shelf_price"), 1);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_counts_update" AFTER UPDATE OF "published", "product_type", "brand_id", "unit_price", "discount", "category_ids" ON "products"
	FOR EACH ROW WHEN (
		OLD."published" IS DISTINCT FROM NEW."published" OR OLD."product_type" IS DISTINCT FROM NEW."product_type"
		OR OLD."brand_id" IS DISTINCT FROM NEW."brand_id" OR OLD."shelf_price" IS DISTINCT FROM NEW."shelf_price"
		OR OLD."category_ids" IS DISTINCT FROM NEW."category_ids"
	) EXECUTE FUNCTION "catalog_counts_updated"();--> statement-breakpoint
CREATE FUNCTION "catalog_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "catalog_counts";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalog_counts_truncate" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_truncated"();--> statement-breakpoint
CREATE INDEX "products_list_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"product_type","brand_id","shelf_price","category_ids") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_list_price_asc_idx" ON "products" USING btree ("shelf_price","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"product_type","brand_id","category_ids") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_list_price_desc_idx" ON "products" USING btree ("shelf_price" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"product_type","brand_id","category_ids") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_list_rating_idx" ON "products" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"product_type","brand_id","shelf_price","category_ids") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_list_brand_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"product_type","shelf_price","category_ids","rating","review_count") WHERE "products"."published";
