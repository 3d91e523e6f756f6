import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerUser, type RegisteredUser } from '../../../test/factories';
import { createVideo, togglePublish } from '../../../test/media-factories';
import { grantUserRole, parseUserRoleArgs, UserRoleUsageError } from './user-role.command';

let t: TestApp;
let alice: RegisteredUser;
let bob: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
});
afterAll(async () => {
  await t.close();
});

const roleOf = async (userId: string) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]!
    .role;

describe('npm run user:role', () => {
  it('grants a role that the person’s next session check carries, and takes it back', async () => {
    expect(await roleOf(alice.userId)).toBe('user');
    const draft = await createVideo(t.app, bob);
    await togglePublish(t.app, bob, draft._id);
    const getDraft = () =>
      t.app.inject({ method: 'GET', url: `/api/v1/videos/${draft._id}`, headers: alice.auth });
    expect((await getDraft()).statusCode).toBe(404);

    const args = ['--username', alice.username.toUpperCase(), '--role', 'moderator'];
    // Told as `user.roleChanged`, as the command relays it to the running processes: the same
    // access token, no refresh, carries the new role at once (decision 0056).
    expect(await grantUserRole(parseUserRoleArgs(args), t.database.db, t.services.events)).toBe(
      `${alice.username} is now moderator (was user).`,
    );
    expect(await roleOf(alice.userId)).toBe('moderator');
    expect((await getDraft()).statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${draft._id}`,
      headers: alice.auth,
      payload: { title: 'Not hers' },
    });
    expect(edit.statusCode).toBe(403);

    expect(
      await grantUserRole({ username: alice.username, role: 'moderator' }, t.database.db),
    ).toBe(`${alice.username} already has the role moderator.`);
    // Not told (no relay reaches this process): the checked session keeps its role until the
    // cache asks again; told, it is read afresh.
    await grantUserRole({ username: alice.username, role: 'user' }, t.database.db);
    expect((await getDraft()).statusCode).toBe(200);
    t.services.events.receiveFromAnotherProcess('user.roleChanged', { userId: alice.userId });
    expect((await getDraft()).statusCode).toBe(404);
  });

  it('refuses an unknown user, an unknown role and missing arguments, changing nothing', async () => {
    await expect(
      grantUserRole({ username: 'nobody_here', role: 'admin' }, t.database.db),
    ).rejects.toThrow('No user is called "nobody_here".');
    for (const args of [
      ['--username', alice.username, '--role', 'king'],
      ['--username', alice.username],
      ['--role', 'admin'],
      ['--username', alice.username, '--role', 'admin', '--force'],
    ]) {
      expect(() => parseUserRoleArgs(args)).toThrow(UserRoleUsageError);
    }
    expect(await roleOf(alice.userId)).toBe('user');
  });
});

describe('the user:role command line', () => {
  const serverDir = path.resolve(import.meta.dirname, '../../..');
  // The embedded database of DATA_DIR, as `npm start` would use it.
  const { DATABASE_URL: _unused, ...env } = process.env;
  const run = (args: string[], dataDir: string) =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(serverDir, 'src/user-role-cli.ts'), ...args],
      { cwd: serverDir, env: { ...env, DATA_DIR: dataDir } },
    ).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
    );

  it('grants a role in the database of DATA_DIR, and exits 2 on a usage mistake', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kinora-role-'));
    try {
      const handle = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
      await handle.migrate();
      await handle.db.insert(users).values({
        username: 'carol',
        email: 'carol@example.test',
        fullname: 'Carol',
        passwordHash: 'not used here',
      });
      await handle.close();

      expect(await run(['--username', 'carol', '--role', 'admin'], dataDir)).toMatchObject({
        code: 0,
        out: expect.stringContaining('carol is now admin (was user).'),
      });
      expect(await run(['--username', 'carol', '--role', 'king'], dataDir)).toMatchObject({
        code: 2,
        out: expect.stringContaining('Usage: npm run user:role'),
      });

      const reopened = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
      const [carol] = await reopened.db.select({ role: users.role }).from(users);
      await reopened.close();
      expect(carol!.role).toBe('admin');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
