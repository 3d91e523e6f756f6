/**
 * A video a moderator hid stays in the playlists it was added to, seen there by its owner (with
 * why) and by staff only: never counted for others, and never in an answer kept for them, even
 * when its owner's read of the playlist came first (kept answers on, as in production).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/api-client';
import type { RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo } from '../../../test/media-factories';
import { people } from '../../../test/messaging-factories';
import { grantUserRole } from '../users';

let t: TestApp;
let moderator: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_CACHE_TTL: '60s' });
  [moderator] = await people(t.app, 1);
  await grantUserRole({ username: moderator!.username, role: 'moderator' }, t.database.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a hidden video in a playlist', () => {
  it('is its owner’s and staff’s to see: others get neither it, its reason nor its count', async () => {
    const [curator, creator, reader] = await people(t.app, 3);
    const video = await createVideo(t.app, creator!, { title: 'Hidden later' });
    const playlist = await expectOk(t.app, 'createPlaylist', {
      as: curator,
      body: { name: 'Picks', description: '' },
    });
    await expectOk(t.app, 'addPlaylistVideo', {
      params: { playlistId: playlist._id, videoId: video._id },
      as: curator,
    });
    await expectOk(t.app, 'moderateTarget', {
      as: moderator,
      body: { action: 'hide', targetKind: 'video', targetId: video._id, reason: 'Secret reason' },
    });
    const read = (as?: RegisteredUser) =>
      expectOk(t.app, 'getPlaylist', {
        params: { playlistId: playlist._id },
        ...(as ? { as } : {}),
      });

    // The video's owner reads first: their answer shows it, with why.
    const own = await read(creator);
    expect(own.videos.map((v) => [v._id, v.moderation])).toEqual([
      [video._id, { state: 'hidden', reason: 'Secret reason' }],
    ]);
    expect(own.videoCount).toBe(1);
    // Everyone else, after it: not the owner's kept answer.
    for (const as of [reader, undefined, curator]) {
      const theirs = await read(as);
      expect(theirs.videos).toEqual([]);
      expect(theirs.videoCount).toBe(0);
      expect(JSON.stringify(theirs)).not.toContain('Secret reason');
    }
    const staff = await read(moderator);
    expect(staff.videos.map((v) => v._id)).toEqual([video._id]);
    expect(staff.videoCount).toBe(1);
  });
});
