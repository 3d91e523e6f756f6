-- Moderation (issue 21 item 5, decision 0038): reports of videos, comments, tweets and accounts,
-- hidden content, banned accounts, watched words and comments/tweets held for approval, the
-- audit log of every moderation action, and the notification of a handled report.
ALTER TABLE "videos" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tweets" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tweets" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "tweets" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_reason" text;--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_kind" text NOT NULL,
	"video_id" uuid,
	"comment_id" uuid,
	"tweet_id" uuid,
	"target_owner_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reports_target_kind_known" CHECK ("content_reports"."target_kind" in ('video', 'comment', 'tweet', 'user')),
	CONSTRAINT "content_reports_one_target" CHECK (("content_reports"."target_kind" = 'video') = ("content_reports"."video_id" is not null) and ("content_reports"."target_kind" = 'comment') = ("content_reports"."comment_id" is not null) and ("content_reports"."target_kind" = 'tweet') = ("content_reports"."tweet_id" is not null)),
	CONSTRAINT "content_reports_reason_known" CHECK ("content_reports"."reason" in ('spam', 'harassment', 'hate', 'violence', 'sexual', 'misinformation', 'copyright', 'other')),
	CONSTRAINT "content_reports_details_length" CHECK (char_length("content_reports"."details") <= 1000),
	CONSTRAINT "content_reports_status_known" CHECK ("content_reports"."status" in ('open', 'closed')),
	CONSTRAINT "content_reports_outcome_known" CHECK ("content_reports"."outcome" is null or "content_reports"."outcome" in ('hidden', 'restored', 'dismissed', 'banned'))
);--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_tweet_id_tweets_id_fk" FOREIGN KEY ("tweet_id") REFERENCES "public"."tweets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_target_owner_id_users_id_fk" FOREIGN KEY ("target_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_reporter_target_key" ON "content_reports" USING btree ("reporter_id","target_kind",coalesce("video_id","comment_id","tweet_id","target_owner_id"));--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("created_at") WHERE "content_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "content_reports_target_owner_idx" ON "content_reports" USING btree ("target_owner_id");--> statement-breakpoint
CREATE INDEX "content_reports_comment_idx" ON "content_reports" USING btree ("comment_id") WHERE "content_reports"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "content_reports_tweet_idx" ON "content_reports" USING btree ("tweet_id") WHERE "content_reports"."tweet_id" is not null;--> statement-breakpoint
CREATE INDEX "content_reports_video_idx" ON "content_reports" USING btree ("video_id") WHERE "content_reports"."video_id" is not null;--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" uuid,
	"moderator_username" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_owner_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_known" CHECK ("moderation_actions"."action" in ('hide', 'restore', 'dismiss', 'ban', 'unban', 'add_watched_word', 'remove_watched_word', 'approve_held', 'reject_held')),
	CONSTRAINT "moderation_actions_target_kind_known" CHECK ("moderation_actions"."target_kind" in ('video', 'comment', 'tweet', 'user', 'conversation', 'watched_word'))
);--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE TABLE "watched_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"word" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watched_words_word_form" CHECK ("watched_words"."word" = lower("watched_words"."word") and char_length("watched_words"."word") between 1 and 60)
);--> statement-breakpoint
ALTER TABLE "watched_words" ADD CONSTRAINT "watched_words_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watched_words_word_key" ON "watched_words" USING btree ("word");--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD CONSTRAINT "conversation_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "report_outcome" text;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('new_subscriber', 'video_comment', 'comment_reply', 'mention', 'comment_like', 'new_video', 'message_request', 'request_accepted', 'report_handled'));--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind_known";--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind_known" CHECK ("notification_settings"."kind" in ('new_subscriber', 'video_comment', 'comment_reply', 'mention', 'comment_like', 'new_video', 'message_request', 'request_accepted', 'report_handled'));
--> statement-breakpoint
CREATE FUNCTION "holds_watched_word"("content" text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "watched_words" w
    WHERE lower("content") ~ ('(^|[^[:alnum:]_])'
      || regexp_replace(w."word", '([^[:alnum:][:space:]_])', '\\\1', 'g')
      || '($|[^[:alnum:]_])')
  )
$$;
