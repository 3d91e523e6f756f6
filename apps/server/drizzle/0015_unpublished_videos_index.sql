CREATE INDEX "videos_unpublished_idx" ON "videos" USING btree ("id","owner_id") WHERE not "videos"."is_published";
