-- The search's lexicon (docs/decisions/0038-search-at-scale.md#the-lexicon): the word list, the heads
-- of the other searched words, and a version the triggers raise whenever either gains a row.
CREATE TABLE "search_heads" (
	"head" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"version" integer NOT NULL
);
--> statement-breakpoint
-- The leading letters of every searched word that the word list does not hold (model codes, words
-- of one or two letters, words with digits). Hyphenated words are left out: the parser also indexes
-- each of their parts.
CREATE FUNCTION "search_heads_of"("name" text, "sku" text, "keywords" text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
	SELECT DISTINCT substring(o.l FROM '^[[:alpha:]]+') FROM (
		SELECT l FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce($1, '') || ' ' || coalesce($2, '') || ' ' || coalesce($3, '')))) AS l
		WHERE l ~ '^[[:alpha:]]' AND l !~ '^[[:alnum:]]+(-[[:alnum:]]+)+$'
		EXCEPT
		SELECT "search_words_of"($1, $2, $3)
	) AS o(l)
$$;
--> statement-breakpoint
-- The word list's triggers (drizzle/0009_search_words.sql) add the heads too, and raise the version
-- by the rows added: a search that reads another version than its memory's reloads the lexicon.
CREATE OR REPLACE FUNCTION "search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	words integer;
	heads integer;
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT w.word FROM "search_words_new_rows" n, "search_words_of"(n."name", n."sku", n."meta_keywords") AS w(word)
	ON CONFLICT DO NOTHING;
	GET DIAGNOSTICS words = ROW_COUNT;
	INSERT INTO "search_heads" ("head")
	SELECT DISTINCT h.head FROM "search_words_new_rows" n, "search_heads_of"(n."name", n."sku", n."meta_keywords") AS h(head)
	ON CONFLICT DO NOTHING;
	GET DIAGNOSTICS heads = ROW_COUNT;
	IF words + heads > 0 THEN
		UPDATE "search_lexicon" SET "version" = "version" + words + heads;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_words_add_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	words integer;
	heads integer;
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT w.word FROM "search_words_of"(NEW."name", NEW."sku", NEW."meta_keywords") AS w(word)
	ON CONFLICT DO NOTHING;
	GET DIAGNOSTICS words = ROW_COUNT;
	INSERT INTO "search_heads" ("head")
	SELECT DISTINCT h.head FROM "search_heads_of"(NEW."name", NEW."sku", NEW."meta_keywords") AS h(head)
	ON CONFLICT DO NOTHING;
	GET DIAGNOSTICS heads = ROW_COUNT;
	IF words + heads > 0 THEN
		UPDATE "search_lexicon" SET "version" = "version" + words + heads;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "search_heads" ("head")
SELECT DISTINCT h.head FROM "products" p, "search_heads_of"(p."name", p."sku", p."meta_keywords") AS h(head)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "search_lexicon" ("version") SELECT (SELECT count(*) FROM "search_words") + (SELECT count(*) FROM "search_heads");
