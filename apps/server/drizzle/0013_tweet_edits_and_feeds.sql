-- A tweet edited by its owner says so: when it was last edited (null: never).
ALTER TABLE "tweets" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
-- The subscriptions feed reads, per followed channel, its newest published videos: one short
-- index range per channel, drafts never read (the partial predicate is the visitor's filter).
CREATE INDEX "videos_owner_published_created_idx" ON "videos" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "videos"."is_published";
