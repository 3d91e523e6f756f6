/**
 * Issue 20 j for tweets: a per-person posting limit that a burst at once cannot pass, and text
 * that must show something once spaces and invisible characters are trimmed.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tweets } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { tweetsPerHour, tweetsTooFast } from './tweets.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (user: RegisteredUser, content: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/tweets', headers: user.auth, payload: { content } });

const tweetsOf = async (user: RegisteredUser) =>
  (
    await t.database.db.select({ n: count() }).from(tweets).where(eq(tweets.ownerId, user.userId))
  )[0]!.n;

describe('posting tweets', () => {
  it(`stops a person at ${tweetsPerHour.max} an hour, however many arrive at once, with a 429 saying when to retry`, async () => {
    const [flooder, other] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(flooder, `Burst ${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(tweetsPerHour.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - tweetsPerHour.max);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', data: null });
    expect(refused.json().message).toMatch(new RegExp(`^${tweetsTooFast}; try again in \\d+`));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await tweetsOf(flooder)).toBe(tweetsPerHour.max);
    // Someone else posts as ever; the flooder's tweets that leave the hour make room again.
    expect((await post(other, 'Unaffected')).statusCode).toBe(201);
    const [oldest] = await t.database.db
      .select({ id: tweets.id })
      .from(tweets)
      .where(eq(tweets.ownerId, flooder.userId))
      .limit(1);
    await t.database.db
      .update(tweets)
      .set({ createdAt: new Date(Date.now() - 3601_000) })
      .where(eq(tweets.id, oldest!.id));
    expect((await post(flooder, 'Room again')).statusCode).toBe(201);
    expect((await post(flooder, 'Full again')).statusCode).toBe(429);
  });

  it('refuses text that shows nothing once trimmed (400 "Tweet cannot be empty"), writing nothing', async () => {
    const writer = await registerUser(t.app);
    for (const content of [
      '\u200b'.repeat(280),
      '\u0085',
      ' \u200b\u200c\u200d\u2060\ufeff\u00ad\u180e ',
      '\u3164\u115f\u1160\uffa0',
      '\u2800\u2800',
      '\u202e\u2066\u2069',
      '\ufe0f\ufe0f',
      '\u2028\u2029\u000b',
    ]) {
      const res = await post(writer, content);
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Tweet cannot be empty',
        errors: [{ field: 'content' }],
      });
    }
    expect(await tweetsOf(writer)).toBe(0);

    const trimmed = await post(writer, '\u200b\u0085 Hello \u200d\u00a0');
    expect(trimmed.statusCode, trimmed.body).toBe(201);
    expect(trimmed.json().data.content).toBe('Hello');
    // Joiners and selectors inside a text are part of it (an emoji sequence, a heart).
    const emoji = '\u2764\ufe0f \ud83d\udc69\u200d\ud83d\udcbb';
    expect((await post(writer, emoji)).json().data.content).toBe(emoji);
    // An edit follows the same rule.
    const id = trimmed.json().data._id as string;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/tweets/${id}`,
      headers: writer.auth,
      payload: { content: '\u200b'.repeat(10) },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('Tweet cannot be empty');
  });
});
