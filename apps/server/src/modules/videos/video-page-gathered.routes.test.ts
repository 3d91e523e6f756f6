/**
 * Video pages asked for at once are read by one statement (decision 0065): each caller still
 * gets its own answer, judged by its own rights, the same text as when asked alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api-client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { clip, createVideo, setVisibility } from '../../../test/media-factories';

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Nothing kept: every page is read from the database.
  t = await createTestApp({ PUBLIC_CACHE_TTL: '0s' });
  [owner, other] = await Promise.all([registerUser(t.app), registerUser(t.app), clip()]);
  for (const level of ['public', 'unlisted', 'private'] as const) {
    const video = await createVideo(t.app, owner, { title: `gathered ${level}` });
    if (level !== 'public') await setVisibility(t.app, owner, video._id, level);
    ids[level] = video._id;
  }
  ids.missing = '00000000-0000-4000-8000-000000000000';
  // The contract folds an id's capitals; the lookup must find the same row.
  ids.capitals = ids.public!.toUpperCase();
});
afterAll(async () => {
  await t.close();
});

const callers = () => ({ visitor: null, owner, other });

/** Each (caller, video) pair's status and text. */
async function answers(together: boolean): Promise<Record<string, string>> {
  const calls = Object.entries(callers()).flatMap(([who, as]) =>
    Object.entries(ids).map(([which, id]) => ({ name: `${who} ${which}`, id, as })),
  );
  const ask = (call: (typeof calls)[number]) =>
    callApi(t.app, 'getVideo', { params: { id: call.id }, as: call.as });
  const results: Awaited<ReturnType<typeof ask>>[] = [];
  if (together) results.push(...(await Promise.all(calls.map(ask))));
  else for (const call of calls) results.push(await ask(call));
  return Object.fromEntries(
    calls.map((c, i) => [c.name, `${results[i]!.statusCode} ${results[i]!.body}`]),
  );
}

describe('video pages asked for at once', () => {
  it('answer each caller as when asked alone: the same status and text', async () => {
    const alone = await answers(false);
    // Who sees what: the draft is its owner's alone, the unlisted video anyone's with the link.
    const statuses = Object.fromEntries(
      Object.entries(alone).map(([name, text]) => [name, Number(text.slice(0, 3))]),
    );
    expect(statuses).toEqual({
      'visitor public': 200,
      'visitor unlisted': 200,
      'visitor private': 404,
      'visitor missing': 404,
      'visitor capitals': 200,
      'owner public': 200,
      'owner unlisted': 200,
      'owner private': 200,
      'owner missing': 404,
      'owner capitals': 200,
      'other public': 200,
      'other unlisted': 200,
      'other private': 404,
      'other missing': 404,
      'other capitals': 200,
    });
    expect(alone['visitor capitals']).toBe(alone['visitor public']);
    for (let round = 0; round < 3; round++) expect(await answers(true)).toEqual(alone);
  });
});
