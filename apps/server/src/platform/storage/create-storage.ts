import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage, type S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

export type StorageOptions =
  /** The embedded profile: files under one folder (DATA_DIR/media), served under /media/. */
  | { driver: 'local'; root: string }
  /** The scale-out profile: an S3-compatible bucket. */
  | ({ driver: 's3' } & S3StorageOptions);

/** The media storage for the configured driver (STORAGE_DRIVER). */
export function createStorage(options: StorageOptions): Storage {
  switch (options.driver) {
    case 'local':
      return new LocalDiskStorage(options.root);
    case 's3': {
      const { driver: _driver, ...s3 } = options;
      return new S3Storage(s3);
    }
    default: {
      const unknown: never = options;
      throw new Error(
        `Unknown storage driver: ${JSON.stringify((unknown as { driver?: unknown }).driver)}`,
      );
    }
  }
}
