import { and, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole, Viewer } from '../../platform/auth/roles';
import { users, videos } from '../../platform/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../test/harness';
import { uniqueSuffix } from '../../../test/factories';
import {
  canEditVideo,
  canEmbedVideo,
  canInteractWithVideo,
  canListVideo,
  canSeeVideo,
  videosInteractableBy,
  videosVisibleTo,
  videosWatchableBy,
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
  const levels = [
    { isPublished: true, isUnlisted: false },
    { isPublished: false, isUnlisted: true },
    { isPublished: false, isUnlisted: false },
  ];
  for (const author of [owner!, other!]) {
    for (const level of levels) {
      // Hidden by a moderator (decision 0038) or not.
      for (const hiddenAt of [null, new Date()]) {
        const [row] = await database.handle.db
          .insert(videos)
          .values({
            ownerId: author.userId,
            title: 'A video',
            description: '',
            ...level,
            hiddenAt,
            hiddenReason: hiddenAt ? 'Spam' : null,
          })
          .returning({ id: videos.id });
        rows.push({ id: row!.id, ownerId: author.userId, ...level, hiddenAt });
      }
    }
  }
});
afterAll(async () => {
  await database?.drop();
});

const levelOf = (row: PolicyVideo) =>
  (row.isPublished ? 'public' : row.isUnlisted ? 'unlisted' : 'private') +
  (row.hiddenAt ? ' hidden' : '');

/** Where the SQL form and the rule disagree, for every kind of viewer and every level. */
async function disagreementsOf(
  filter: (viewer: Viewer | null) => ReturnType<typeof videosVisibleTo>,
  rule: (viewer: Viewer | null, video: PolicyVideo) => boolean,
): Promise<string[]> {
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
          filter(viewer),
        ),
      );
    const bySql = new Set(found.map((r) => r.id));
    for (const row of rows) {
      if (bySql.has(row.id) !== rule(viewer, row)) {
        disagreements.push(`${name} on a ${levelOf(row)} video`);
      }
    }
  }
  return disagreements;
}

describe('videosVisibleTo', () => {
  it('lists exactly the videos canListVideo allows, for every kind of viewer', async () => {
    expect(await disagreementsOf(videosVisibleTo, canListVideo)).toEqual([]);
  });
});

describe('videosWatchableBy', () => {
  it('reaches exactly the videos canSeeVideo allows, for every kind of viewer', async () => {
    expect(await disagreementsOf(videosWatchableBy, canSeeVideo)).toEqual([]);
  });
});

describe('videosInteractableBy', () => {
  it('takes likes on exactly the videos canInteractWithVideo allows, for every kind of viewer', async () => {
    expect(await disagreementsOf(videosInteractableBy, canInteractWithVideo)).toEqual([]);
  });
});

describe('privacy levels', () => {
  it('lists public videos to all, plays unlisted ones by link, keeps private ones to owner and staff', () => {
    const ownerId = viewers.owner!.userId;
    const levels = {
      public: { ownerId, isPublished: true, isUnlisted: false, hiddenAt: null },
      unlisted: { ownerId, isPublished: false, isUnlisted: true, hiddenAt: null },
      private: { ownerId, isPublished: false, isUnlisted: false, hiddenAt: null },
      hidden: { ownerId, isPublished: true, isUnlisted: false, hiddenAt: new Date() },
    };
    const verdicts = Object.fromEntries(
      Object.entries(viewers).map(([name, viewer]) => [
        name,
        Object.fromEntries(
          Object.entries(levels).map(([level, video]) => [
            level,
            `${canListVideo(viewer, video) ? 'list' : '-'} ${canSeeVideo(viewer, video) ? 'see' : '-'}`,
          ]),
        ),
      ]),
    );
    expect(verdicts).toEqual({
      visitor: { public: 'list see', unlisted: '- see', private: '- -', hidden: '- -' },
      owner: { public: 'list see', unlisted: 'list see', private: 'list see', hidden: 'list see' },
      other: { public: 'list see', unlisted: '- see', private: '- -', hidden: '- -' },
      moderator: {
        public: 'list see',
        unlisted: 'list see',
        private: 'list see',
        hidden: 'list see',
      },
      admin: { public: 'list see', unlisted: 'list see', private: 'list see', hidden: 'list see' },
    });
    expect(Object.values(levels).map(canEmbedVideo)).toEqual([true, true, false, false]);
  });

  it('lets staff see drafts, but only the owner edit, like or comment on one', () => {
    const draft = {
      ownerId: viewers.owner!.userId,
      isPublished: false,
      isUnlisted: false,
      hiddenAt: null,
    };
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
