-- When the refresh token was last rotated: for a short while after, the token it replaced still
-- answers (two tabs refreshing at once), and only later is its reuse treated as theft.
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;
