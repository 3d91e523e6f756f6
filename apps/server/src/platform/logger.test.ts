import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { pngImage, registerUser } from '../../test/factories';
import { multipart } from '../../test/multipart';

describe('logs', () => {
  it('never contain passwords, tokens, cookies or request bodies', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        output += chunk.toString();
        done();
      },
    });
    const t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    try {
      const u = await registerUser(t.app, { password: 'very-secret-password-123' });
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: u.email, password: u.password },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        headers: { cookie: `refreshToken=${u.cookies.refreshToken}`, origin: t.config.publicUrl },
        payload: {},
      });
      await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: u.auth });
      await t.app.inject({ method: 'GET', url: '/api/v1/users/current-user?token=query-secret' });
      expect(output).toContain('/api/v1/users/login'); // logging works at all
      expect(output).not.toContain('very-secret-password-123');
      expect(output).not.toContain(u.accessToken);
      expect(output).not.toContain(u.cookies.refreshToken!.split('.')[1]);
      expect(output).not.toContain('query-secret');
      expect(output).not.toContain(u.email); // bodies are not logged
    } finally {
      await t.close();
    }
  });

  it('show a failed query by its text and code, never its parameters', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        output += chunk.toString();
        done();
      },
    });
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      // The database itself refuses the new row, as it did a NUL byte: the insert fails with
      // every value of the row among its parameters.
      await t.database.db.execute(
        sql.raw(`create function refuse_users() returns trigger language plpgsql as $$
          begin raise exception 'refused by test' using errcode = 'P0001'; end $$`),
      );
      await t.database.db.execute(
        sql.raw(`create trigger refuse_users before insert on users
          for each row execute function refuse_users()`),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        ...multipart({
          fullname: 'Logged Nowhere',
          username: 'logged_nowhere',
          email: 'logged.nowhere@example.test',
          password: 'a password never logged',
          avatar: await pngImage(),
        }),
      });
      expect(res.statusCode).toBe(500);
      const line = output.split('\n').find((l) => l.includes('unhandled error'));
      expect(line).toBeDefined();
      const err = (JSON.parse(line!) as { err: Record<string, unknown> }).err;
      expect(err.query).toMatch(/^insert into "users"/);
      expect(err.code).toBe('P0001');
      expect(err.stack).toContain('users.repository.ts');
      expect(err).not.toHaveProperty('params');
      for (const secret of ['logged.nowhere@example.test', 'Logged Nowhere', '$argon2', 'params']) {
        expect(output).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});
