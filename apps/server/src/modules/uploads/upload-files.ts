import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Passes bytes through, dropping the first `skip` (a resent chunk overlapping what arrived),
 * counting what passed, and failing with `tooMany` as soon as more than `max` bytes came in:
 * the upload stops there, without reading the rest of the body.
 */
export function meteredBytes(options: { skip: number; max: number; tooMany: () => Error }) {
  let seen = 0;
  const meter = new Transform({
    transform(data: Buffer, _encoding, done) {
      const from = seen;
      seen += data.length;
      if (seen > options.max) return done(options.tooMany());
      const keepFrom = Math.max(0, options.skip - from);
      done(null, keepFrom >= data.length ? undefined : data.subarray(keepFrom));
    },
  });
  return { meter, bytesSeen: () => seen };
}

/**
 * The uploads folder: temporary files of uploads in progress, `<id>.incoming` (a whole file)
 * and `<session>.part` (what a session has received). It knows
 * which of them a request of this process is using, so the cleanup of crash leftovers and of
 * abandoned sessions leaves those alone.
 */
export class UploadFiles {
  readonly dir: string;
  private readonly inUse = new Set<string>();

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  /** True while a request of this process uses the file. */
  isInUse(filePath: string): boolean {
    return this.inUse.has(path.resolve(filePath));
  }

  partPathOf(sessionId: string): string {
    return path.join(this.dir, `${sessionId}.part`);
  }

  /** Runs `work` with the file marked in use. */
  async using<T>(filePath: string, work: () => Promise<T>): Promise<T> {
    this.inUse.add(filePath);
    try {
      return await work();
    } finally {
      this.inUse.delete(filePath);
    }
  }

  /**
   * Streams a file to a new `<id>.incoming`, failing with `tooMany` (and keeping nothing) as
   * soon as more than `max` bytes came. The file stays in use until `discardAside`.
   */
  async writeAside(
    file: Readable,
    bound: { max: number; tooMany: () => Error },
  ): Promise<{ path: string; bytes: number }> {
    await mkdir(this.dir, { recursive: true });
    const tempPath = path.join(this.dir, `${randomUUID()}.incoming`);
    this.inUse.add(tempPath);
    const out = createWriteStream(tempPath);
    try {
      const { meter, bytesSeen } = meteredBytes({ skip: 0, ...bound });
      await pipeline(file, meter, out);
      return { path: tempPath, bytes: bytesSeen() };
    } catch (error) {
      // A file stream destroyed while its file was still being opened opens it afterwards:
      // wait for it to close, so what is removed next is really the last of it.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await this.discardAside(tempPath);
      throw error;
    }
  }

  async discardAside(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
    this.inUse.delete(tempPath);
  }
}
