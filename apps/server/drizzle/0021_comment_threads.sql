-- Comment threads (issue 21 item 3, decision 0037): a reply hangs under one top comment (one
-- level, as YouTube); a top comment counts its replies; the video's creator pins one comment and
-- hearts any; an edit is marked. The reply notification kind joins the known kinds.
ALTER TABLE "comments" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "replies_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hearted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_not_pinned" CHECK ("comments"."parent_id" is null or "comments"."pinned_at" is null);--> statement-breakpoint
CREATE INDEX "comments_parent_created_idx" ON "comments" USING btree ("parent_id","created_at","id") WHERE "comments"."parent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "comments_one_pinned_per_video" ON "comments" USING btree ("video_id") WHERE "comments"."pinned_at" is not null;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('new_subscriber', 'video_comment', 'comment_reply', 'mention', 'comment_like', 'new_video', 'message_request', 'request_accepted'));--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind_known";--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind_known" CHECK ("notification_settings"."kind" in ('new_subscriber', 'video_comment', 'comment_reply', 'mention', 'comment_like', 'new_video', 'message_request', 'request_accepted'));
