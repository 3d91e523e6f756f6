-- The authors of a video's hidden or held top comments, asked each time a video's comments page
-- is computed (decision 0058): without this index the statement read every comment of the video
-- (4,439 rows and 330 ms for the seeded site's busiest video); the rows out of sight are few.
CREATE INDEX "comments_video_unseen_top_idx" ON "comments" USING btree ("video_id","owner_id") WHERE "comments"."parent_id" is null and ("comments"."hidden_at" is not null or "comments"."held_at" is not null);
