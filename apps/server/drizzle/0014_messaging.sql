ALTER TABLE "users" ADD COLUMN "message_policy" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_message_policy_known" CHECK ("users"."message_policy" in ('everyone', 'subscriptions', 'nobody'));--> statement-breakpoint
DROP INDEX "message_requests_pair_key";--> statement-breakpoint
CREATE UNIQUE INDEX "message_requests_pending_pair_key" ON "message_requests" USING btree ("sender_id","recipient_id") WHERE "message_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "message_requests_sender_created_idx" ON "message_requests" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "message_requests_pair_idx" ON "message_requests" USING btree ("sender_id","recipient_id","responded_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_low_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_high_id" uuid;--> statement-breakpoint
UPDATE "conversations" AS c SET "user_low_id" = p.ids[1], "user_high_id" = p.ids[2]
  FROM (SELECT "conversation_id", array_agg("user_id" ORDER BY "user_id") AS ids
        FROM "conversation_participants" GROUP BY "conversation_id" HAVING count(*) = 2) AS p
  WHERE p."conversation_id" = c."id";--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_low_id_users_id_fk" FOREIGN KEY ("user_low_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_high_id_users_id_fk" FOREIGN KEY ("user_high_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_pair_ordered" CHECK ("conversations"."user_low_id" < "conversations"."user_high_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_key" ON "conversations" USING btree ("user_low_id","user_high_id");--> statement-breakpoint
CREATE INDEX "conversations_user_high_idx" ON "conversations" USING btree ("user_high_id");--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_unread_nonnegative" CHECK ("conversation_participants"."unread_count" >= 0);--> statement-breakpoint
CREATE INDEX "messages_conversation_created_id_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
DROP INDEX "messages_conversation_created_idx";--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");;--> statement-breakpoint
CREATE TABLE "conversation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"messages" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reports_reason_length" CHECK (char_length("conversation_reports"."reason") between 1 and 1000),
	CONSTRAINT "conversation_reports_status_known" CHECK ("conversation_reports"."status" in ('open', 'closed'))
);--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD CONSTRAINT "conversation_reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD CONSTRAINT "conversation_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_reports_open_key" ON "conversation_reports" USING btree ("conversation_id","reporter_id") WHERE "conversation_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "conversation_reports_status_created_idx" ON "conversation_reports" USING btree ("status","created_at");
