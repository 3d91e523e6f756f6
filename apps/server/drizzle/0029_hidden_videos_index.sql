-- The few videos a moderator hid, beside the few drafts (0015): a playlist's count and the
-- people who see more of it subtract both without joining every item to its video.
CREATE INDEX "videos_hidden_idx" ON "videos" USING btree ("id","owner_id") WHERE "videos"."hidden_at" IS NOT NULL;
