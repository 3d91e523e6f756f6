-- The rest of each video's card kept written on its row (issue 18 item 4, decisions 0049 and
-- 0055): with the start (`card_head`, 0028) stored, a listing still wrote some twenty members per
-- video per read (URLs, state, the original's facts, renditions) and matched five storage keys
-- against a pattern, about two thirds of PostgreSQL's time for the home. Now a read concatenates:
-- the stored start, the stored body, the counts that change often (views, likes, comments: no
-- trigger on them), and the owner's stored members with the subscriber count.
-- A URL is written as the key after a 0x01 byte, replaced by the storage's URL prefix when read
-- (the prefix is the server's configuration, not the database's): JSON text as PostgreSQL writes
-- it never holds a raw 0x01 (`to_json` escapes control characters), and a key that could is
-- refused as unsafe before its card is used.
-- The first storage key that `isSafeKey` refuses is kept beside (null when all are safe), so a read
-- matches no pattern.
-- An empty key is no file, as `publicUrlOf` has it: safe, and written as no URL.
CREATE FUNCTION "storage_key_is_safe"("key" text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT "key" = '' OR "key" ~ '^([A-Za-z0-9_-]|\.[A-Za-z0-9_-]|\.\.[A-Za-z0-9._-])[A-Za-z0-9._-]*(/([A-Za-z0-9_-]|\.[A-Za-z0-9_-]|\.\.[A-Za-z0-9._-])[A-Za-z0-9._-]*)*$'
    AND length("key") <= 512
$$;--> statement-breakpoint
CREATE FUNCTION "card_url"("key" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "key" IS NULL OR "key" = '' THEN 'null' ELSE '"' || chr(1) || "key" || '"' END
$$;--> statement-breakpoint
CREATE FUNCTION "card_json_text"("value" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(to_json("value")::text, 'null')
$$;--> statement-breakpoint
CREATE FUNCTION "card_bool"("value" boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "value" IS NULL THEN 'null' WHEN "value" THEN 'true' ELSE 'false' END
$$;--> statement-breakpoint
-- The master playlist that lists the captions while it was made from the current master (0044).
CREATE FUNCTION "videos_hls_key_of"("v" "videos") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN v."captions_master_key" IS NOT NULL AND v."captions_master_of" = v."hls_master_key"
    THEN v."captions_master_key" ELSE v."hls_master_key" END
$$;--> statement-breakpoint
CREATE FUNCTION "videos_card_unsafe_key_of"("v" "videos") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN NOT "storage_key_is_safe"(v."video_key") THEN v."video_key"
    WHEN NOT "storage_key_is_safe"(coalesce(v."thumbnail_key", v."poster_key")) THEN coalesce(v."thumbnail_key", v."poster_key")
    WHEN NOT "storage_key_is_safe"("videos_hls_key_of"(v)) THEN "videos_hls_key_of"(v)
    WHEN NOT "storage_key_is_safe"(v."storyboard_key") THEN v."storyboard_key"
  END
$$;--> statement-breakpoint
-- The members after the start and before the counts; a ready video's renditions are finished (a
-- progress write that trails the job's last one cannot make it look unfinished); the moderation
-- notice on a hidden video only.
CREATE FUNCTION "videos_card_body_of"("v" "videos") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat(
    ',"videofile":', "card_url"(v."video_key"),
    ',"thumbnail":', "card_url"(coalesce(v."thumbnail_key", v."poster_key")),
    ',"duration":', v."duration_seconds",
    ',"isLive":false,"isPublished":', "card_bool"(v."is_published"),
    ',"visibility":"', CASE WHEN v."is_published" THEN 'public' WHEN v."is_unlisted" THEN 'unlisted' ELSE 'private' END,
    '","publishAt":', CASE WHEN v."publish_at" IS NULL THEN 'null'
      ELSE '"' || to_char(v."publish_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' END,
    ',"status":"', v."status",
    '","hls":', "card_url"("videos_hls_key_of"(v)),
    ',"storyboard":', "card_url"(v."storyboard_key"),
    ',"processingProgress":', CASE WHEN v."status" = 'processing' THEN coalesce(v."processing_progress", 0)::text ELSE 'null' END,
    ',"originalPlayable":', CASE WHEN v."video_key" IS NULL THEN 'null' ELSE "card_bool"(v."video_playable") END,
    ',"originalMimeType":', CASE WHEN v."video_key" IS NULL THEN 'null' ELSE "card_json_text"(v."video_mime_type") END,
    ',"originalCodecs":', CASE WHEN v."video_key" IS NULL THEN 'null' ELSE "card_json_text"(v."video_codecs") END,
    ',"renditions":', CASE
      WHEN v."renditions" IS NULL THEN '[]'
      WHEN v."status" = 'ready' THEN (
        SELECT coalesce(jsonb_agg(r.value || '{"progress":1,"ready":true,"secondsLeft":null}'::jsonb ORDER BY r.ordinality), '[]'::jsonb)
        FROM jsonb_array_elements(v."renditions") WITH ORDINALITY r)::text
      ELSE v."renditions"::text END,
    ',"videoPublicId":', "card_json_text"(v."video_public_id"),
    ',"thumbnailPublicId":', "card_json_text"(v."thumbnail_public_id"),
    CASE WHEN v."hidden_at" IS NOT NULL
      THEN ',"moderation":{"state":"hidden","reason":' || "card_json_text"(v."hidden_reason") || '}' END)
$$;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "card_body" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "card_unsafe_key" text;--> statement-breakpoint
UPDATE "videos" v SET "card_body" = "videos_card_body_of"(v), "card_unsafe_key" = "videos_card_unsafe_key_of"(v);--> statement-breakpoint
CREATE FUNCTION "videos_write_card_body"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."card_body" := "videos_card_body_of"(NEW);
  NEW."card_unsafe_key" := "videos_card_unsafe_key_of"(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- After `videos_copy_assets` (triggers of a kind fire in name order), so a new asset's copies are
-- what the body shows; its asset ids are named as the copies they bring.
CREATE TRIGGER "videos_write_card_body" BEFORE INSERT OR UPDATE OF "video_asset_id", "thumbnail_asset_id", "video_key", "thumbnail_key", "poster_key", "duration_seconds", "is_published", "is_unlisted", "publish_at", "status", "hls_master_key", "captions_master_key", "captions_master_of", "storyboard_key", "processing_progress", "renditions", "video_playable", "video_mime_type", "video_codecs", "video_public_id", "thumbnail_public_id", "hidden_at", "hidden_reason" ON "videos" FOR EACH ROW EXECUTE FUNCTION "videos_write_card_body"();
--> statement-breakpoint
-- The owner's members of a card but the subscriber count, which the read appends.
CREATE FUNCTION "users_card_owner_of"("u" "users") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"_id":"' || u."id" || '","username":' || "card_json_text"(u."username")
    || ',"fullname":' || "card_json_text"(u."fullname") || ',"avatar":' || "card_url"(u."avatar_key")
    || ',"subscribersCount":'
$$;--> statement-breakpoint
CREATE FUNCTION "users_card_unsafe_key_of"("u" "users") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT "storage_key_is_safe"(u."avatar_key") THEN u."avatar_key" END
$$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_owner" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_unsafe_key" text;--> statement-breakpoint
UPDATE "users" u SET "card_owner" = "users_card_owner_of"(u), "card_unsafe_key" = "users_card_unsafe_key_of"(u);--> statement-breakpoint
CREATE FUNCTION "users_write_card_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."card_owner" := "users_card_owner_of"(NEW);
  NEW."card_unsafe_key" := "users_card_unsafe_key_of"(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_write_card_owner" BEFORE INSERT OR UPDATE OF "id", "username", "fullname", "avatar_key" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_write_card_owner"();
--> statement-breakpoint
-- The followed feeds' first step (decision 0020) reads the site's newest 1,000 published videos'
-- owners and keeps those the person follows. Through this index it read each of those rows from
-- the table (its owner and whether it is hidden), so a hash join cost enough that PostgreSQL
-- planned the step afresh on every execution, choosing by the person. With the owner and the
-- hidden mark in the index, the step is two index-only scans and a hash join whoever asks: one
-- plan, kept for the connection.
DROP INDEX "videos_published_created_idx";--> statement-breakpoint
CREATE INDEX "videos_published_created_idx" ON "videos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("owner_id","hidden_at") WHERE "videos"."is_published";
