ALTER TABLE "sessions" ADD COLUMN "rotation_confirmed_at" timestamp with time zone;
