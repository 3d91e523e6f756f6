CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_fullname_trgm_idx";--> statement-breakpoint
DROP INDEX "videos_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of a search vector worth offering as corrections: three to forty characters, no
-- punctuation (the parser also keeps host names and hyphenated words whole, and their parts
-- are words of their own).
CREATE FUNCTION "search_words_of"("vector" tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT "lexeme" FROM unnest("vector") WHERE char_length("lexeme") BETWEEN 3 AND 40 AND "lexeme" !~ '[[:punct:]]'
$$;--> statement-breakpoint
-- Sorted, so that two transactions adding the same new words take them in the same order.
CREATE FUNCTION "search_words_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT "w" FROM "search_words_of"(NEW."search_vector") AS "w" ORDER BY "w"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "videos_search_words" AFTER INSERT OR UPDATE OF "title", "description" ON "videos" FOR EACH ROW EXECUTE FUNCTION "search_words_collect"();--> statement-breakpoint
CREATE TRIGGER "users_search_words" AFTER INSERT OR UPDATE OF "username", "fullname" ON "users" FOR EACH ROW EXECUTE FUNCTION "search_words_collect"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT "w" FROM "videos", "search_words_of"("search_vector") AS "w"
UNION
SELECT "w" FROM "users", "search_words_of"("search_vector") AS "w"
ON CONFLICT DO NOTHING;
