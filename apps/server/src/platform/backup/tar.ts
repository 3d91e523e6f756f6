/**
 * The few parts of the tar format (POSIX ustar) a backup needs: regular files only, written as a
 * stream and read back one entry at a time, so an archive of any size never sits in memory and
 * any `tar` reads it (`tar -tzf backup.tar.gz`).
 */
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

const block = 512;

export class TarFormatError extends Error {}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  const bytes = Buffer.alloc(block);
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) {
      throw new TarFormatError(`A name too long for the archive: ${name}`);
    }
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  bytes.write(base, 0, 100, 'utf8');
  bytes.write(octal(0o644, 8), 100, 'ascii');
  bytes.write(octal(0, 8), 108, 'ascii');
  bytes.write(octal(0, 8), 116, 'ascii');
  if (size < 8 ** 11) {
    bytes.write(octal(size, 12), 124, 'ascii');
  } else {
    // Larger than 8 GiB: the size in base 256, as GNU and POSIX tars read it.
    bytes[124] = 0x80;
    bytes.writeBigUInt64BE(BigInt(size), 128);
  }
  bytes.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  bytes.write('        ', 148, 'ascii');
  bytes.write('0', 156, 'ascii');
  bytes.write('ustar\0', 257, 'ascii');
  bytes.write('00', 263, 'ascii');
  bytes.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of bytes) sum += byte;
  bytes.write(octal(sum, 7) + ' ', 148, 'ascii');
  return bytes;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes entries into a tar stream; `finish` writes the end-of-archive blocks. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** One file of `size` bytes; the body must give exactly that many. */
  async add(name: string, size: number, body: Buffer | AsyncIterable<Buffer>): Promise<void> {
    await write(this.out, header(name, size, new Date()));
    let written = 0;
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new TarFormatError(`${name} is longer than ${size} bytes`);
      await write(this.out, chunk);
    }
    if (written !== size) throw new TarFormatError(`${name} gave ${written} of ${size} bytes`);
    const padding = (block - (size % block)) % block;
    if (padding > 0) await write(this.out, Buffer.alloc(padding));
  }

  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(block * 2));
    this.out.end();
    await once(this.out, 'finish');
  }
}

function readString(bytes: Buffer, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(bytes: Buffer): number {
  if ((bytes[124]! & 0x80) !== 0) return Number(bytes.readBigUInt64BE(128));
  const text = readString(bytes, 124, 12).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('An entry with an unreadable size');
  return parseInt(text, 8);
}

function checksumHolds(bytes: Buffer): boolean {
  const stored = parseInt(readString(bytes, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < block; i += 1) sum += i >= 148 && i < 156 ? 32 : bytes[i]!;
  return sum === stored;
}

export interface TarEntry {
  name: string;
  size: number;
}

/**
 * Reads a tar stream, handing each regular file to `onEntry` as chunks (`onEntry` returns a
 * sink for the entry's bytes, or null to skip it). Throws on a damaged header or an archive
 * that ends before its end-of-archive blocks (a truncated file).
 */
export async function readTar(
  input: Readable,
  onEntry: (entry: TarEntry) => Promise<((chunk: Buffer) => Promise<void>) | null>,
  onEntryEnd: (entry: TarEntry) => Promise<void>,
): Promise<void> {
  let buffered: Buffer = Buffer.alloc(0);
  let entry: TarEntry | null = null;
  let sink: ((chunk: Buffer) => Promise<void>) | null = null;
  let remaining = 0;
  let padding = 0;
  let ended = false;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      if (ended) break;
      if (entry) {
        if (remaining > 0) {
          if (buffered.length === 0) break;
          const part = buffered.subarray(0, Math.min(remaining, buffered.length));
          buffered = buffered.subarray(part.length);
          remaining -= part.length;
          if (sink) await sink(part);
          if (remaining > 0) break;
        }
        if (buffered.length < padding) break;
        buffered = buffered.subarray(padding);
        await onEntryEnd(entry);
        entry = null;
        sink = null;
        continue;
      }
      if (buffered.length < block) break;
      const head = buffered.subarray(0, block);
      buffered = buffered.subarray(block);
      if (head.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      if (!checksumHolds(head)) throw new TarFormatError('A damaged entry header');
      const type = String.fromCharCode(head[156]!);
      const prefix = readString(head, 345, 155);
      const base = readString(head, 0, 100);
      const size = readSize(head);
      entry = { name: prefix ? `${prefix}/${base}` : base, size };
      remaining = size;
      padding = (block - (size % block)) % block;
      if (type !== '0' && type !== '\0') {
        throw new TarFormatError(`An entry that is not a file: ${entry.name}`);
      }
      sink = await onEntry(entry);
    }
  }
  if (!ended) throw new TarFormatError('The archive ends too early');
}
