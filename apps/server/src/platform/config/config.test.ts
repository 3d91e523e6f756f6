import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
const tempDir = async () => {
  const d = await mkdtemp(path.join(tmpdir(), 'kinora-config-'));
  dirs.push(d);
  return d;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('loadConfig', () => {
  it('uses the documented defaults: port 3000, embedded database under DATA_DIR', async () => {
    const dir = await tempDir();
    const config = loadConfig({ DATA_DIR: dir }, []);
    expect(config.port).toBe(3000);
    expect(config.role).toBe('all');
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dir, 'db') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
  });

  it('generates secrets once, persists them in DATA_DIR and reuses them', async () => {
    const dir = await tempDir();
    const first = loadConfig({ DATA_DIR: dir }, []);
    const second = loadConfig({ DATA_DIR: dir }, []);
    expect(first.secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.secrets).toEqual(first.secrets);
    const stored = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'));
    expect(stored.jwtSecret).toBe(first.secrets.jwtSecret);
    const configured = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }, []);
    expect(configured.secrets.jwtSecret).toBe('x'.repeat(40));
  });

  it('refuses invalid configuration, naming every problem', async () => {
    const dir = await tempDir();
    try {
      loadConfig(
        { DATA_DIR: dir, PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' },
        [],
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('JWT_SECRET');
    }
    expect(() => loadConfig({ DATA_DIR: dir }, ['--role', 'chef'])).toThrow(ConfigError);
  });

  it('reads the scale-out settings: staging folder, drain bound, media from the bucket through nginx', async () => {
    const dir = await tempDir();
    const plain = loadConfig({ DATA_DIR: dir }, []);
    expect(plain.uploadsDir).toBe(path.join(dir, 'uploads'));
    expect(plain.drainTimeoutSeconds).toBe(10);
    expect(plain.mediaAccelPrefix).toBeNull();
    const scaled = loadConfig(
      {
        DATA_DIR: dir,
        UPLOAD_STAGING_DIR: path.join(dir, 'shared'),
        DRAIN_TIMEOUT: '5s',
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'media',
        MEDIA_ACCEL_REDIRECT: '/_storage',
      },
      ['--role', 'api'],
    );
    expect(scaled.uploadsDir).toBe(path.join(dir, 'shared'));
    expect(scaled.drainTimeoutSeconds).toBe(5);
    expect(scaled.mediaAccelPrefix).toBe('/_storage');
    expect(() => loadConfig({ DATA_DIR: dir, MEDIA_ACCEL_REDIRECT: '/_storage' }, [])).toThrow(
      /MEDIA_ACCEL_REDIRECT: needs STORAGE_DRIVER=s3/,
    );
    expect(() =>
      loadConfig(
        { DATA_DIR: dir, STORAGE_DRIVER: 's3', S3_BUCKET: 'media', MEDIA_ACCEL_REDIRECT: 'x y' },
        [],
      ),
    ).toThrow(/MEDIA_ACCEL_REDIRECT/);
  });

  it('reads the role flag and the postgres URL', async () => {
    const dir = await tempDir();
    const config = loadConfig(
      { DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://video.example/' },
      ['node', 'main.ts', '--role', 'worker'],
    );
    expect(config.role).toBe('worker');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(config.publicUrl).toBe('https://video.example');
    expect(config.secureCookies).toBe(true);
  });

  it('serves metrics only when METRICS_PORT is set, never on the public port', async () => {
    const dir = await tempDir();
    expect(loadConfig({ DATA_DIR: dir }, []).metrics).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9464' }, []).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(() => loadConfig({ DATA_DIR: dir, PORT: '9464', METRICS_PORT: '9464' }, [])).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });

  it('counts rate limits in memory unless REDIS_URL names a Redis', async () => {
    const dir = await tempDir();
    expect(loadConfig({ DATA_DIR: dir }, []).redis).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://127.0.0.1:6379/2' }, []).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      keyPrefix: 'kinora:',
    });
    expect(
      loadConfig(
        { DATA_DIR: dir, REDIS_URL: 'rediss://cache.internal', REDIS_KEY_PREFIX: 'k2:' },
        [],
      ).redis,
    ).toEqual({ url: 'rediss://cache.internal', keyPrefix: 'k2:' });
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_URL: 'http://127.0.0.1:6379' }, [])).toThrow(
      /REDIS_URL/,
    );
  });
});
