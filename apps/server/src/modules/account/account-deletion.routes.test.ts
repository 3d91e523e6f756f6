/**
 * Deleting an account and exporting one's data, through the real endpoints on a real
 * database (PGlite, and PostgreSQL in the suite's second run), with the job workers running
 * so the files really go.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import type { RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo, eventually } from '../../../test/media-factories';
import { openConversation, people } from '../../../test/messaging-factories';
import { comments, tweets, users, videos } from '../../platform/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The counters as stored, and as counted from the rows they count: they must agree. */
async function counters() {
  const rows = await t.database.db.execute(sql`
    select
      (select count(*)::int from videos v where v.likes_count <>
        (select count(*) from likes l where l.video_id = v.id)) as bad_video_likes,
      (select count(*)::int from videos v where v.comments_count <>
        (select count(*) from comments c where c.video_id = v.id
           and c.hidden_at is null and c.held_at is null)) as bad_video_comments,
      (select count(*)::int from comments c where c.likes_count <>
        (select count(*) from likes l where l.comment_id = c.id)) as bad_comment_likes,
      (select count(*)::int from tweets tw where tw.likes_count <>
        (select count(*) from likes l where l.tweet_id = tw.id)) as bad_tweet_likes,
      (select count(*)::int from users u where u.subscribers_count <>
        (select count(*) from subscriptions s where s.channel_id = u.id)) as bad_subscribers
  `);
  return (rows as unknown as { rows: Record<string, number>[] }).rows[0];
}
const allExact = {
  bad_video_likes: 0,
  bad_video_comments: 0,
  bad_comment_likes: 0,
  bad_tweet_likes: 0,
  bad_subscribers: 0,
};

/** A person with one of everything, on their own things and on Olga's. */
async function busyPerson(olga: RegisteredUser) {
  const [dan] = await people(t.app, 1);
  const olgasVideo = await createVideo(t.app, olga, { title: 'Olga films' });
  const dansVideo = await createVideo(t.app, dan, { title: 'Dan films', withThumbnail: true });
  const olgasComment = await expectOk(t.app, 'addComment', {
    params: { videoId: olgasVideo._id },
    as: olga,
    body: { content: 'Olga on her own video' },
  });
  const [olgasTweet] = await t.database.db
    .insert(tweets)
    .values({ ownerId: olga.userId, content: 'Olga says hello' })
    .returning({ id: tweets.id });
  await expectOk(t.app, 'toggleVideoLike', { params: { id: olgasVideo._id }, as: dan });
  await expectOk(t.app, 'toggleCommentLike', { params: { id: olgasComment._id }, as: dan });
  await expectOk(t.app, 'toggleTweetLike', { params: { id: olgasTweet!.id }, as: dan });
  await expectOk(t.app, 'addComment', {
    params: { videoId: olgasVideo._id },
    as: dan,
    body: { content: 'Dan was here' },
  });
  await expectOk(t.app, 'toggleSubscription', { params: { channelId: olga.userId }, as: dan });
  // Olga's own traces on Dan's things leave with them.
  await expectOk(t.app, 'toggleVideoLike', { params: { id: dansVideo._id }, as: olga });
  await expectOk(t.app, 'toggleSubscription', { params: { channelId: dan.userId }, as: olga });
  const olgasList = await expectOk(t.app, 'createPlaylist', {
    as: olga,
    body: { name: 'Mixed', description: '', visibility: 'public' },
  });
  await expectOk(t.app, 'addPlaylistVideo', {
    params: { playlistId: olgasList._id, videoId: olgasVideo._id },
    as: olga,
  });
  await expectOk(t.app, 'addPlaylistVideo', {
    params: { playlistId: olgasList._id, videoId: dansVideo._id },
    as: olga,
  });
  await expectOk(t.app, 'createTweet', { as: dan, body: { content: 'Dan tweets' } });
  await expectOk(t.app, 'saveWatchPosition', {
    params: { videoId: olgasVideo._id },
    as: dan,
    body: { positionSeconds: 1 },
  });
  const conversationId = await openConversation(t.app, dan, olga, 'Dan asks Olga');
  await expectOk(t.app, 'sendMessage', {
    params: { id: conversationId },
    as: dan,
    body: { content: 'Are you there?' },
  });
  return { dan, olgasVideo, dansVideo, olgasComment, olgasTweetId: olgasTweet!.id, olgasList };
}

describe('DELETE my account', () => {
  it('refuses a wrong or missing password in the envelope and writes nothing', async () => {
    const [olga] = await people(t.app, 1);
    const { dan } = await busyPerson(olga);
    const before = await counters();
    const wrong = await callApi(t.app, 'deleteAccount', {
      as: dan,
      body: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'password', message: 'The password is not correct' }],
    });
    const missing = await callApi(t.app, 'deleteAccount', { as: dan, body: malformed({}) });
    expect(missing.statusCode).toBe(400);
    expect(missing.error.code).toBe('VALIDATION_FAILED');
    const notJson = await callApi(t.app, 'deleteAccount', {
      as: dan,
      body: malformed({ password: 12 }),
    });
    expect(notJson.statusCode).toBe(400);
    expect(await counters()).toEqual(before);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, dan.userId));
    expect(still).toBeDefined();
    expect((await callApi(t.app, 'currentUser', { as: dan })).statusCode).toBe(200);
  });

  it('holds an account to a few wrong passwords, for deleting and changing the password alike', async () => {
    const [eve] = await people(t.app, 1);
    for (let i = 0; i < 3; i++) {
      const res = await callApi(t.app, 'deleteAccount', { as: eve, body: { password: `x${i}` } });
      expect(res.statusCode).toBe(400);
    }
    for (let i = 0; i < 2; i++) {
      const res = await callApi(t.app, 'changePassword', {
        as: eve,
        body: { oldPassword: `y${i}`, newPassword: 'a new password here' },
      });
      expect(res.statusCode).toBe(400);
    }
    const held = await callApi(t.app, 'deleteAccount', {
      as: eve,
      body: { password: eve.password },
    });
    expect(held.statusCode).toBe(429);
    expect(held.error.code).toBe('RATE_LIMITED');
    expect(held.headers['retry-after']).toBeDefined();
    expect((await callApi(t.app, 'currentUser', { as: eve })).statusCode).toBe(200);
  });

  it('removes everything of the person, keeps every count on other people’s things exact, and ends the sessions', async () => {
    const [olga] = await people(t.app, 1);
    const { dan, olgasVideo, dansVideo, olgasComment, olgasList } = await busyPerson(olga);
    const exported = await expectOk(t.app, 'exportAccount', { as: dan });
    const mediaKeys = [
      exported.account.avatar,
      ...exported.videos.flatMap((v) => [v.videoFile, v.thumbnail]),
    ]
      .filter((url): url is string => url !== null)
      .map((url) => url.replace(/^.*\/media\//, ''));
    expect(mediaKeys.length).toBe(3);
    for (const key of mediaKeys) await access(path.join(t.config.mediaDir, key));
    // Kept answers read before: they must not outlive the deletion.
    const seenBefore = await expectOk(t.app, 'getVideo', { params: { id: olgasVideo._id } });
    expect(seenBefore).toMatchObject({ likes: 1, comments: 2 });
    const olgasChannelBefore = await expectOk(t.app, 'getChannel', { params: { id: olga.userId } });
    expect(olgasChannelBefore.channel.subscribersCount).toBe(1);

    const res = await callApi(t.app, 'deleteAccount', {
      as: dan,
      body: { password: dan.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.message).toBe('Account deleted');

    expect(await counters()).toEqual(allExact);
    const seenAfter = await expectOk(t.app, 'getVideo', { params: { id: olgasVideo._id } });
    expect(seenAfter).toMatchObject({ likes: 0, comments: 1 });
    const comment = await t.database.db
      .select({ likes: comments.likesCount })
      .from(comments)
      .where(eq(comments.id, olgasComment._id));
    expect(comment).toEqual([{ likes: 0 }]);
    const olgasChannel = await expectOk(t.app, 'getChannel', { params: { id: olga.userId } });
    expect(olgasChannel.channel.subscribersCount).toBe(0);
    // Dan's video left Olga's playlist, whose positions stay dense.
    const list = await expectOk(t.app, 'getPlaylist', { params: { playlistId: olgasList._id } });
    expect(list.videos.map((v) => v._id)).toEqual([olgasVideo._id]);
    expect((await callApi(t.app, 'getVideo', { params: { id: dansVideo._id } })).statusCode).toBe(
      404,
    );
    // Olga's conversation with Dan went with him; her unread count with it.
    expect(await expectOk(t.app, 'listConversations', { as: olga })).toEqual([]);
    const left = await t.database.db.execute(sql`
      select
        (select count(*)::int from videos where owner_id = ${dan.userId}) as videos,
        (select count(*)::int from sessions where user_id = ${dan.userId}) as sessions,
        (select count(*)::int from media_assets where owner_id = ${dan.userId}) as media,
        (select count(*)::int from messages where sender_id = ${dan.userId}) as messages,
        (select count(*)::int from tweets where owner_id = ${dan.userId}) as tweets,
        (select count(*)::int from watch_history where user_id = ${dan.userId}) as history
    `);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({
      videos: 0,
      sessions: 0,
      media: 0,
      messages: 0,
      tweets: 0,
      history: 0,
    });
    // The deleting session's token stops at once; signing in again finds no account.
    expect((await callApi(t.app, 'currentUser', { as: dan })).statusCode).toBe(401);
    const login = await callApi(t.app, 'login', {
      body: { email: dan.email, password: dan.password },
    });
    expect(login.statusCode).toBe(401);
    // The files go in the cleanup job.
    await eventually(
      async () => {
        const gone = await Promise.all(
          mediaKeys.map((key) =>
            access(path.join(t.config.mediaDir, key)).then(
              () => false,
              () => true,
            ),
          ),
        );
        return gone.every(Boolean) ? true : undefined;
      },
      { what: 'the deleted account’s files to go', timeoutMs: 30_000 },
    );
  });

  it('keeps counts exact while the person likes and subscribes as the account goes', async () => {
    const [olga, dan] = await people(t.app, 2);
    const targets = await Promise.all([1, 2, 3].map(() => createVideo(t.app, olga)));
    const likesMeanwhile = targets.map((video) =>
      callApi(t.app, 'toggleVideoLike', { params: { id: video._id }, as: dan }),
    );
    const [deleted, ...likes] = await Promise.all([
      callApi(t.app, 'deleteAccount', { as: dan, body: { password: dan.password } }),
      ...likesMeanwhile,
      callApi(t.app, 'toggleSubscription', { params: { channelId: olga.userId }, as: dan }),
    ]);
    expect(deleted.statusCode).toBe(200);
    for (const like of likes) expect([200, 401, 404]).toContain(like.statusCode);
    expect(await counters()).toEqual(allExact);
    const stored = await t.database.db
      .select({ likes: videos.likesCount })
      .from(videos)
      .where(eq(videos.ownerId, olga.userId));
    expect(stored.every((v) => v.likes === 0)).toBe(true);
  });
});

describe('GET my data', () => {
  it('answers the person’s own data with links to their media, and nobody else’s', async () => {
    const [olga] = await people(t.app, 1);
    const { dan, olgasVideo, dansVideo } = await busyPerson(olga);
    const data = await expectOk(t.app, 'exportAccount', { as: dan });
    expect(data.account).toMatchObject({ _id: dan.userId, email: dan.email });
    expect(data.videos.map((v) => v._id)).toEqual([dansVideo._id]);
    expect(data.videos[0]!.videoFile).toMatch(/\/media\//);
    expect(data.comments).toEqual([
      expect.objectContaining({ videoId: olgasVideo._id, content: 'Dan was here' }),
    ]);
    expect(data.likes.map((l) => l.target).sort()).toEqual(['comment', 'tweet', 'video']);
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ channelId: olga.userId, username: olga.username }),
    ]);
    expect(data.tweets.map((tw) => tw.content)).toEqual(['Dan tweets']);
    expect(data.watchHistory).toEqual([
      expect.objectContaining({ videoId: olgasVideo._id, positionSeconds: 1 }),
    ]);
    expect(data.conversations).toEqual([
      {
        _id: expect.any(String),
        with: { _id: olga.userId, username: olga.username },
        messages: [
          expect.objectContaining({ fromMe: true, content: 'Dan asks Olga' }),
          expect.objectContaining({ fromMe: true, content: 'Are you there?' }),
        ],
      },
    ]);
    // Olga's own export holds her playlist and none of Dan's things.
    const hers = await expectOk(t.app, 'exportAccount', { as: olga });
    expect(hers.playlists.map((p) => p.videoIds.length)).toEqual([2]);
    expect(hers.tweets.map((tw) => tw.content)).toEqual(['Olga says hello']);
    expect(hers.account.email).toBe(olga.email);
    expect(JSON.stringify(hers)).not.toContain(dan.email);
    // A visitor has no data to take.
    expect((await callApi(t.app, 'exportAccount', {})).statusCode).toBe(401);
  });
});
