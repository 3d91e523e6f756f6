/**
 * Password reset by email, end to end on the server: a real SMTP server in this process
 * receives the mail nodemailer sends, and the test follows the link in it.
 */
import { PassThrough } from 'node:stream';
import { passwordResetRequestedMessage } from '@kinora/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../platform/db/account-security-schema';
import { callApi, expectOk, malformed } from '../../../test/api-client';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { resetTokenIn, startMailServer, type TestMailServer } from '../../../test/mail-server';
import { createResetLinkCommand } from './reset-link.command';

const newPassword = 'a brand new password';

describe('password reset without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('says email is not offered, and asking for a link is a 409 that writes nothing', async () => {
    const user = await registerUser(t.app);
    expect(await expectOk(t.app, 'passwordResetOptions')).toEqual({ byEmail: false });
    const res = await callApi(t.app, 'requestPasswordReset', { body: { email: user.email } });
    expect(res.statusCode).toBe(409);
    expect(res.error.code).toBe('EMAIL_NOT_CONFIGURED');
    expect(res.error.message).toMatch(/administrator/);
    expect(await t.database.db.select().from(passwordResets)).toEqual([]);
  });

  it('the administrator command prints a working link, by username or by email', async () => {
    const user = await registerUser(t.app);
    const dependencies = {
      db: t.database.db,
      publicUrl: t.config.publicUrl,
      serverSecret: t.config.secrets.jwtSecret,
    };
    const byName = await createResetLinkCommand(['--', user.username.toUpperCase()], dependencies);
    expect(byName).toContain(`${t.config.publicUrl}/reset-password?token=`);
    const byEmail = await createResetLinkCommand([user.email], dependencies);
    const token = /token=([\w-]+)/.exec(byEmail)![1]!;
    await expectOk(t.app, 'resetPassword', { body: { token, newPassword } });
    const login = await callApi(t.app, 'login', {
      body: { email: user.email, password: newPassword },
    });
    expect(login.statusCode).toBe(200);
    await expect(createResetLinkCommand(['nobody_here'], dependencies)).rejects.toThrow(
      /No account has the email or username "nobody_here"/,
    );
    await expect(createResetLinkCommand([], dependencies)).rejects.toThrow(/Usage/);
  });
});

describe('password reset by email', () => {
  let t: TestApp;
  let mail: TestMailServer;
  const logs: string[] = [];

  beforeAll(async () => {
    // A slow mail server: the answer must not wait for it.
    mail = await startMailServer({ delayMs: 700 });
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    t = await createTestApp(
      { SMTP_URL: mail.url, MAIL_FROM: 'Kinora <no-reply@kinora.test>', LOG_LEVEL: 'debug' },
      { logStream },
    );
  });
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  const request = (email: string, remoteAddress = '10.0.0.1') =>
    callApi(t.app, 'requestPasswordReset', { body: { email }, remoteAddress });

  it('mails a single-use link; following it sets the password and ends every session', async () => {
    const user = await registerUser(t.app);
    const otherDevice = await callApi(t.app, 'login', {
      body: { email: user.email, password: user.password },
    });
    expect(await expectOk(t.app, 'passwordResetOptions')).toEqual({ byEmail: true });

    const started = Date.now();
    const res = await request(user.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.message).toBe(passwordResetRequestedMessage);
    // The mail server takes 700 ms per mail; the answer did not wait for it.
    expect(Date.now() - started).toBeLessThan(600);

    const received = await mail.nextMailTo(user.email);
    expect(received.subject).toBe('Reset your Kinora password');
    const token = resetTokenIn(received);
    // Only a keyed hash of the token is kept.
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(60 * 60_000, -3);

    await expectOk(t.app, 'resetPassword', { body: { token, newPassword } });
    // Every session of the account ended: the registration's and the other device's.
    for (const session of [user, { accessToken: otherDevice.data.accessToken }]) {
      expect((await callApi(t.app, 'currentUser', { as: session })).statusCode).toBe(401);
    }
    const refresh = await callApi(t.app, 'refreshToken', {
      body: { refreshToken: user.cookies.refreshToken! },
    });
    expect(refresh.statusCode).toBe(401);
    const old = await callApi(t.app, 'login', {
      body: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await callApi(t.app, 'login', {
      body: { email: user.email, password: newPassword },
    });
    expect(fresh.statusCode).toBe(200);

    // The link works once: the second use is refused and changes nothing.
    const again = await callApi(t.app, 'resetPassword', {
      body: { token, newPassword: 'yet another password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.error.errors?.[0]?.field).toBe('token');
    const still = await callApi(t.app, 'login', {
      body: { email: user.email, password: newPassword },
    });
    expect(still.statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a known one, and mails nobody', async () => {
    const user = await registerUser(t.app);
    const unknown = await request(`nobody.${user.username}@example.test`, '10.0.0.2');
    const known = await request(user.email, '10.0.0.2');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await mail.nextMailTo(user.email);
    expect(mail.received.filter((m) => m.to[0]!.startsWith('nobody.'))).toEqual([]);
  });

  it('refuses an expired link, a made-up one and a weak password, writing nothing', async () => {
    const user = await registerUser(t.app);
    await request(user.email, '10.0.0.3');
    const token = resetTokenIn(await mail.nextMailTo(user.email));
    const weak = await callApi(t.app, 'resetPassword', { body: { token, newPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.error.errors?.[0]?.field).toBe('newPassword');
    const madeUp = await callApi(t.app, 'resetPassword', {
      body: { token: 'A'.repeat(43), newPassword },
    });
    expect(madeUp.statusCode).toBe(400);
    const notAToken = await callApi(t.app, 'resetPassword', {
      body: { token: malformed('x'.repeat(5000)), newPassword },
    });
    expect(notAToken.statusCode).toBe(400);

    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.userId));
    const expired = await callApi(t.app, 'resetPassword', { body: { token, newPassword } });
    expect(expired.statusCode).toBe(400);
    expect(expired.error.message).toMatch(/expired/);
    const login = await callApi(t.app, 'login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('uses of one link at once: exactly one sets the password', async () => {
    const user: RegisteredUser = await registerUser(t.app);
    await request(user.email, '10.0.0.4');
    const token = resetTokenIn(await mail.nextMailTo(user.email));
    const answers = await Promise.all(
      ['first password 1', 'second password 2', 'third password 3'].map((p) =>
        callApi(t.app, 'resetPassword', { body: { token, newPassword: p } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('limits links per email, from any address, and unknown emails alike', async () => {
    const user = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await request(user.email, `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const unknownStatuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      unknownStatuses.push(
        (await request('never.signed.up@example.test', `10.2.0.${i}`)).statusCode,
      );
    }
    expect(unknownStatuses).toEqual([200, 200, 200, 429]);
  });

  it('limits requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await request(`someone${i}@example.test`, '10.3.0.1')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('logs no email address and no token', async () => {
    const user = await registerUser(t.app);
    await request(user.email, '10.4.0.1');
    const token = resetTokenIn(await mail.nextMailTo(user.email));
    await expectOk(t.app, 'resetPassword', { body: { token, newPassword } });
    const written = logs.join('');
    expect(written.length).toBeGreaterThan(0);
    expect(written).not.toContain(user.email);
    expect(written).not.toContain(token);
  });
});
