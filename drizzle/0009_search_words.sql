CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words the search corrects typed words to (docs/decisions/0038-search-at-scale.md#typos-through-the-word-list):
-- letters only, three or more, from a product's name and keywords, except its SKU's (model codes).
CREATE FUNCTION "search_words_of"("name" text, "sku" text, "keywords" text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
	SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce($1, '') || ' ' || coalesce($3, '')))) AS w
	WHERE w ~ '^[[:alpha:]]{3,}$'
	EXCEPT
	SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce($2, '')))) AS w
$$;
--> statement-breakpoint
CREATE FUNCTION "search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT w.word FROM "search_words_new_rows" n, "search_words_of"(n."name", n."sku", n."meta_keywords") AS w(word)
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Inserts, by statement: a bulk load of a million products adds its words in one go.
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS "search_words_new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();
--> statement-breakpoint
CREATE FUNCTION "search_words_add_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT w.word FROM "search_words_of"(NEW."name", NEW."sku", NEW."meta_keywords") AS w(word)
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Edits, by row and only when a searched column is set: stock and price updates never fire it.
CREATE TRIGGER "products_search_words_update" AFTER UPDATE OF "name", "sku", "meta_keywords" ON "products"
	FOR EACH ROW EXECUTE FUNCTION "search_words_add_row"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w.word FROM "products" p, "search_words_of"(p."name", p."sku", p."meta_keywords") AS w(word)
ON CONFLICT DO NOTHING;
