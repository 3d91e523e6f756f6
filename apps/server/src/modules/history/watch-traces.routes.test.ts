/**
 * What watching leaves behind: saved positions are numbers the database holds (issue 20 c:
 * a tiny float answered 500), and a draft reviewed by its owner or by staff leaves no view and
 * no history (issue 20 d).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos, viewEvents, watchHistory } from '../../platform/db/schema';
import { grantUserRole } from '../users';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';

let t: TestApp;
let owner: RegisteredUser;
let viewer: RegisteredUser;
let moderator: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, viewer, moderator] = await Promise.all([
    registerUser(t.app),
    registerUser(t.app),
    registerUser(t.app),
  ]);
  await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'PUT' | 'PATCH',
  url: string,
  user: RegisteredUser,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.auth,
    ...(payload ? { payload } : {}),
  });

async function insertVideo(isPublished: boolean): Promise<string> {
  const [row] = await t.database.db
    .insert(videos)
    .values({
      ownerId: owner.userId,
      title: isPublished ? 'Out' : 'Draft',
      description: 'Inserted by a test',
      durationSeconds: 600,
      isPublished,
    })
    .returning({ id: videos.id });
  return row!.id;
}

const historyRow = async (user: RegisteredUser, videoId: string) =>
  (
    await t.database.db
      .select({ positionSeconds: watchHistory.positionSeconds })
      .from(watchHistory)
      .where(and(eq(watchHistory.userId, user.userId), eq(watchHistory.videoId, videoId)))
  )[0];

const tracesOf = async (videoId: string) => ({
  views: (
    await t.database.db.select({ views: videos.views }).from(videos).where(eq(videos.id, videoId))
  )[0]!.views,
  viewEvents: (await t.database.db.select().from(viewEvents).where(eq(viewEvents.videoId, videoId)))
    .length,
  history: (
    await t.database.db.select().from(watchHistory).where(eq(watchHistory.videoId, videoId))
  ).length,
});

describe('a saved position', () => {
  it('is rounded to the millisecond, so a tiny or long float is kept, never a 500', async () => {
    const video = await insertVideo(true);
    const cases: [number, number][] = [
      [5e-324, 0],
      [1e-300, 0],
      [1e-7, 0],
      [12.3456789, 12.346],
      [86_399.9999, 86_400],
    ];
    for (const [sent, kept] of cases) {
      const saved = await call('PUT', `/users/watchHistory/${video}`, viewer, {
        positionSeconds: sent,
      });
      expect(saved.statusCode, `${sent} ${saved.body}`).toBe(200);
      expect(saved.json().data).toEqual({ recorded: true, positionSeconds: kept });
      expect((await historyRow(viewer, video))!.positionSeconds).toBeCloseTo(kept, 2);

      const view = await call('PATCH', `/videos/${video}/views`, viewer, { position: sent });
      expect(view.statusCode, `${sent} ${view.body}`).toBe(200);
      expect((await historyRow(viewer, video))!.positionSeconds).toBeCloseTo(kept, 2);
    }
  });

  it('refuses what is not a time in a video (400) and writes nothing', async () => {
    const video = await insertVideo(true);
    for (const bad of [-5e-324, -1, 86_400.001, 1e308, '1', true]) {
      const saved = await call('PUT', `/users/watchHistory/${video}`, viewer, {
        positionSeconds: bad,
      });
      expect(saved.statusCode, String(bad)).toBe(400);
      expect(saved.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      const view = await call('PATCH', `/videos/${video}/views`, viewer, { position: bad });
      expect(view.statusCode, String(bad)).toBe(400);
    }
    expect(await tracesOf(video)).toEqual({ views: 0, viewEvents: 0, history: 0 });
  });
});

describe('a draft', () => {
  it('reviewed by its owner or a moderator counts no view and keeps no history', async () => {
    const draft = await insertVideo(false);
    for (const reviewer of [owner, moderator]) {
      const view = await call('PATCH', `/videos/${draft}/views`, reviewer, { position: 30 });
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json().data).toEqual({ views: 0, counted: false });
      const saved = await call('PUT', `/users/watchHistory/${draft}`, reviewer, {
        positionSeconds: 42,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toEqual({ recorded: false, positionSeconds: 42 });
      const history = await call('GET', '/users/watchHistory', reviewer);
      expect(history.json().data).toEqual([]);
    }
    expect(await tracesOf(draft)).toEqual({ views: 0, viewEvents: 0, history: 0 });
  });

  it('once published, counts its owner’s views and keeps their place as anyone’s', async () => {
    const video = await insertVideo(true);
    const view = await call('PATCH', `/videos/${video}/views`, owner, { position: 3 });
    expect(view.json().data).toEqual({ views: 1, counted: true });
    expect(await tracesOf(video)).toEqual({ views: 1, viewEvents: 1, history: 1 });
  });
});
