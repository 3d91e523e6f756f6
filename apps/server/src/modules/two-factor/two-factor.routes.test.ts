/**
 * Two-factor sign-in through the real endpoints: setting it up with an authenticator's codes
 * (computed here as an app computes them), the login's second step, recovery codes, turning
 * it off, and the guess budget.
 */
import { createHmac } from 'node:crypto';
import { TwoFactorChallenge } from '@kinora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../platform/auth/secret-box';
import { base32Decode } from '../../platform/auth/totp';
import {
  twoFactorRecoveryCodes,
  twoFactorSecrets,
} from '../../platform/db/account-security-schema';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import { registerUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { appCode, registerWithTwoFactor } from '../../../test/two-factor-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const login = (user: { email: string; password: string }, remoteAddress?: string) =>
  callApi(t.app, 'login', {
    body: { email: user.email, password: user.password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

async function challengeOf(user: { email: string; password: string }): Promise<string> {
  const res = await login(user);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.error.code).toBe('TWO_FACTOR_REQUIRED');
  return TwoFactorChallenge.parse(res.error.data).challengeToken;
}

const sessionCookies = (cookies: { name: string }[]) =>
  cookies.map((c) => c.name).filter((n) => n === 'accessToken' || n === 'refreshToken');

describe('two-factor sign-in', () => {
  it('is off until a code from the app confirms it; the login answer keeps its shape meanwhile', async () => {
    const user = await registerUser(t.app);
    const setup = await expectOk(t.app, 'startTwoFactorSetup', { as: user });
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toBe(
      `otpauth://totp/Kinora:${user.username}?secret=${setup.secret}&issuer=Kinora&algorithm=SHA1&digits=6&period=30`,
    );
    expect(await expectOk(t.app, 'twoFactorStatus', { as: user })).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    // Exactly today's shape for an account without two-factor: nothing added.
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'message', 'statusCode', 'success']);
    expect(Object.keys(res.data).sort()).toEqual(['accessToken', 'user']);

    const wrong = await callApi(t.app, 'enableTwoFactor', { as: user, body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error.errors?.[0]?.field).toBe('code');
    expect((await expectOk(t.app, 'twoFactorStatus', { as: user })).enabled).toBe(false);

    const secret = base32Decode(setup.secret);
    const { recoveryCodes } = await expectOk(t.app, 'enableTwoFactor', {
      as: user,
      body: { code: appCode(secret) },
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await expectOk(t.app, 'twoFactorStatus', { as: user })).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // On already: neither a new setup nor a second enabling.
    expect((await callApi(t.app, 'startTwoFactorSetup', { as: user })).statusCode).toBe(409);
  });

  it('asks for the code after the password, and starts no session until it is right', async () => {
    const user = await registerWithTwoFactor(t.app);
    const first = await login(user);
    expect(first.statusCode).toBe(401);
    expect(first.error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(sessionCookies(first.cookies)).toEqual([]);
    const { challengeToken, expiresInSeconds } = TwoFactorChallenge.parse(first.error.data);
    expect(expiresInSeconds).toBe(300);
    // A wrong password still says only that.
    const wrongPassword = await login({ ...user, password: 'not the password' });
    expect(wrongPassword.error.code).toBe('INVALID_CREDENTIALS');
    expect(wrongPassword.error.data).toBeNull();

    const wrong = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken, code: '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(sessionCookies(wrong.cookies)).toEqual([]);

    const code = appCode(user.secret);
    const done = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken, code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.data.user._id).toBe(user.userId);
    expect(sessionCookies(done.cookies).sort()).toEqual(['accessToken', 'refreshToken']);
    const me = await callApi(t.app, 'currentUser', { as: { accessToken: done.data.accessToken } });
    expect(me.statusCode).toBe(200);

    // The same code never works twice, even with a fresh challenge.
    const replay = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken: await challengeOf(user), code },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const user = await registerWithTwoFactor(t.app);
    const recovery = user.recoveryCodes[3]!;
    const once = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken: await challengeOf(user), code: recovery.toUpperCase() },
    });
    expect(once.statusCode, once.body).toBe(200);
    const twice = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken: await challengeOf(user), code: recovery },
    });
    expect(twice.statusCode).toBe(401);
    expect((await expectOk(t.app, 'twoFactorStatus', { as: user })).recoveryCodesLeft).toBe(9);
  });

  it('accepts no access token, forged or foreign challenge as a challenge', async () => {
    const user = await registerWithTwoFactor(t.app);
    const plain = await registerUser(t.app);
    const challengeToken = await challengeOf(user);
    const [head, body] = challengeToken.split('.');
    for (const token of [
      user.accessToken,
      `${head}.${body}.${'A'.repeat(43)}`,
      malformed('not a token'),
      malformed(42),
    ]) {
      const res = await callApi(t.app, 'completeTwoFactorLogin', {
        body: { challengeToken: token, code: appCode(user.secret) },
      });
      expect([400, 401]).toContain(res.statusCode);
      expect(sessionCookies(res.cookies)).toEqual([]);
    }
    // A challenge of an account whose two-factor was turned off since is spent.
    const shortCode = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken, code: malformed('12') },
    });
    expect(shortCode.statusCode).toBe(400);
    await expectOk(t.app, 'disableTwoFactor', {
      as: user,
      body: { password: user.password, code: user.recoveryCodes[0]! },
    });
    const afterOff = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken, code: user.recoveryCodes[1]! },
    });
    expect(afterOff.statusCode).toBe(401);
    expect((await login(plain)).statusCode).toBe(200);
  });

  it('holds code guessing per account: after five wrong codes even the right one waits', async () => {
    const user = await registerWithTwoFactor(t.app);
    const challengeToken = await challengeOf(user);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await callApi(t.app, 'completeTwoFactorLogin', {
        body: { challengeToken, code: String(100000 + i) },
        remoteAddress: `10.9.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken, code: appCode(user.secret) },
    });
    expect(right.statusCode).toBe(429);
    expect(sessionCookies(right.cookies)).toEqual([]);
  });

  it('turns off with the password and a code, and the login is as before', async () => {
    const user = await registerWithTwoFactor(t.app);
    const noPassword = await callApi(t.app, 'disableTwoFactor', {
      as: user,
      body: { password: 'wrong password', code: appCode(user.secret) },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.error.errors?.[0]?.field).toBe('password');
    const noCode = await callApi(t.app, 'disableTwoFactor', {
      as: user,
      body: { password: user.password, code: '000000' },
    });
    expect(noCode.statusCode).toBe(400);
    expect((await expectOk(t.app, 'twoFactorStatus', { as: user })).enabled).toBe(true);

    await expectOk(t.app, 'disableTwoFactor', {
      as: user,
      body: { password: user.password, code: appCode(user.secret) },
    });
    expect(await expectOk(t.app, 'twoFactorStatus', { as: user })).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(['accessToken', 'user']);
  });

  it('refuses malformed codes in the envelope', async () => {
    const user = await registerUser(t.app);
    for (const code of [malformed(''), malformed('12345'), malformed('abc'), malformed(123456)]) {
      const res = await callApi(t.app, 'enableTwoFactor', { as: user, body: { code } });
      expect(res.statusCode).toBe(400);
      expect(res.error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the key authenticator secrets are kept under', () => {
  const purpose = 'authenticator secrets';
  const recoveryHash = (secret: string, code: string) =>
    createHmac('sha256', createHmac('sha256', secret).update('kinora recovery codes').digest())
      .update(code)
      .digest('base64url');
  const sealedOf = async (userId: string) =>
    (
      await t.database.db
        .select({ sealed: twoFactorSecrets.secretEncrypted })
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, userId))
    )[0]!.sealed;

  it('is AUTHENTICATOR_KEY, not JWT_SECRET: a rotated signing secret leaves second factors working', async () => {
    const user = await registerWithTwoFactor(t.app);
    const onlyTheKey = new SecretBox(t.config.secrets.authenticatorKey, purpose);
    expect(onlyTheKey.open(await sealedOf(user.userId))).toEqual(user.secret);
    expect(() =>
      new SecretBox(t.config.secrets.jwtSecret, purpose).open(onlyTheKey.seal(Buffer.from('any'))),
    ).toThrow();
  });

  it('seals again at start what JWT_SECRET sealed before, and still takes recovery codes hashed under it', async () => {
    const user = await registerWithTwoFactor(t.app);
    // As an installation older than AUTHENTICATOR_KEY stored them.
    const jwtSecret = t.config.secrets.jwtSecret;
    await t.database.db
      .update(twoFactorSecrets)
      .set({ secretEncrypted: new SecretBox(jwtSecret, purpose).seal(user.secret) })
      .where(eq(twoFactorSecrets.userId, user.userId));
    const code = user.recoveryCodes[0]!.replace('-', '');
    await t.database.db
      .update(twoFactorRecoveryCodes)
      .set({ codeHash: recoveryHash(jwtSecret, code) })
      .where(
        eq(twoFactorRecoveryCodes.codeHash, recoveryHash(t.config.secrets.authenticatorKey, code)),
      );

    expect(await t.services.twoFactor.resealSecrets()).toBeGreaterThanOrEqual(1);
    const resealed = await sealedOf(user.userId);
    expect(new SecretBox(t.config.secrets.authenticatorKey, purpose).open(resealed)).toEqual(
      user.secret,
    );
    expect(await t.services.twoFactor.resealSecrets()).toBe(0);

    const byApp = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken: await challengeOf(user), code: appCode(user.secret) },
    });
    expect(byApp.statusCode, byApp.body).toBe(200);
    const byOldCode = await callApi(t.app, 'completeTwoFactorLogin', {
      body: { challengeToken: await challengeOf(user), code: user.recoveryCodes[0]! },
    });
    expect(byOldCode.statusCode, byOldCode.body).toBe(200);
  });
});
