import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole, Viewer } from '../../platform/auth/roles';
import { users, videos } from '../../platform/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../test/harness';
import { uniqueSuffix } from '../../../test/factories';
import {
  canEditVideo,
  canInteractWithVideo,
  canSeeVideo,
  videosVisibleTo,
  type PolicyVideo,
} from './videos.policy';

let database: TestDatabase;
const viewers: Record<string, Viewer | null> = { visitor: null };
const rows: (PolicyVideo & { id: string })[] = [];

async function addUser(role: UserRole): Promise<Viewer> {
  const username = `${role}_${uniqueSuffix()}`;
  const [row] = await database.handle.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      fullname: username,
      passwordHash: 'not a hash: nobody signs in here',
      role,
    })
    .returning({ id: users.id });
  return { userId: row!.id, role };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [owner, other, moderator, admin] = [
    await addUser('user'),
    await addUser('user'),
    await addUser('moderator'),
    await addUser('admin'),
  ];
  Object.assign(viewers, { owner, other, moderator, admin });
  for (const author of [owner!, other!]) {
    for (const isPublished of [true, false]) {
      // Hidden by a moderator (decision 0038) or not.
      for (const hiddenAt of [null, new Date()]) {
        const [row] = await database.handle.db
          .insert(videos)
          .values({
            ownerId: author.userId,
            title: 'A video',
            description: '',
            isPublished,
            hiddenAt,
            hiddenReason: hiddenAt ? 'Spam' : null,
          })
          .returning({ id: videos.id });
        rows.push({ id: row!.id, ownerId: author.userId, isPublished, hiddenAt });
      }
    }
  }
});
afterAll(async () => {
  await database?.drop();
});

describe('videosVisibleTo', () => {
  it('selects exactly the videos canSeeVideo allows, for every kind of viewer', async () => {
    const disagreements: string[] = [];
    for (const [name, viewer] of Object.entries(viewers)) {
      const found = await database.handle.db
        .select({ id: videos.id })
        .from(videos)
        .where(
          and(
            inArray(
              videos.id,
              rows.map((r) => r.id),
            ),
            videosVisibleTo(viewer),
          ),
        );
      const bySql = new Set(found.map((r) => r.id));
      for (const row of rows) {
        if (bySql.has(row.id) !== canSeeVideo(viewer, row)) {
          disagreements.push(
            `${name} on a ${row.isPublished ? 'published' : 'draft'}${row.hiddenAt ? ' hidden' : ''} video`,
          );
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('lets staff see drafts, but only the owner edit, like or comment on one', () => {
    const draft = { ownerId: viewers.owner!.userId, isPublished: false, hiddenAt: null };
    const published = { ...draft, isPublished: true };
    const verdicts = Object.fromEntries(
      Object.entries(viewers).map(([name, viewer]) => [
        name,
        [
          canSeeVideo(viewer, draft),
          canEditVideo(viewer, draft),
          canInteractWithVideo(viewer, draft),
          canEditVideo(viewer, published),
          canInteractWithVideo(viewer, published),
        ],
      ]),
    );
    expect(verdicts).toEqual({
      visitor: [false, false, false, false, true],
      owner: [true, true, true, true, true],
      other: [false, false, false, false, true],
      moderator: [true, false, false, false, true],
      admin: [true, false, false, false, true],
    });
  });
});
