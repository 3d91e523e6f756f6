-- `ORDER BY x DESC` means DESC NULLS FIRST, which an index built DESC NULLS LAST (Drizzle's
-- plain .desc()) cannot serve: every descending index is rebuilt to match its listing, with the
-- id tie-breaker where the listing orders by it.
DROP INDEX "comments_video_created_idx";--> statement-breakpoint
DROP INDEX "conversations_updated_idx";--> statement-breakpoint
DROP INDEX "likes_user_created_idx";--> statement-breakpoint
DROP INDEX "message_requests_recipient_status_idx";--> statement-breakpoint
DROP INDEX "playlists_owner_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_channel_idx";--> statement-breakpoint
DROP INDEX "tweets_owner_created_idx";--> statement-breakpoint
DROP INDEX "tweets_created_idx";--> statement-breakpoint
DROP INDEX "videos_owner_created_idx";--> statement-breakpoint
DROP INDEX "videos_published_views_idx";--> statement-breakpoint
DROP INDEX "videos_published_created_idx";--> statement-breakpoint
DROP INDEX "view_events_video_created_idx";--> statement-breakpoint
DROP INDEX "view_events_viewer_video_idx";--> statement-breakpoint
DROP INDEX "watch_history_user_watched_idx";--> statement-breakpoint
CREATE INDEX "comments_video_created_idx" ON "comments" USING btree ("video_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_updated_idx" ON "conversations" USING btree ("updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "likes_user_created_idx" ON "likes" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "message_requests_recipient_status_idx" ON "message_requests" USING btree ("recipient_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "playlists_owner_created_idx" ON "playlists" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_channel_idx" ON "subscriptions" USING btree ("channel_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tweets_owner_created_idx" ON "tweets" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tweets_created_idx" ON "tweets" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_owner_created_idx" ON "videos" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_published_views_idx" ON "videos" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "videos"."is_published";--> statement-breakpoint
CREATE INDEX "videos_published_created_idx" ON "videos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "videos"."is_published";--> statement-breakpoint
CREATE INDEX "view_events_video_created_idx" ON "view_events" USING btree ("video_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "view_events_viewer_video_idx" ON "view_events" USING btree ("viewer_key","video_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "watch_history_user_watched_idx" ON "watch_history" USING btree ("user_id","watched_at" DESC NULLS FIRST);