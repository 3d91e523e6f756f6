import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  assertSafeKey,
  assertSafePrefix,
  contentTypeOf,
  type ByteRange,
  isSafeKey,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from './storage';

/** Files under one root folder (DATA_DIR/media), served by the API under /media/. */
export class LocalDiskStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly urlPrefix = '/media',
  ) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(
        Buffer.isBuffer(data) ? Readable.from([data]) : data,
        createWriteStream(partial),
      );
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.pathOf(key));
      if (!s.isFile()) return null;
      return { size: s.size, contentType: contentTypeOf(key), lastModified: s.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    // Large reads: fewer, bigger chunks through the socket (64 KiB by default).
    return createReadStream(this.pathOf(key), {
      highWaterMark: 1024 * 1024,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    await rm(this.pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  async *list(): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path
        .relative(this.root, path.join(entry.parentPath, entry.name))
        .split(path.sep)
        .join('/');
      // A write in progress (`.partial`) or anything not put here is not an object.
      if (key.endsWith('.partial') || !isSafeKey(key)) continue;
      const info = await this.stat(key);
      if (info) yield { key, size: info.size };
    }
  }

  localPathOf(key: string): string {
    return this.pathOf(key);
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `${this.urlPrefix}/${key}`;
  }

  publicUrlPrefix(): string {
    return `${this.urlPrefix}/`;
  }
}
