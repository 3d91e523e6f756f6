-- A tweet posted in one call (issue 18, decision 0069): the per-person lock of the creation limit
-- (`creation-limit.ts`: the same advisory lock, so a process still on the transaction and one on
-- this function take turns), the person's tweets of the window counted after the lock (each
-- statement of a function sees what committed before it, so a burst at once cannot all pass
-- under the limit together), and the tweet inserted, instead of a transaction of five round
-- trips (BEGIN, lock, count, insert, COMMIT). Over the limit, inserts nothing and answers how
-- many there are and the oldest, for the caller to say when to try again.
CREATE FUNCTION "tweets_create_within_limit"("p_owner" uuid, "p_content" text, "p_max" integer, "p_window_seconds" integer)
RETURNS TABLE ("id" uuid, "created_at" timestamptz, "edited_at" timestamptz, "likes_count" integer,
  "hidden_at" timestamptz, "hidden_reason" text, "held_at" timestamptz, "oldest" timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_oldest timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('tweets:' || p_owner::text, 0));
  SELECT count(*)::integer, min(t."created_at") INTO v_count, v_oldest
    FROM "tweets" t
    WHERE t."owner_id" = p_owner AND t."created_at" > now() - make_interval(secs => p_window_seconds);
  IF v_count >= p_max THEN
    RETURN QUERY SELECT NULL::uuid, NULL::timestamptz, NULL::timestamptz, NULL::integer,
      NULL::timestamptz, NULL::text, NULL::timestamptz, v_oldest;
    RETURN;
  END IF;
  RETURN QUERY INSERT INTO "tweets" ("owner_id", "content", "held_at")
    VALUES (p_owner, p_content, CASE WHEN holds_watched_word(p_content) THEN now() END)
    RETURNING "tweets"."id", "tweets"."created_at", "tweets"."edited_at", "tweets"."likes_count",
      "tweets"."hidden_at", "tweets"."hidden_reason", "tweets"."held_at", NULL::timestamptz;
END
$$;
