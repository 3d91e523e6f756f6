CREATE TABLE "video_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"published" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "video_totals_one_row" CHECK ("video_totals"."id")
);
--> statement-breakpoint
INSERT INTO "video_totals" ("id", "published") SELECT true, count(*) FROM "videos" WHERE "is_published";--> statement-breakpoint
-- Row triggers that fire only when a row enters or leaves the published set: counting a view
-- or a like never touches the totals row.
CREATE FUNCTION "video_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "video_totals" SET "published" = "published" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "video_totals" SET "published" = "published" - 1;
  ELSIF NEW."is_published" THEN
    UPDATE "video_totals" SET "published" = "published" + 1;
  ELSE
    UPDATE "video_totals" SET "published" = "published" - 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "videos_published_insert" AFTER INSERT ON "videos" FOR EACH ROW WHEN (NEW."is_published") EXECUTE FUNCTION "video_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "videos_published_delete" AFTER DELETE ON "videos" FOR EACH ROW WHEN (OLD."is_published") EXECUTE FUNCTION "video_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "videos_published_toggle" AFTER UPDATE OF "is_published" ON "videos" FOR EACH ROW WHEN (OLD."is_published" IS DISTINCT FROM NEW."is_published") EXECUTE FUNCTION "video_totals_follow"();
