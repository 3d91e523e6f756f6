-- A view counted in one call (issue 18): the video's row locked, the viewer's view of the last
-- hour looked for after the lock (each statement of a function sees what committed before it,
-- so ten views at once by one viewer still count once), then the view, the counters and the
-- viewer's history written. The row lock is held for this call alone, not across the seven round
-- trips of the transaction it replaces, where likes and comments of the same video waited on it.
-- Answers nothing when the video is gone, and its views uncounted when it is private.
CREATE FUNCTION "videos_record_view"("p_video" uuid, "p_viewer_key" text, "p_viewer" uuid, "p_position" real)
RETURNS TABLE ("total_views" bigint, "is_counted" boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_views bigint;
  v_shown boolean;
  v_counted boolean := false;
BEGIN
  SELECT v."views", (v."is_published" OR v."is_unlisted") INTO v_views, v_shown
    FROM "videos" v WHERE v."id" = p_video FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF NOT v_shown THEN
    RETURN QUERY SELECT v_views, false;
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "view_events" e
      WHERE e."viewer_key" = p_viewer_key AND e."video_id" = p_video
        AND e."created_at" > now() - interval '1 hour') THEN
    INSERT INTO "view_events" ("video_id", "viewer_id", "viewer_key")
      VALUES (p_video, p_viewer, p_viewer_key);
    UPDATE "videos" v SET "views" = v."views" + 1, "trending_views" = v."trending_views" + 1
      WHERE v."id" = p_video RETURNING v."views" INTO v_views;
    v_counted := true;
  END IF;
  IF p_viewer IS NOT NULL THEN
    INSERT INTO "watch_history" AS h ("user_id", "video_id", "position_seconds")
      VALUES (p_viewer, p_video, coalesce(p_position, 0))
      ON CONFLICT ("user_id", "video_id") DO UPDATE
        SET "watched_at" = now(), "position_seconds" = coalesce(p_position, h."position_seconds");
  END IF;
  RETURN QUERY SELECT v_views, v_counted;
END
$$;
