-- Issue 23 (bad input): what every process sharing this database must agree on, written by the
-- first process that starts: a fingerprint of each secret (an HMAC keyed by the secret, never the
-- secret) and the id of the marker file kept in the storage. A process that differs stops at
-- start naming the setting (decision 0047).
CREATE TABLE "deployment_facts" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
