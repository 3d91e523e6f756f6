import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { publishedVideos, videos } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { clip, createVideo, togglePublish } from '../../../test/media-factories';

// `published_videos` (migration 0034, decision 0059) is what a visitor sees of `videos`, kept by
// a row trigger; the followed feed's first step reads it instead of the videos' rows, which
// every view, like and comment rewrites.

let t: TestApp;
let owner: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner] = await Promise.all([registerUser(t.app), clip()]);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

/** The owner's videos as `published_videos` holds them, and as `videos` says they should be. */
async function bothSides(ids: string[]) {
  const kept = await db()
    .select({
      id: publishedVideos.videoId,
      ownerId: publishedVideos.ownerId,
      at: publishedVideos.createdAt,
    })
    .from(publishedVideos)
    .where(inArray(publishedVideos.videoId, ids));
  const shown = await db()
    .select({ id: videos.id, ownerId: videos.ownerId, at: videos.createdAt })
    .from(videos)
    .where(
      sql`${inArray(videos.id, ids)} and ${videos.isPublished} and ${videos.hiddenAt} is null`,
    );
  const sorted = (rows: { id: string; ownerId: string; at: Date }[]) =>
    rows.map((r) => `${r.id} ${r.ownerId} ${r.at.toISOString()}`).sort();
  return { kept: sorted(kept), shown: sorted(shown) };
}

/** The row version of a video's entry (changes when the row is rewritten). */
async function versionOf(id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ v: string }>(
    db(),
    sql`select xmin::text as v from ${publishedVideos} where ${publishedVideos.videoId} = ${id}`,
  );
  return row?.v;
}

describe('published_videos', () => {
  it('follows every change of what a visitor sees, and no counter rewrites it', async () => {
    const made = await Promise.all([1, 2, 3].map(() => createVideo(t.app, owner)));
    const ids = made.map((v) => v._id);
    const [a, b, c] = ids as [string, string, string];
    const check = async (expectedCount: number) => {
      const { kept, shown } = await bothSides(ids);
      expect(kept).toEqual(shown);
      expect(kept).toHaveLength(expectedCount);
    };
    await check(3);

    // Counters (a view, a like, a comment's count) leave the entry as it was.
    const before = await versionOf(a);
    expect(before).toBeDefined();
    await db()
      .update(videos)
      .set({
        views: sql`${videos.views} + 1`,
        likesCount: sql`${videos.likesCount} + 1`,
        commentsCount: sql`${videos.commentsCount} + 1`,
      })
      .where(eq(videos.id, a));
    expect(await versionOf(a)).toBe(before);

    await togglePublish(t.app, owner, b); // a draft
    await check(2);
    await db().update(videos).set({ hiddenAt: new Date() }).where(eq(videos.id, c)); // hidden
    await check(1);
    await togglePublish(t.app, owner, b); // out again
    await db().update(videos).set({ hiddenAt: null }).where(eq(videos.id, c)); // shown again
    await check(3);
    // A date moved (as a scheduled video's publication sets it) moves the entry's.
    await db()
      .update(videos)
      .set({ createdAt: new Date('2030-01-02T03:04:05.678Z') })
      .where(eq(videos.id, a));
    await check(3);
    await db().delete(videos).where(eq(videos.id, a));
    const { kept } = await bothSides(ids);
    expect(kept).toHaveLength(2);
    expect(kept.some((k) => k.startsWith(a))).toBe(false);
  });
});
