// History answered from the videos' kept cards (decision 0058): the same answer as the record
// path (members in the cards' order, as every listing writes them since decision 0049), each
// reader's own, and a reader's own save seen at once.
import type { HistoryEntry } from '@kinora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, videos, watchHistory } from '../../platform/db/schema';
import { prewrittenText } from '../../platform/http/prewritten-json';
import { presentVideo } from '../videos';
import { presentHistoryEntries } from './history.presenter';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { historyHelpers } from './history.test-support';
import { registerUser, type RegisteredUser } from '../../../test/factories';

let t: TestApp;
let olga: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  olga = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const { insertVideos, save, historyOf } = historyHelpers(() => t);

describe('GET /users/watchHistory from the kept cards (decision 0058)', () => {
  it('writes each entry as the presenter’s video and the entry’s members, value for value', async () => {
    const user = await registerUser(t.app);
    const [plain, processing, hidden] = await insertVideos(olga, 3);
    await t.database.db
      .update(users)
      .set({ avatarKey: 'avatars/a-b_c.webp', subscribersCount: 7 })
      .where(eq(users.id, olga.userId));
    await t.database.db
      .update(videos)
      .set({
        title: 'Quotes " and \\ back\nslash, ünïcödé 🎬',
        status: 'processing',
        processingProgress: 0.25,
        renditions: [{ name: '360p', progress: 0.5, ready: false, secondsLeft: 12.5 }],
        views: 9_007_199_254,
        likesCount: 3,
      })
      .where(eq(videos.id, processing!));
    // Positions whose text differs between PostgreSQL's `real` and JSON (a float, 1e+06).
    await save(user, plain!, 0.1);
    await save(user, processing!, 33.3);
    await t.database.db
      .update(watchHistory)
      .set({ positionSeconds: 1_000_000 })
      .where(eq(watchHistory.videoId, processing!));
    await save(user, hidden!, 12.5);
    await t.database.db.update(videos).set({ hiddenAt: new Date() }).where(eq(videos.id, hidden!));
    const staff = { userId: user.userId, role: 'admin' as const };
    const rows = await t.database.db
      .select({
        videoId: watchHistory.videoId,
        watchedAt: watchHistory.watchedAt,
        positionSeconds: watchHistory.positionSeconds,
      })
      .from(watchHistory)
      .where(eq(watchHistory.userId, user.userId));
    /** The record path's entries (`presentVideo` and the entry's fields), cursors as given. */
    const recordPath = (ids: string[], cursors: string[]) =>
      Promise.all(
        ids.map(async (id, i) => {
          const record = await t.services.videos.getVideo({ videoId: id, viewer: staff });
          const row = rows.find((r) => r.videoId === id)!;
          return {
            ...presentVideo(record, t.storage),
            watchedAt: row.watchedAt.toISOString(),
            positionSeconds: row.positionSeconds,
            // The cursor's own paging is tested in history.routes.test.ts.
            cursor: cursors[i],
          };
        }),
      );

    // The person: the hidden video is out of their history.
    const res = await callApi(t.app, 'watchHistory', { as: user });
    expect(res.statusCode, res.body).toBe(200);
    const expected = await recordPath(
      [processing!, plain!],
      res.data.map((h) => h.cursor),
    );
    expect(JSON.parse(res.body)).toStrictEqual({
      statusCode: 200,
      data: expected,
      message: 'Watch history',
      success: true,
    });
    // Staff see it, with its moderation notice.
    const asStaff = presentHistoryEntries(
      await t.services.history.watchHistory({ actor: staff, cursor: undefined, limit: 50 }),
    );
    const staffEntries = JSON.parse(prewrittenText(asStaff)!) as HistoryEntry[];
    expect(staffEntries).toStrictEqual(
      await recordPath(
        [hidden!, processing!, plain!],
        staffEntries.map((h) => h.cursor),
      ),
    );
  });

  it('is each reader’s own, and their own save shows at once while another’s stays theirs', async () => {
    const [ann, ben] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const [a, b, c] = await insertVideos(olga, 3);
    await save(ann, a!, 10);
    await save(ben, b!, 20);
    // Each kept for its reader.
    expect((await historyOf(ann)).map((h) => [h._id, h.positionSeconds])).toEqual([[a, 10]]);
    expect((await historyOf(ben)).map((h) => [h._id, h.positionSeconds])).toEqual([[b, 20]]);
    expect((await historyOf(ann)).map((h) => h._id)).toEqual([a]);

    await save(ann, a!, 30);
    await save(ann, c!, 5);
    expect((await historyOf(ann)).map((h) => [h._id, h.positionSeconds])).toEqual([
      [c, 5],
      [a, 30],
    ]);
    // Ann's saves drop only her answer: Ben's is his, unchanged.
    expect((await historyOf(ben)).map((h) => [h._id, h.positionSeconds])).toEqual([[b, 20]]);
    await save(ben, b!, 40);
    expect((await historyOf(ben)).map((h) => [h._id, h.positionSeconds])).toEqual([[b, 40]]);
    expect((await historyOf(ann)).map((h) => h._id)).toEqual([c, a]);
  });
});
