-- Playlists: who may read one (visibility), the built-in Watch later list (kind, one per owner,
-- always private), and explicit, gap-free positions (decision 0019).
ALTER TABLE "playlists" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_visibility_known" CHECK ("playlists"."visibility" in ('public', 'unlisted', 'private'));--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "kind" text DEFAULT 'custom' NOT NULL;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_kind_known" CHECK ("playlists"."kind" in ('custom', 'watch_later'));--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_watch_later_private" CHECK ("playlists"."kind" <> 'watch_later' or "playlists"."visibility" = 'private');--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_owner_watch_later_key" ON "playlists" USING btree ("owner_id") WHERE "playlists"."kind" = 'watch_later';--> statement-breakpoint
DROP INDEX "playlist_items_order_idx";--> statement-breakpoint
-- Rows written before positions were kept dense: number them 0, 1, 2... in their order.
UPDATE "playlist_items" p SET "position" = r."n"
FROM (
  SELECT "playlist_id", "video_id",
    row_number() OVER (PARTITION BY "playlist_id" ORDER BY "position", "added_at", "video_id") - 1 AS "n"
  FROM "playlist_items"
) r
WHERE p."playlist_id" = r."playlist_id" AND p."video_id" = r."video_id" AND p."position" <> r."n";--> statement-breakpoint
-- Checked at commit, so that a reorder or a removal may shift many positions in one statement.
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_position_key" UNIQUE ("playlist_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_position_nonnegative" CHECK ("playlist_items"."position" >= 0);--> statement-breakpoint
-- However items leave (removed by the owner, or by cascade when their video or its owner is
-- deleted), the playlists they left are renumbered 0..n-1 under a lock on the playlist row,
-- the lock every add and reorder takes too.
CREATE FUNCTION "playlist_items_close_gaps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "playlists" WHERE "id" IN (SELECT "playlist_id" FROM "gone") ORDER BY "id" FOR UPDATE;
  UPDATE "playlist_items" p SET "position" = r."n"
  FROM (
    SELECT "playlist_id", "video_id",
      row_number() OVER (PARTITION BY "playlist_id" ORDER BY "position") - 1 AS "n"
    FROM "playlist_items"
    WHERE "playlist_id" IN (SELECT "playlist_id" FROM "gone")
  ) r
  WHERE p."playlist_id" = r."playlist_id" AND p."video_id" = r."video_id" AND p."position" <> r."n";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "playlist_items_closed_up" AFTER DELETE ON "playlist_items" REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "playlist_items_close_gaps"();--> statement-breakpoint
-- A video being deleted (alone, or with its owner's account) locks the playlists that hold it
-- before any of their items goes. Every writer then takes its locks in one order (the video,
-- then the playlist) and waits instead of deadlocking: without this, the cascade held a
-- deleted item that a concurrent renumbering wanted, while waiting for that renumbering's
-- playlist lock.
CREATE FUNCTION "videos_lock_playlists"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "playlists"
  WHERE "id" IN (SELECT "playlist_id" FROM "playlist_items" WHERE "video_id" = OLD."id")
  ORDER BY "id" FOR UPDATE;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "videos_lock_playlists" BEFORE DELETE ON "videos" FOR EACH ROW EXECUTE FUNCTION "videos_lock_playlists"();--> statement-breakpoint
-- History: a person may pause it; while paused no entry is added or moved, whichever call
-- writes it (a counted view or a saved position).
ALTER TABLE "users" ADD COLUMN "history_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION "watch_history_unless_paused"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "users" WHERE "id" = NEW."user_id" AND "history_paused") THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "watch_history_paused" BEFORE INSERT OR UPDATE ON "watch_history" FOR EACH ROW EXECUTE FUNCTION "watch_history_unless_paused"();--> statement-breakpoint
-- Keyset paging: most recent first, the video id breaking ties.
DROP INDEX "watch_history_user_watched_idx";--> statement-breakpoint
CREATE INDEX "watch_history_user_watched_idx" ON "watch_history" USING btree ("user_id","watched_at" DESC,"video_id" DESC);--> statement-breakpoint
DROP INDEX "likes_user_created_idx";--> statement-breakpoint
CREATE INDEX "likes_user_videos_idx" ON "likes" USING btree ("user_id","created_at" DESC,"id" DESC) WHERE "likes"."video_id" is not null;
