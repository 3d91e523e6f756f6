// Test support for the history tests: videos written straight into the database, a position
// saved, a person's history read, all through one test app.
import type { HistoryEntry, QueryOf } from '@kinora/contract';
import { expect } from 'vitest';
import { videos } from '../../platform/db/schema';
import { callApi } from '../../../test/api-client';
import type { TestApp } from '../../../test/harness';
import type { RegisteredUser } from '../../../test/factories';

export function historyHelpers(app: () => TestApp) {
  /** Videos written straight into the database, published unless asked, owned by `owner`. */
  async function insertVideos(
    owner: RegisteredUser,
    n: number,
    isPublished = true,
  ): Promise<string[]> {
    const rows = await app()
      .database.db.insert(videos)
      .values(
        Array.from({ length: n }, (_, i) => ({
          ownerId: owner.userId,
          title: `Watched ${i}`,
          description: 'Inserted by a test',
          durationSeconds: 600,
          isPublished,
        })),
      )
      .returning({ id: videos.id });
    return rows.map((r) => r.id);
  }

  const save = (user: RegisteredUser | null, videoId: string, positionSeconds: number) =>
    callApi(app().app, 'saveWatchPosition', {
      params: { videoId },
      as: user,
      body: { positionSeconds },
    });

  async function historyOf(
    user: RegisteredUser,
    query: QueryOf<'watchHistory'> = {},
  ): Promise<HistoryEntry[]> {
    const res = await callApi(app().app, 'watchHistory', { as: user, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.data;
  }

  return { insertVideos, save, historyOf };
}
