ALTER TABLE "videos" ADD COLUMN "is_unlisted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_one_visibility" CHECK (not ("videos"."is_published" and "videos"."is_unlisted"));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_scheduled_is_private" CHECK ("videos"."publish_at" is null or not ("videos"."is_published" or "videos"."is_unlisted"));--> statement-breakpoint
CREATE INDEX "videos_publish_at_idx" ON "videos" USING btree ("publish_at") WHERE "videos"."publish_at" is not null;
