/**
 * Issue 20 k: the sign-in throttle slows guessing without locking the owner out. Five wrong
 * passwords from anywhere made the right one wait for everyone; a browser that signed in to
 * the account before (its device cookie) now gets through with the right password, while
 * guessers, a forged cookie and a stolen cookie that keeps guessing still wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  cookieHeader,
  cookiesOf,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const address = (i: number) => `203.0.113.${i}`;

const login = (
  email: string,
  password: string,
  options: { remoteAddress?: string; cookies?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    remoteAddress: options.remoteAddress ?? address(1),
    ...(options.cookies ? { headers: { cookie: cookieHeader(options.cookies) } } : {}),
    payload: { email, password },
  });

/** The device cookie a sign-in left (name and value), as the browser keeps it. */
function deviceCookieOf(setCookie: string | string[] | undefined): Record<string, string> {
  const all = cookiesOf(setCookie);
  const names = Object.keys(all).filter((name) => name.startsWith('kinoraDevice_'));
  expect(names).toHaveLength(1);
  return { [names[0]!]: all[names[0]!]! };
}

/** Five wrong passwords from five addresses: the account now makes strangers wait. */
async function guessFiveTimes(user: RegisteredUser) {
  for (let i = 10; i < 15; i++) {
    expect(
      (await login(user.email, 'wrong password', { remoteAddress: address(i) })).statusCode,
    ).toBe(401);
  }
  expect((await login(user.email, user.password, { remoteAddress: address(20) })).statusCode).toBe(
    429,
  );
}

describe('a known device', () => {
  it('is remembered by a sign-in, in an httpOnly cookie only the sign-in call receives', async () => {
    const user = await registerUser(t.app);
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(200);
    const header = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('kinoraDevice_'));
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Path=\/api\/v1\/users\/login/);
    expect(header).toMatch(/SameSite=Lax/i);
    // Signing up signs in, and leaves one too.
    expect(Object.keys(user.cookies).filter((n) => n.startsWith('kinoraDevice_'))).toHaveLength(1);
  });

  it('signs in with the right password while guessers elsewhere keep the account waiting', async () => {
    const user = await registerUser(t.app);
    const device = deviceCookieOf((await login(user.email, user.password)).headers['set-cookie']);
    await guessFiveTimes(user);

    const owner = await login(` ${user.email.toUpperCase()} `, user.password, { cookies: device });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().data.accessToken).toEqual(expect.any(String));
    // A wrong password from the known device is just wrong, not a wait.
    expect((await login(user.email, 'typo', { cookies: device })).statusCode).toBe(401);
    // The guessers still wait: the owner's sign-in gave them nothing back.
    expect(
      (await login(user.email, user.password, { remoteAddress: address(21) })).statusCode,
    ).toBe(429);
  });

  it('counts for its own account only, and a forged or altered cookie counts for nothing', async () => {
    const [user, other] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const othersDevice = deviceCookieOf(
      (await login(other.email, other.password)).headers['set-cookie'],
    );
    const device = deviceCookieOf((await login(user.email, user.password)).headers['set-cookie']);
    await guessFiveTimes(user);
    const [name, value] = Object.entries(device)[0]!;
    // One character of the signature changed.
    const at = value.length - 10;
    const altered = `${value.slice(0, at)}${value[at] === 'A' ? 'B' : 'A'}${value.slice(at + 1)}`;
    for (const cookies of [
      othersDevice,
      // Another account's cookie under this account's name.
      { [name]: Object.values(othersDevice)[0]! },
      { [name]: altered },
      { [name]: 'x'.repeat(66) },
    ]) {
      expect((await login(user.email, user.password, { cookies })).statusCode).toBe(429);
    }
  });

  it('that keeps guessing spends a budget of its own, then waits like a stranger', async () => {
    const user = await registerUser(t.app);
    const stolen = deviceCookieOf((await login(user.email, user.password)).headers['set-cookie']);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(user.email, `guess ${i}`, { cookies: stolen })),
    );
    // Five reach the password check through the device; the rest meet the account's throttle,
    // which lets its own five through and then holds.
    const codes = guesses.map((g) => g.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
    expect((await login(user.email, user.password, { cookies: stolen })).statusCode).toBe(429);
  });
});
