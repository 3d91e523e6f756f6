/**
 * Keyset cursors are checked by the contract before any query runs: a crafted cursor whose
 * instant PostgreSQL cannot hold (issue 20 b: it answered 500) is a 400 naming the cursor, on
 * every keyset-paged list.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';

let t: TestApp;
let reader: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  reader = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const lists = () => [
  '/users/watchHistory',
  `/likes/videos/${reader.userId}`,
  '/subscriptions/feed',
  '/tweets/feed',
];

const read = (list: string, cursor: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${list}?cursor=${encodeURIComponent(cursor)}`,
    headers: reader.auth,
  });

const base64 = (text: string) => Buffer.from(text).toString('base64');
const base64url = (text: string) => Buffer.from(text).toString('base64url');

describe('a keyset cursor', () => {
  it('naming an instant outside what the database holds is a 400, not a 500', async () => {
    const id = randomUUID();
    const crafted = [
      base64(`-999999999999999999.${id}`),
      base64url(`-999999999999999999.${id}`),
      base64url(`999999999999999999.${id}`),
      // Year 10000 and the year before 1 AD.
      base64url(`253402300800000000.${id}`),
      base64url(`-62135596800000001.${id}`),
      base64url(`1e18.${id}`),
      base64url(`.${id}`),
      base64url(`12.${id}.`),
      base64url(`12.${id.toUpperCase()}x`),
      '!!!!',
      '',
    ];
    for (const list of lists()) {
      for (const cursor of crafted) {
        const res = await read(list, cursor);
        expect(res.statusCode, `${list} ${cursor}`).toBe(400);
        expect(res.json(), `${list} ${cursor}`).toMatchObject({
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'The cursor is not valid',
          errors: [{ field: 'cursor' }],
        });
      }
    }
  });

  it('naming any instant the database holds is a page (empty or not)', async () => {
    const id = randomUUID();
    for (const list of lists()) {
      for (const micros of ['0', '-62135596800000000', '253402300799999999', '1790000000000000']) {
        const res = await read(list, base64url(`${micros}.${id}`));
        expect(res.statusCode, `${list} ${micros} ${res.body}`).toBe(200);
      }
    }
  });
});
