import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { registerUser } from '../../test/factories';

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
        headers: { cookie: `refreshToken=${u.cookies.refreshToken}` },
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
});
