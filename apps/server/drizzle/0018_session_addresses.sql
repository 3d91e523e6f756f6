-- The network address each session signed in or last renewed from, for "Sessions and devices".
ALTER TABLE "sessions" ADD COLUMN "ip_address" text;
