/** Two run folders on one machine never share a database or Redis keys (issue 23 item 1). */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFolderNames } from './run-folder';

const root = await mkdtemp(path.join(tmpdir(), 'kinora-run-folder-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the names a run folder uses on shared services', () => {
  it('gives each folder its own database and key prefix, the same on every start', async () => {
    const a = await runFolderNames(path.join(root, 'one', 'data-cluster'));
    const b = await runFolderNames(path.join(root, 'two', 'data-cluster'));
    expect(a.database).toMatch(/^kinora_cluster_[0-9a-f]{10}$/);
    expect(a.redisKeyPrefix).toMatch(/^kinora-cluster:[0-9a-f]{10}:$/);
    expect(b.database).not.toBe(a.database);
    expect(b.redisKeyPrefix).not.toBe(a.redisKeyPrefix);
    expect(await runFolderNames(path.join(root, 'one', 'data-cluster'))).toEqual(a);
  });

  it('keeps the names a folder started before recorded, so an existing site finds its data', async () => {
    const dir = path.join(root, 'old');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'kinora.env'),
      'DATABASE_URL=postgres://postgres@127.0.0.1:5432/kinora_cluster\nREDIS_KEY_PREFIX=kinora-cluster:\n',
    );
    expect(await runFolderNames(dir)).toEqual({
      database: 'kinora_cluster',
      redisKeyPrefix: 'kinora-cluster:',
    });
  });

  it('does not take the name of a database that was not on the local server', async () => {
    const dir = path.join(root, 'elsewhere');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'kinora.env'),
      'DATABASE_URL=postgres://postgres@127.0.0.1:55432/kinora_cluster\n',
    );
    expect((await runFolderNames(dir)).database).toMatch(/^kinora_cluster_[0-9a-f]{10}$/);
  });
});
