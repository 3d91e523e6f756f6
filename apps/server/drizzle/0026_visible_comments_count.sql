-- A video's comments_count counts only the comments everyone sees (decision 0046): not those a
-- moderator hid (a ban hides its account's too) nor those held for a watched word. Row triggers
-- keep it, in the transaction of the insert, delete, hide, restore, hold or approval, whichever
-- code path made it; they fire only when a comment enters or leaves the visible set.
UPDATE "videos" v SET "comments_count" = coalesce((
  SELECT count(*) FROM "comments" c
  WHERE c."video_id" = v."id" AND c."hidden_at" IS NULL AND c."held_at" IS NULL), 0)
WHERE v."comments_count" IS DISTINCT FROM coalesce((
  SELECT count(*) FROM "comments" c
  WHERE c."video_id" = v."id" AND c."hidden_at" IS NULL AND c."held_at" IS NULL), 0);--> statement-breakpoint
CREATE FUNCTION "videos_comments_count_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "videos" SET "comments_count" = "comments_count" + 1 WHERE "id" = NEW."video_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "videos" SET "comments_count" = "comments_count" - 1 WHERE "id" = OLD."video_id";
  ELSIF NEW."hidden_at" IS NULL AND NEW."held_at" IS NULL THEN
    UPDATE "videos" SET "comments_count" = "comments_count" + 1 WHERE "id" = NEW."video_id";
  ELSE
    UPDATE "videos" SET "comments_count" = "comments_count" - 1 WHERE "id" = NEW."video_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comments_visible_insert" AFTER INSERT ON "comments" FOR EACH ROW WHEN (NEW."hidden_at" IS NULL AND NEW."held_at" IS NULL) EXECUTE FUNCTION "videos_comments_count_follow"();--> statement-breakpoint
CREATE TRIGGER "comments_visible_delete" AFTER DELETE ON "comments" FOR EACH ROW WHEN (OLD."hidden_at" IS NULL AND OLD."held_at" IS NULL) EXECUTE FUNCTION "videos_comments_count_follow"();--> statement-breakpoint
CREATE TRIGGER "comments_visible_toggle" AFTER UPDATE OF "hidden_at", "held_at" ON "comments" FOR EACH ROW WHEN ((OLD."hidden_at" IS NULL AND OLD."held_at" IS NULL) IS DISTINCT FROM (NEW."hidden_at" IS NULL AND NEW."held_at" IS NULL)) EXECUTE FUNCTION "videos_comments_count_follow"();
