/**
 * "Sessions and devices": the list of where one is signed in, and ending one or all the others,
 * with the ended sessions' sockets cut at once. Real app, real database, real socket.io clients.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, malformed } from '../../../test/api-client';
import { cookiesOf, type RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { listenWithSockets } from '../../../test/socket-clients';
import { people } from '../../../test/messaging-factories';

let t: TestApp;
let sockets: Awaited<ReturnType<typeof listenWithSockets>>;

beforeAll(async () => {
  t = await createTestApp();
  sockets = await listenWithSockets(t);
});
afterAll(async () => {
  sockets?.closeClients();
  await t?.close();
});

const phoneAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const laptopAgent =
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A new session of the person from a device: its access token and refresh token. */
async function signInFrom(person: RegisteredUser, userAgent: string, remoteAddress: string) {
  const res = await callApi(t.app, 'login', {
    body: { email: person.email, password: person.password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return {
    accessToken: res.data.accessToken,
    refreshToken: cookiesOf(res.headers['set-cookie']).refreshToken!,
  };
}

const connect = (token: string): Promise<Socket> => sockets.connect(token);

const ended = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('sessions and devices', () => {
  it('lists where the person is signed in: device, browser, address, last active, this device marked', async () => {
    const [ada] = await people(t.app, 1);
    const phone = await signInFrom(ada, phoneAgent, '203.0.113.7');
    await signInFrom(ada, laptopAgent, '198.51.100.20');
    const res = await callApi(t.app, 'listSessions', { as: phone });
    expect(res.statusCode).toBe(200);
    const list = res.data;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.isCurrent)).toEqual([
      expect.objectContaining({
        browser: 'Safari',
        os: 'iOS',
        device: 'mobile',
        address: '203.0.113.7',
      }),
    ]);
    expect(list).toContainEqual(
      expect.objectContaining({
        browser: 'Firefox',
        os: 'Linux',
        device: 'desktop',
        address: '198.51.100.20',
        isCurrent: false,
      }),
    );
    for (const session of list) {
      expect(Date.parse(session.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
      // The raw User-Agent never leaves the server.
      expect(JSON.stringify(session)).not.toContain('Mozilla');
    }
  });

  it('renewing a session moves its address and last activity', async () => {
    const [ben] = await people(t.app, 1);
    const laptop = await signInFrom(ben, laptopAgent, '198.51.100.1');
    const renewed = await callApi(t.app, 'refreshToken', {
      body: { refreshToken: laptop.refreshToken },
      remoteAddress: '198.51.100.99',
    });
    expect(renewed.statusCode).toBe(200);
    const [mine] = (await callApi(t.app, 'listSessions', { as: renewed.data })).data.filter(
      (s) => s.isCurrent,
    );
    expect(mine).toMatchObject({ address: '198.51.100.99', browser: 'Firefox' });
  });

  it('ends one other session: its token stops, its socket is cut at once, the list updates', async () => {
    const [cleo] = await people(t.app, 1);
    const laptop = await signInFrom(cleo, laptopAgent, '198.51.100.2');
    const phone = await signInFrom(cleo, phoneAgent, '203.0.113.2');
    const [laptopSocket, phoneSocket] = await Promise.all([
      connect(laptop.accessToken),
      connect(phone.accessToken),
    ]);
    const phoneId = (await callApi(t.app, 'listSessions', { as: laptop })).data.find(
      (s) => s.browser === 'Safari',
    )!._id;

    const phoneEnded = ended(phoneSocket);
    const res = await callApi(t.app, 'endSession', { as: laptop, params: { id: phoneId } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ ended: 1 });
    expect(await phoneEnded).toBe('io server disconnect');
    expect(laptopSocket.connected).toBe(true);
    expect((await callApi(t.app, 'currentUser', { as: phone })).statusCode).toBe(401);
    const renew = await callApi(t.app, 'refreshToken', {
      body: { refreshToken: phone.refreshToken },
    });
    expect(renew.statusCode).toBe(401);
    const after = (await callApi(t.app, 'listSessions', { as: laptop })).data;
    expect(after.map((s) => s._id)).not.toContain(phoneId);
    // Ended already: nothing more to end.
    const again = await callApi(t.app, 'endSession', { as: laptop, params: { id: phoneId } });
    expect(again.statusCode).toBe(404);
  });

  it('ends every other session and keeps this one', async () => {
    const [dora] = await people(t.app, 1);
    const here = await signInFrom(dora, laptopAgent, '198.51.100.3');
    const phone = await signInFrom(dora, phoneAgent, '203.0.113.3');
    const phoneSocket = await connect(phone.accessToken);
    const hereSocket = await connect(here.accessToken);
    const phoneEnded = ended(phoneSocket);
    const res = await callApi(t.app, 'endOtherSessions', { as: here });
    // The registration's session, and the phone's.
    expect(res.data).toEqual({ ended: 2 });
    expect(await phoneEnded).toBe('io server disconnect');
    expect(hereSocket.connected).toBe(true);
    const left = (await callApi(t.app, 'listSessions', { as: here })).data;
    expect(left).toEqual([expect.objectContaining({ isCurrent: true })]);
    expect((await callApi(t.app, 'endOtherSessions', { as: here })).data).toEqual({ ended: 0 });
  });

  it('refuses another person’s session (404), this session (409), a malformed id (400), and ends nothing', async () => {
    const [eli, fay] = await people(t.app, 2);
    const elisPhone = await signInFrom(eli, phoneAgent, '203.0.113.4');
    const elisSessions = (await callApi(t.app, 'listSessions', { as: elisPhone })).data;
    const phoneId = elisSessions.find((s) => s.isCurrent)!._id;

    const byFay = await callApi(t.app, 'endSession', { as: fay, params: { id: phoneId } });
    expect(byFay.statusCode).toBe(404);
    expect(byFay.error).toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });
    const own = await callApi(t.app, 'endSession', { as: elisPhone, params: { id: phoneId } });
    expect(own.statusCode).toBe(409);
    const bad = await callApi(t.app, 'endSession', {
      as: elisPhone,
      params: { id: malformed('not-an-id') },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error.code).toBe('VALIDATION_FAILED');
    expect((await callApi(t.app, 'listSessions', { as: elisPhone })).data).toHaveLength(
      elisSessions.length,
    );
    expect((await callApi(t.app, 'currentUser', { as: elisPhone })).statusCode).toBe(200);
  });

  it('answers a visitor 401 on every call', async () => {
    expect((await callApi(t.app, 'listSessions', {})).statusCode).toBe(401);
    expect((await callApi(t.app, 'endOtherSessions', {})).statusCode).toBe(401);
  });
});
