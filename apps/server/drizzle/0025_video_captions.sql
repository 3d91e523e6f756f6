-- Issue 22 item 4: captions per language (WebVTT in storage, decision 0044), and the master
-- playlist that lists them as HLS subtitle renditions beside the one it was made from.
CREATE TABLE "video_captions" (
	"video_id" uuid NOT NULL,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"vtt_key" text NOT NULL,
	"playlist_key" text NOT NULL,
	"cue_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_captions_video_id_language_pk" PRIMARY KEY("video_id","language"),
	CONSTRAINT "video_captions_label_length" CHECK (char_length("video_captions"."label") between 1 and 60)
);--> statement-breakpoint
ALTER TABLE "video_captions" ADD CONSTRAINT "video_captions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "captions_master_key" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "captions_master_of" text;
