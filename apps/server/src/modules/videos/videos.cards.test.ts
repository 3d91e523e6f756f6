import { Video as VideoSchema } from '@kinora/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../platform/auth/roles';
import { mediaAssets, users, videos } from '../../platform/db/schema';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { clip, createVideo, uploadAsset } from '../../../test/media-factories';
import { presentVideoCards } from './videos.cards';
import { presentVideo } from './videos.presenter';

// A video's answer written by PostgreSQL (decision 0049) is the presenter's, field for field,
// whatever state the video is in; and the asset facts copied onto `videos` (migration 0028)
// follow every write that changes them.

let t: TestApp;
let owner: RegisteredUser;
const staff = (): Viewer => ({ userId: owner.userId, role: 'admin' });

beforeAll(async () => {
  t = await createTestApp();
  [owner] = await Promise.all([registerUser(t.app), clip()]);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

/** The presenter's answer for the video (the record path) and the card's, parsed. */
async function bothAnswers(id: string) {
  const record = await t.services.videos.getVideo({ videoId: id, viewer: staff() });
  const [card] = await t.services.videos.getVisibleVideos({ ids: [id], viewer: staff() });
  expect(card, 'a card for the video').toBeDefined();
  return { presented: presentVideo(record, t.storage), carded: JSON.parse(card!.card) as unknown };
}

describe('video cards written by PostgreSQL', () => {
  it('are the presenter’s answer for videos in every state', async () => {
    const plain = await createVideo(t.app, owner, {
      title: 'Quotes " and \\ back\nslash, tab\t, ünïcödé 🎬 and \u0001',
      description: '<b>not html</b> & "json"',
    });
    const thumbed = await createVideo(t.app, owner, { withThumbnail: true });
    const states = await Promise.all([1, 2, 3, 4].map(() => createVideo(t.app, owner)));
    await db()
      .update(users)
      .set({ avatarKey: 'avatars/a-b_c.webp', subscribersCount: 7 })
      .where(eq(users.id, owner.userId));
    const renditions = [
      { name: '360p', progress: 0.5, ready: false, secondsLeft: 12.5 },
      { name: '720p', progress: 0, ready: false, secondsLeft: null },
    ];
    await db()
      .update(videos)
      .set({ status: 'processing', processingProgress: 0.25, renditions })
      .where(eq(videos.id, states[0]!._id));
    await db()
      .update(videos)
      .set({
        status: 'ready',
        renditions,
        hlsMasterKey: `videos/${states[1]!._id}/hls/master.m3u8`,
        captionsMasterKey: `captions/${states[1]!._id}/master.m3u8`,
        captionsMasterOf: `videos/${states[1]!._id}/hls/master.m3u8`,
        posterKey: `videos/${states[1]!._id}/poster.jpg`,
        storyboardKey: `videos/${states[1]!._id}/storyboard.vtt`,
        durationSeconds: 12.345,
        views: 9_007_199_254,
        likesCount: 3,
      })
      .where(eq(videos.id, states[1]!._id));
    await db()
      .update(videos)
      .set({
        isPublished: false,
        isUnlisted: false,
        publishAt: new Date('2031-02-03T04:05:06.789Z'),
        hiddenAt: new Date(),
        hiddenReason: 'Spam "links"',
        // A stale captions copy: the plain master stands.
        hlsMasterKey: `videos/${states[2]!._id}/hls/master.m3u8`,
        captionsMasterKey: `captions/${states[2]!._id}/master.m3u8`,
        captionsMasterOf: 'videos/older/master.m3u8',
      })
      .where(eq(videos.id, states[2]!._id));
    await db()
      .update(videos)
      .set({ isPublished: false, isUnlisted: true, hiddenAt: new Date(), hiddenReason: null })
      .where(eq(videos.id, states[3]!._id));
    // Microseconds that the timestamps carry are cut as `pg` cuts them.
    await db().execute(
      sql`update videos set created_at = '2026-01-02 03:04:05.678999+00' where id = ${plain._id}`,
    );

    // A title edited through the API rewrites the card's stored start.
    const renamed = await callApi(t.app, 'updateVideo', {
      params: { id: thumbed._id },
      body: { title: 'Renamed «again» \\ "quoted"', description: 'New\r\ndescription' },
      as: owner,
    });
    expect(renamed.statusCode).toBe(200);

    for (const video of [plain, thumbed, ...states]) {
      const { presented, carded } = await bothAnswers(video._id);
      expect(carded, video.title).toEqual(presented);
      expect(VideoSchema.safeParse(carded).success).toBe(true);
    }
  });

  it('are written as the answer’s text, and the list parses against the contract', async () => {
    const video = await createVideo(t.app, owner, { withThumbnail: true });
    const res = await callApi(t.app, 'listVideos', {
      query: { userId: owner.userId, page: 1, limit: 50 },
      as: owner,
    });
    expect(res.statusCode).toBe(200);
    const listed = res.data.videos.find((v) => v._id === video._id);
    expect(listed).toEqual(video);
    const single = await callApi(t.app, 'getVideo', { params: { id: video._id } });
    expect(single.data).toEqual(video);
  });

  it('takes an empty storage key for no file, as the presenter does', async () => {
    const video = await createVideo(t.app, owner, { withThumbnail: true });
    await db()
      .update(videos)
      .set({ storyboardKey: '', thumbnailKey: '' })
      .where(eq(videos.id, video._id));
    const cards = await t.services.videos.getVisibleVideos({ ids: [video._id], viewer: staff() });
    expect(() => presentVideoCards(cards)).not.toThrow();
    const { presented, carded } = await bothAnswers(video._id);
    expect(presented).toMatchObject({ storyboard: null, thumbnail: null });
    expect(carded).toEqual(presented);
  });

  it('refuses an unsafe storage key as the presenter does', async () => {
    const video = await createVideo(t.app, owner);
    await db()
      .update(videos)
      .set({ storyboardKey: 'videos/../../etc/passwd' })
      .where(eq(videos.id, video._id));
    const cards = await t.services.videos.getVisibleVideos({ ids: [video._id], viewer: staff() });
    expect(() => presentVideoCards(cards)).toThrow(/Unsafe storage key/);
    await db().update(videos).set({ storyboardKey: null }).where(eq(videos.id, video._id));
  });
});

describe('the parts of a card kept on its rows (migration 0031)', () => {
  it('follow a change of the owner’s names and avatar', async () => {
    const video = await createVideo(t.app, owner, { withThumbnail: true });
    await db()
      .update(users)
      .set({ fullname: 'Renamed "owner" \\ ü', avatarKey: 'avatars/other.webp' })
      .where(eq(users.id, owner.userId));
    const { presented, carded } = await bothAnswers(video._id);
    expect(carded).toEqual(presented);
    expect(carded).toMatchObject({
      owner: {
        fullname: 'Renamed "owner" \\ ü',
        avatar: t.storage.publicUrl('avatars/other.webp'),
      },
    });
  });

  it('are written on the read for rows written with the triggers off', async () => {
    const video = await createVideo(t.app, owner, { withThumbnail: true });
    await db()
      .update(videos)
      .set({ status: 'ready', hiddenAt: new Date(), hiddenReason: 'why' })
      .where(eq(videos.id, video._id));
    const kept = await bothAnswers(video._id);
    // As the bench seed and a backup from before the migration leave them.
    await db()
      .update(videos)
      .set({ cardHead: null, cardBody: null, cardUnsafeKey: null })
      .where(eq(videos.id, video._id));
    await db()
      .update(users)
      .set({ cardOwner: null, cardUnsafeKey: null })
      .where(eq(users.id, owner.userId));
    const { presented, carded } = await bothAnswers(video._id);
    expect(carded).toEqual(presented);
    expect(carded).toEqual(kept.carded);
    const [row] = await db()
      .select({ body: videos.cardBody })
      .from(videos)
      .where(eq(videos.id, video._id));
    expect(row!.body).toBeNull();

    // An unsafe key is still found without the kept answer to the question.
    await db().update(videos).set({ storyboardKey: 'videos/../x' }).where(eq(videos.id, video._id));
    await db()
      .update(videos)
      .set({ cardBody: null, cardUnsafeKey: null })
      .where(eq(videos.id, video._id));
    const cards = await t.services.videos.getVisibleVideos({ ids: [video._id], viewer: staff() });
    expect(cards[0]!.unsafeKey).toBe('videos/../x');
    expect(() => presentVideoCards(cards)).toThrow(/Unsafe storage key/);
    await db().update(videos).set({ storyboardKey: null }).where(eq(videos.id, video._id));
  });

  it('find an unsafe avatar key', async () => {
    const video = await createVideo(t.app, owner);
    await db().update(users).set({ avatarKey: '../avatar' }).where(eq(users.id, owner.userId));
    const cards = await t.services.videos.getVisibleVideos({ ids: [video._id], viewer: staff() });
    expect(() => presentVideoCards(cards)).toThrow(/Unsafe storage key/);
    await db().update(users).set({ avatarKey: null }).where(eq(users.id, owner.userId));
  });
});

describe('asset facts copied onto videos (migration 0028)', () => {
  const copies = async (id: string) =>
    (
      await db()
        .select({
          videoKey: videos.videoKey,
          videoPublicId: videos.videoPublicId,
          videoPlayable: videos.videoPlayable,
          videoCodecs: videos.videoCodecs,
          thumbnailKey: videos.thumbnailKey,
          thumbnailPublicId: videos.thumbnailPublicId,
        })
        .from(videos)
        .where(eq(videos.id, id))
    )[0]!;
  const asset = async (id: string | null) =>
    id ? (await db().select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0]! : undefined;

  it('follow the insert, a new thumbnail, an asset’s change and its deletion', async () => {
    const video = await createVideo(t.app, owner, { withThumbnail: true });
    const [ids] = await db()
      .select({ v: videos.videoAssetId, th: videos.thumbnailAssetId })
      .from(videos)
      .where(eq(videos.id, video._id));
    const original = (await asset(ids!.v))!;
    const thumbnail = (await asset(ids!.th))!;
    expect(await copies(video._id)).toMatchObject({
      videoKey: original.storageKey,
      videoPublicId: original.publicId,
      thumbnailKey: thumbnail.storageKey,
      thumbnailPublicId: thumbnail.publicId,
    });

    // The probe's answer written later reaches the copy.
    await db()
      .update(mediaAssets)
      .set({ browserPlayable: false, codecs: 'hvc1.1.6.L93.B0' })
      .where(eq(mediaAssets.id, original.id));
    expect(await copies(video._id)).toMatchObject({
      videoPlayable: false,
      videoCodecs: 'hvc1.1.6.L93.B0',
    });

    // A new thumbnail through the API.
    const next = await uploadAsset(t.app, owner, 'image');
    const updated = await callApi(t.app, 'updateVideo', {
      params: { id: video._id },
      body: { thumbnailPublicId: next.public_id },
      as: owner,
    });
    expect(updated.statusCode).toBe(200);
    expect(await copies(video._id)).toMatchObject({ thumbnailPublicId: next.public_id });
    expect(updated.data.thumbnailPublicId).toBe(next.public_id);

    // An asset row deleted: `ON DELETE SET NULL` clears the copies with the id.
    const [nowIds] = await db()
      .select({ th: videos.thumbnailAssetId })
      .from(videos)
      .where(eq(videos.id, video._id));
    await db().delete(mediaAssets).where(eq(mediaAssets.id, nowIds!.th!));
    expect(await copies(video._id)).toMatchObject({ thumbnailKey: null, thumbnailPublicId: null });
    const { presented, carded } = await bothAnswers(video._id);
    expect(carded).toEqual(presented);
  });
});
