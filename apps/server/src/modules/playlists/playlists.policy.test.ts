import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../platform/auth/roles';
import {
  assertCanEditPlaylist,
  assertCanRenameOrDeletePlaylist,
  canEditPlaylist,
  canListPlaylist,
  canSeePlaylist,
  type PolicyPlaylist,
} from './playlists.policy';

const owner: Viewer = { userId: 'owner', role: 'user' };
const viewers: Record<string, Viewer | null> = {
  visitor: null,
  other: { userId: 'other', role: 'user' },
  owner,
  moderator: { userId: 'moderator', role: 'moderator' },
  admin: { userId: 'admin', role: 'admin' },
};
const playlist = (visibility: PolicyPlaylist['visibility']): PolicyPlaylist => ({
  ownerId: owner.userId,
  visibility,
  kind: 'custom',
});

/** The answer of `rule` for each viewer, in the order of `viewers`. */
const answers = (rule: (viewer: Viewer | null) => boolean) =>
  Object.fromEntries(Object.entries(viewers).map(([name, viewer]) => [name, rule(viewer)]));
const onlyOwner = { visitor: false, other: false, owner: true, moderator: false, admin: false };
const all = { visitor: true, other: true, owner: true, moderator: true, admin: true };

describe('playlist rules', () => {
  it('lets anyone read a public or unlisted playlist, and only the owner a private one (staff too are others)', () => {
    expect(answers((v) => canSeePlaylist(v, playlist('public')))).toEqual(all);
    expect(answers((v) => canSeePlaylist(v, playlist('unlisted')))).toEqual(all);
    expect(answers((v) => canSeePlaylist(v, playlist('private')))).toEqual(onlyOwner);
  });

  it('lists only public playlists to others', () => {
    expect(answers((v) => canListPlaylist(v, playlist('public')))).toEqual(all);
    expect(answers((v) => canListPlaylist(v, playlist('unlisted')))).toEqual(onlyOwner);
    expect(answers((v) => canListPlaylist(v, playlist('private')))).toEqual(onlyOwner);
  });

  it('lets the owner alone change a playlist: 403 where others can read it, 404 where they cannot', () => {
    for (const visibility of ['public', 'unlisted', 'private'] as const) {
      expect(answers((v) => canEditPlaylist(v, playlist(visibility)))).toEqual(onlyOwner);
    }
    const other = viewers.other!;
    expect(() => assertCanEditPlaylist(other, playlist('public'))).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => assertCanEditPlaylist(other, playlist('private'))).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => assertCanEditPlaylist(owner, null)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
  });

  it('keeps Watch later from being renamed or deleted, and nothing else', () => {
    expect(() =>
      assertCanRenameOrDeletePlaylist({ ...playlist('private'), kind: 'watch_later' }),
    ).toThrow(expect.objectContaining({ statusCode: 409 }));
    expect(() => assertCanRenameOrDeletePlaylist(playlist('private'))).not.toThrow();
  });
});
