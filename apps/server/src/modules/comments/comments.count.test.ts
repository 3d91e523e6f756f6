/**
 * A video's comment count counts only the comments everyone sees (decision 0046): a comment a
 * moderator hid, one a ban hid and one held for a watched word are out of it until restored,
 * unbanned or approved, and the count stays exact when many change it at once (row triggers,
 * migration 0026). On PGlite and PostgreSQL, through the real app.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/api-client';
import type { RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo } from '../../../test/media-factories';
import { people } from '../../../test/messaging-factories';
import { queryRows } from '../../platform/db/client';
import { grantUserRole } from '../users';

let t: TestApp;
let moderator: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_TTL: '0s' });
  [moderator, admin] = await people(t.app, 2);
  await grantUserRole({ username: moderator.username, role: 'moderator' }, t.database.db);
  await grantUserRole({ username: admin.username, role: 'admin' }, t.database.db);
  await expectOk(t.app, 'addWatchedWord', { as: admin, body: { word: 'kumquat' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/**
 * The count as a visitor reads it on the watch page and in the comments' header (both drop
 * their kept answers at once), and on the home card of someone who has not read home before (a
 * card read earlier may trail by the kept answers' lifetime, as its views do: decision 0025).
 */
async function countsOf(videoId: string) {
  const video = await expectOk(t.app, 'getVideo', { params: { id: videoId } });
  const list = await expectOk(t.app, 'listComments', { params: { videoId }, query: {} });
  const [newcomer] = await people(t.app, 1);
  const home = await expectOk(t.app, 'listVideos', { as: newcomer, query: { limit: 100 } });
  return {
    watch: video.comments,
    header: list.totalCount,
    home: home.videos.find((v) => v._id === videoId)?.comments,
  };
}

const same = (n: number) => ({ watch: n, header: n, home: n });

/** Videos whose stored count differs from their rows that everyone sees. */
async function wrongCounts(): Promise<number> {
  const [row] = await queryRows<{ wrong: number }>(
    t.database.db,
    sql`select count(*)::int as wrong from videos v where v.comments_count <>
          (select count(*) from comments c
           where c.video_id = v.id and c.hidden_at is null and c.held_at is null)`,
  );
  return row!.wrong;
}

const comment = (as: RegisteredUser, videoId: string, content: string) =>
  expectOk(t.app, 'addComment', { as, params: { videoId }, body: { content } });

describe('a video’s comment count', () => {
  it('pages only the top comments the reader sees: a held one counts for its author, the owner and staff', async () => {
    const [owner, bob, carol] = await people(t.app, 3);
    const video = await createVideo(t.app, owner);
    await comment(bob, video._id, 'First');
    await comment(bob, video._id, 'Second');
    await comment(carol, video._id, 'A kumquat for you');
    const pagesFor = async (as: RegisteredUser | undefined) => {
      const list = await expectOk(t.app, 'listComments', {
        ...(as ? { as } : {}),
        params: { videoId: video._id },
        query: { page: '1', limit: '2' },
      });
      return [list.comments.length, list.totalPages, list.hasNextPage];
    };
    expect(await pagesFor(undefined)).toEqual([2, 1, false]);
    expect(await pagesFor(bob)).toEqual([2, 1, false]);
    expect(await pagesFor(carol)).toEqual([2, 2, true]);
    expect(await pagesFor(owner)).toEqual([2, 2, true]);
    expect(await pagesFor(moderator)).toEqual([2, 2, true]);
  });

  it('leaves out hidden and held comments, and takes them back when restored or approved', async () => {
    const [owner, bob, carol] = await people(t.app, 3);
    const video = await createVideo(t.app, owner);
    const first = await comment(bob, video._id, 'A fine video');
    const held = await comment(carol, video._id, 'I love kumquat');
    expect(held.moderation).toEqual({ state: 'held', reason: null });
    expect(await countsOf(video._id)).toEqual(same(1));

    await expectOk(t.app, 'reviewHeld', {
      as: owner,
      body: { targetKind: 'comment', targetId: held._id, decision: 'approve' },
    });
    expect(await countsOf(video._id)).toEqual(same(2));

    await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'comment', targetId: first._id, reason: 'Spam' },
    });
    expect(await countsOf(video._id)).toEqual(same(1));
    await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'restore', targetKind: 'comment', targetId: first._id, reason: 'Appeal' },
    });
    expect(await countsOf(video._id)).toEqual(same(2));

    // An edit that brings in a watched word holds the comment again; a rejection removes it.
    await expectOk(t.app, 'updateComment', {
      as: carol,
      params: { commentId: held._id },
      body: { content: 'Still kumquat' },
    });
    expect(await countsOf(video._id)).toEqual(same(1));
    await expectOk(t.app, 'reviewHeld', {
      as: owner,
      body: { targetKind: 'comment', targetId: held._id, decision: 'reject' },
    });
    expect(await countsOf(video._id)).toEqual(same(1));
    expect(await wrongCounts()).toBe(0);
  });

  it('leaves out a banned account’s comments until the ban is lifted', async () => {
    const [owner, spammer] = await people(t.app, 2);
    const video = await createVideo(t.app, owner);
    await comment(owner, video._id, 'Welcome');
    const top = await comment(spammer, video._id, 'Buy now');
    await expectOk(t.app, 'addReply', {
      as: owner,
      params: { commentId: top._id },
      body: { content: 'No thanks' },
    });
    expect(await countsOf(video._id)).toEqual(same(3));
    await expectOk(t.app, 'banUser', {
      as: moderator,
      params: { id: spammer.userId },
      body: { reason: 'Spam account' },
    });
    expect(await countsOf(video._id)).toEqual(same(2));
    await expectOk(t.app, 'unbanUser', {
      as: admin,
      params: { id: spammer.userId },
      body: { reason: 'Appeal' },
    });
    expect(await countsOf(video._id)).toEqual(same(3));
  });

  it('loses a deleted thread whole, its hidden replies once only', async () => {
    const [owner, bob] = await people(t.app, 2);
    const video = await createVideo(t.app, owner);
    const top = await comment(bob, video._id, 'Top');
    const replies = [];
    for (const content of ['One', 'Two', 'Three']) {
      replies.push(
        await expectOk(t.app, 'addReply', {
          as: owner,
          params: { commentId: top._id },
          body: { content },
        }),
      );
    }
    await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'comment', targetId: replies[0]!._id, reason: 'Rude' },
    });
    expect(await countsOf(video._id)).toEqual(same(3));
    await expectOk(t.app, 'deleteComment', { as: bob, params: { commentId: top._id } });
    expect(await countsOf(video._id)).toEqual(same(0));
  });

  it('stays exact when many comment, hide and restore at once', async () => {
    const [owner, ...authors] = await people(t.app, 6);
    const video = await createVideo(t.app, owner);
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        comment(authors[i % authors.length]!, video._id, i % 5 === 0 ? `kumquat ${i}` : `c ${i}`),
      ),
    );
    const visible = made.filter((c) => c.moderation === undefined);
    const toHide = visible.slice(0, 8);
    await Promise.all([
      ...toHide.map((c) =>
        expectOk(t.app, 'moderateTarget', {
          as: moderator,
          body: { action: 'hide', targetKind: 'comment', targetId: c._id, reason: 'Spam' },
        }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        comment(authors[i % authors.length]!, video._id, `more ${i}`),
      ),
      ...made
        .filter((c) => c.moderation !== undefined)
        .map((c) =>
          expectOk(t.app, 'reviewHeld', {
            as: owner,
            body: { targetKind: 'comment', targetId: c._id, decision: 'approve' },
          }),
        ),
    ]);
    // 30 made, 6 of them held then approved, 8 hidden, 10 more: 32 seen by everyone.
    expect(await countsOf(video._id)).toEqual(same(32));
    await Promise.all(
      toHide.map((c) =>
        expectOk(t.app, 'moderateTarget', {
          as: moderator,
          body: { action: 'restore', targetKind: 'comment', targetId: c._id, reason: 'Ok' },
        }),
      ),
    );
    expect(await countsOf(video._id)).toEqual(same(40));
    expect(await wrongCounts()).toBe(0);
  });
});

describe('the watch page’s kept answer', () => {
  it('drops its count at once when a comment is hidden, restored, held by an edit or approved', async () => {
    // Answers kept as in production (the file's app keeps none, so that home reads fresh).
    const kept = await createTestApp();
    try {
      const [owner, bob, mod] = await people(kept.app, 3);
      await grantUserRole({ username: mod.username, role: 'moderator' }, kept.database.db);
      const [keeper] = await people(kept.app, 1);
      await grantUserRole({ username: keeper.username, role: 'admin' }, kept.database.db);
      await expectOk(kept.app, 'addWatchedWord', { as: keeper, body: { word: 'kumquat' } });
      const video = await createVideo(kept.app, owner);
      const watched = async () =>
        (await expectOk(kept.app, 'getVideo', { params: { id: video._id } })).comments;
      const made = await expectOk(kept.app, 'addComment', {
        as: bob,
        params: { videoId: video._id },
        body: { content: 'Nice' },
      });
      expect(await watched()).toBe(1);
      await expectOk(kept.app, 'moderateTarget', {
        as: mod,
        body: { action: 'hide', targetKind: 'comment', targetId: made._id, reason: 'Spam' },
      });
      expect(await watched()).toBe(0);
      await expectOk(kept.app, 'moderateTarget', {
        as: mod,
        body: { action: 'restore', targetKind: 'comment', targetId: made._id, reason: 'Ok' },
      });
      expect(await watched()).toBe(1);
      await expectOk(kept.app, 'updateComment', {
        as: bob,
        params: { commentId: made._id },
        body: { content: 'Nice kumquat' },
      });
      expect(await watched()).toBe(0);
      await expectOk(kept.app, 'reviewHeld', {
        as: owner,
        body: { targetKind: 'comment', targetId: made._id, decision: 'approve' },
      });
      expect(await watched()).toBe(1);
    } finally {
      await kept.close();
    }
  }, 60_000);
});
