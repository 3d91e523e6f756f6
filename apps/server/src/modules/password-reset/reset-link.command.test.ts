import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { passwordResets } from '../../platform/db/account-security-schema';
import { openDatabase } from '../../platform/db/client';
import { users } from '../../platform/db/schema';

describe('the user:reset-link command line', () => {
  const serverDir = path.resolve(import.meta.dirname, '../../..');
  // The embedded database of DATA_DIR, as `npm start` would use it.
  const { DATABASE_URL: _unused, ...env } = process.env;
  const run = (args: string[], dataDir: string) =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(serverDir, 'src/user-reset-link-cli.ts'), ...args],
      {
        cwd: serverDir,
        env: { ...env, DATA_DIR: dataDir, PUBLIC_URL: 'https://video.example.org' },
      },
    ).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
    );

  it('prints a link on PUBLIC_URL for an email or a username; exits 1 for nobody, 2 on a usage mistake', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kinora-reset-'));
    try {
      const handle = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
      await handle.migrate();
      await handle.db.insert(users).values({
        username: 'dora',
        email: 'dora@example.test',
        fullname: 'Dora',
        passwordHash: 'not used here',
      });
      await handle.close();

      const printed = await run(['--', 'Dora@Example.test'], dataDir);
      expect(printed.code).toBe(0);
      expect(printed.out).toMatch(
        /^Reset link for dora \(works once, for an hour\):\nhttps:\/\/video\.example\.org\/reset-password\?token=[\w-]{43}\n$/,
      );
      expect((await run(['dora'], dataDir)).code).toBe(0);
      expect(await run(['nobody'], dataDir)).toMatchObject({
        code: 1,
        out: expect.stringContaining('No account has the email or username "nobody"'),
      });
      expect(await run([], dataDir)).toMatchObject({
        code: 2,
        out: expect.stringContaining('Usage: npm run user:reset-link -- <email|username>'),
      });

      const reopened = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
      const links = await reopened.db.select().from(passwordResets);
      await reopened.close();
      expect(links).toHaveLength(2);
      const token = /token=([\w-]+)/.exec(printed.out)![1]!;
      expect(links.map((l) => l.tokenHash)).not.toContain(token);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
