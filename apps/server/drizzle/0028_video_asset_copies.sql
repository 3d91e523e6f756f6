-- A video's file and thumbnail facts copied onto its row (issue 18 item 4, decision 0049): every
-- listing read two `media_assets` rows per video (half of PostgreSQL's time for the home). Row
-- triggers keep the copies in the transaction of whatever write changes them: a video's insert or
-- a change of its asset ids (a new thumbnail, an asset deleted by `ON DELETE SET NULL`), and a
-- change to an asset's copied columns (the probe's answer written later).
-- And the start of each video's card (decision 0049) kept written: its id, title and description
-- as JSON members (escaping a description is most of what writing a card costs) and its dates in
-- `toISOString()`'s form, rewritten by a row trigger when one of them is set.
ALTER TABLE "videos" ADD COLUMN "video_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "video_public_id" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "video_mime_type" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "video_playable" boolean;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "video_codecs" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "thumbnail_public_id" text;--> statement-breakpoint
UPDATE "videos" v SET
  "video_key" = a."storage_key", "video_public_id" = a."public_id",
  "video_mime_type" = a."mime_type", "video_playable" = a."browser_playable",
  "video_codecs" = a."codecs"
FROM "media_assets" a WHERE a."id" = v."video_asset_id";--> statement-breakpoint
UPDATE "videos" v SET "thumbnail_key" = a."storage_key", "thumbnail_public_id" = a."public_id"
FROM "media_assets" a WHERE a."id" = v."thumbnail_asset_id";--> statement-breakpoint
CREATE FUNCTION "videos_copy_assets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."video_asset_id" IS DISTINCT FROM OLD."video_asset_id" THEN
    SELECT a."storage_key", a."public_id", a."mime_type", a."browser_playable", a."codecs"
      INTO NEW."video_key", NEW."video_public_id", NEW."video_mime_type", NEW."video_playable",
        NEW."video_codecs"
      FROM "media_assets" a WHERE a."id" = NEW."video_asset_id";
    IF NOT FOUND THEN
      NEW."video_key" := NULL; NEW."video_public_id" := NULL; NEW."video_mime_type" := NULL;
      NEW."video_playable" := NULL; NEW."video_codecs" := NULL;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' OR NEW."thumbnail_asset_id" IS DISTINCT FROM OLD."thumbnail_asset_id" THEN
    SELECT a."storage_key", a."public_id" INTO NEW."thumbnail_key", NEW."thumbnail_public_id"
      FROM "media_assets" a WHERE a."id" = NEW."thumbnail_asset_id";
    IF NOT FOUND THEN
      NEW."thumbnail_key" := NULL; NEW."thumbnail_public_id" := NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "videos_copy_assets" BEFORE INSERT OR UPDATE OF "video_asset_id", "thumbnail_asset_id" ON "videos" FOR EACH ROW EXECUTE FUNCTION "videos_copy_assets"();--> statement-breakpoint
CREATE FUNCTION "media_assets_copy_to_videos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "videos" SET
    "video_key" = NEW."storage_key", "video_public_id" = NEW."public_id",
    "video_mime_type" = NEW."mime_type", "video_playable" = NEW."browser_playable",
    "video_codecs" = NEW."codecs"
  WHERE "video_asset_id" = NEW."id";
  UPDATE "videos" SET "thumbnail_key" = NEW."storage_key", "thumbnail_public_id" = NEW."public_id"
  WHERE "thumbnail_asset_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "media_assets_copy_to_videos" AFTER UPDATE OF "storage_key", "public_id", "mime_type", "browser_playable", "codecs" ON "media_assets" FOR EACH ROW EXECUTE FUNCTION "media_assets_copy_to_videos"();
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "card_head" text;--> statement-breakpoint
CREATE FUNCTION "videos_card_head_of"("id" uuid, "title" text, "description" text, "created_at" timestamptz, "updated_at" timestamptz) RETURNS text LANGUAGE sql AS $$
  SELECT '"_id":"' || "id" || '","title":' || to_json("title")::text
    || ',"description":' || to_json("description")::text
    || ',"createdAt":"' || to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updatedAt":"' || to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
$$;--> statement-breakpoint
UPDATE "videos" SET "card_head" = "videos_card_head_of"("id", "title", "description", "created_at", "updated_at");--> statement-breakpoint
CREATE FUNCTION "videos_write_card_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."card_head" := "videos_card_head_of"(NEW."id", NEW."title", NEW."description", NEW."created_at", NEW."updated_at");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "videos_write_card_head" BEFORE INSERT OR UPDATE OF "id", "title", "description", "created_at", "updated_at" ON "videos" FOR EACH ROW EXECUTE FUNCTION "videos_write_card_head"();
