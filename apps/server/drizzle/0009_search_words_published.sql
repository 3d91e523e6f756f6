-- The lexicon of typo corrections holds only public text: words of published videos (title and
-- description) and of channel names, each with the number of rows that use it. A word goes
-- when its last use goes (a draft's words never arrive, an unpublished or deleted video's
-- leave), so a stranger cannot read a draft's words back through corrections.
ALTER TABLE "search_words" ADD COLUMN "uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP TRIGGER "videos_search_words" ON "videos";--> statement-breakpoint
DROP TRIGGER "users_search_words" ON "users";--> statement-breakpoint
DROP FUNCTION "search_words_collect"();--> statement-breakpoint
-- Moves the counts from one row's words to its new words: words in both are left alone, so a
-- rename costs the words that changed. Applied in word order, so that two transactions touching
-- the same words lock them in the same order.
CREATE FUNCTION "search_words_apply"("removed" tsvector, "added" tsvector) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "search_words" ("word", "uses")
  SELECT coalesce("n"."w", "o"."w"), ("n"."w" IS NOT NULL)::int - ("o"."w" IS NOT NULL)::int
  FROM (SELECT "w" FROM "search_words_of"("removed") AS "w") AS "o"
  FULL JOIN (SELECT "w" FROM "search_words_of"("added") AS "w") AS "n" ON "n"."w" = "o"."w"
  WHERE "n"."w" IS NULL OR "o"."w" IS NULL
  ORDER BY 1
  ON CONFLICT ("word") DO UPDATE SET "uses" = "search_words"."uses" + excluded."uses";
  DELETE FROM "search_words"
  WHERE "uses" <= 0 AND "word" IN (SELECT "w" FROM "search_words_of"("removed") AS "w");
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_count_video"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "removed" tsvector;
  "added" tsvector;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."is_published" THEN "removed" := OLD."search_vector"; END IF;
  IF TG_OP <> 'DELETE' AND NEW."is_published" THEN "added" := NEW."search_vector"; END IF;
  IF "removed" IS DISTINCT FROM "added" THEN PERFORM "search_words_apply"("removed", "added"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "search_words_count_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "removed" tsvector;
  "added" tsvector;
BEGIN
  IF TG_OP <> 'INSERT' THEN "removed" := OLD."search_vector"; END IF;
  IF TG_OP <> 'DELETE' THEN "added" := NEW."search_vector"; END IF;
  IF "removed" IS DISTINCT FROM "added" THEN PERFORM "search_words_apply"("removed", "added"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "videos_search_words" AFTER INSERT OR DELETE OR UPDATE OF "title", "description", "is_published" ON "videos" FOR EACH ROW EXECUTE FUNCTION "search_words_count_video"();--> statement-breakpoint
CREATE TRIGGER "users_search_words" AFTER INSERT OR DELETE OR UPDATE OF "username", "fullname" ON "users" FOR EACH ROW EXECUTE FUNCTION "search_words_count_user"();--> statement-breakpoint
-- Counted afresh: what 0006 collected includes drafts and deleted videos. A tsvector holds
-- each lexeme once, so each row counts a word once.
DELETE FROM "search_words";--> statement-breakpoint
INSERT INTO "search_words" ("word", "uses")
SELECT "w", count(*) FROM (
  SELECT "w" FROM "videos", "search_words_of"("search_vector") AS "w" WHERE "is_published"
  UNION ALL
  SELECT "w" FROM "users", "search_words_of"("search_vector") AS "w"
) AS "used"
GROUP BY "w";
