import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';
import { describeStorageContract, startS3rver } from './storage.contract';

describeStorageContract('LocalDiskStorage', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'kinora-storage-'));
  return {
    storage: new LocalDiskStorage(dir),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

describeStorageContract('S3Storage on s3rver', async () => {
  const s3 = await startS3rver();
  const storage = new S3Storage(s3.options);
  return {
    storage,
    async close() {
      storage.destroy();
      await s3.close();
    },
  };
});

describeStorageContract('S3Storage on s3rver, with a prefix and a public base URL', async () => {
  const s3 = await startS3rver();
  const storage = new S3Storage({
    ...s3.options,
    prefix: 'kinora',
    publicBaseUrl: 'https://cdn.example.com',
  });
  return {
    storage,
    async close() {
      storage.destroy();
      await s3.close();
    },
  };
});
