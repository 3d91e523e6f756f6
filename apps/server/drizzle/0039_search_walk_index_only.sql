-- A search's most viewed matching videos (`SearchRepository.searchVideos`, `by_words`) walk the
-- published videos by views and test each one's words until 300 match: for a common word,
-- about 3,000 rows, each a wide row of the videos table read for its `search_vector` (on the
-- seeded site 1.75 rows a page, most pages outside shared_buffers: 6,000-9,000 buffers a search).
-- With the words and what the walk's filter reads carried by the index, the walk is
-- index-only (on pages the visibility map marks all-visible): 2-3x the searches a second on the
-- seeded site. The home's order (`sortBy=views`) walks the same index as before.
DROP INDEX IF EXISTS "videos_published_views_idx";--> statement-breakpoint
CREATE INDEX "videos_published_views_idx" ON "videos" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("hidden_at","search_vector") WHERE "videos"."is_published";
