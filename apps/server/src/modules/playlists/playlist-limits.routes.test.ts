/**
 * Issue 20 j for playlists: a per-person creation limit that a burst at once cannot pass, and a
 * name that must show something once spaces and invisible characters are trimmed.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playlists } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { playlistsPerHour, playlistsTooFast } from './playlists.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, user: RegisteredUser, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.auth,
    ...(payload ? { payload } : {}),
  });

const customPlaylistsOf = async (user: RegisteredUser) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(playlists)
      .where(and(eq(playlists.ownerId, user.userId), eq(playlists.kind, 'custom')))
  )[0]!.n;

describe('creating playlists', () => {
  it(`stops a person at ${playlistsPerHour.max} an hour, however many arrive at once, with a 429 saying when to retry`, async () => {
    const [collector, other] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call('POST', '/playlists', collector, { name: `Burst ${i}`, description: '' }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(playlistsPerHour.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - playlistsPerHour.max);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', data: null });
    expect(refused.json().message).toMatch(new RegExp(`^${playlistsTooFast}; try again in \\d+`));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await customPlaylistsOf(collector)).toBe(playlistsPerHour.max);
    // Watch later is not a creation the limit counts, and others create as ever.
    expect((await call('GET', '/playlists/watch-later', collector)).statusCode).toBe(200);
    expect(
      (await call('POST', '/playlists', other, { name: 'Mine', description: '' })).statusCode,
    ).toBe(201);
  });

  it('refuses a name that shows nothing once trimmed (400 "Playlist name is required"), writing nothing', async () => {
    const owner = await registerUser(t.app);
    for (const name of ['\u0085', '\u200b'.repeat(50), ' \u2060\ufeff\u3164 ', '\u2800']) {
      const res = await call('POST', '/playlists', owner, { name, description: 'Fine' });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Playlist name is required',
        errors: [{ field: 'name' }],
      });
    }
    expect(await customPlaylistsOf(owner)).toBe(0);

    // Trimmed of invisible ends; a description of invisible characters alone is empty.
    const made = await call('POST', '/playlists', owner, {
      name: '\u200bRoad trip\u0085',
      description: '\u200b\u200b',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ name: 'Road trip', description: '' });
    const rename = await call('PUT', `/playlists/${made.json().data._id}`, owner, {
      name: '\u200b',
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe('Playlist name is required');
  });
});
