-- Issue 22 item 1: whether an uploaded original plays in browsers as it is (from the upload's
-- probe), the codecs a player asks the browser about, and each rendition's progress.
ALTER TABLE "media_assets" ADD COLUMN "browser_playable" boolean;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "codecs" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "renditions" jsonb;
