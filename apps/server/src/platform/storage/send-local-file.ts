import { open } from 'node:fs/promises';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { ByteRange } from './storage';

const chunkSize = 1024 * 1024;
const keptBuffers = 32;
const spare: Buffer[] = [];

/**
 * Read buffers are reused. A stream allocates a fresh 1 MiB buffer per read; at video rates
 * that means the allocator maps and unmaps memory for every chunk, and the kernel zeroes each
 * new page: measured, Kinora's throughput then fell to about 40% of nginx's on some runs
 * (bench/http/README.md). A buffer goes back to the pool only once the socket has taken its
 * bytes (the write callback) or the connection is gone.
 */
const takeBuffer = () => spare.pop() ?? Buffer.allocUnsafeSlow(chunkSize);
const giveBack = (buffer: Buffer) => {
  if (spare.length < keptBuffers) spare.push(buffer);
};

/** Writes one chunk and waits until the socket has it, or until the connection closes. */
function writeChunk(res: ServerResponse, chunk: Buffer, last: boolean): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('close', done);
      resolve();
    };
    res.once('close', done);
    if (last) res.end(chunk, done);
    else res.write(chunk, done);
  });
}

/**
 * Sends `range` of a local file as the body of `reply`, whose status and headers are already
 * set. Answers false, sending nothing, when the file is gone (deleted since it was checked).
 */
export async function sendLocalFile(
  reply: FastifyReply,
  filePath: string,
  range: ByteRange,
): Promise<boolean> {
  let handle;
  try {
    handle = await open(filePath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  reply.hijack();
  const res = reply.raw;
  const buffer = takeBuffer();
  try {
    res.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
    let position = range.start;
    while (position <= range.end && !res.destroyed) {
      const wanted = Math.min(chunkSize, range.end - position + 1);
      const { bytesRead } = await handle.read(buffer, 0, wanted, position);
      if (bytesRead === 0) break; // shorter than announced: the connection is cut below
      position += bytesRead;
      await writeChunk(res, buffer.subarray(0, bytesRead), position > range.end);
    }
  } catch (error) {
    reply.log.warn({ err: error }, 'media read failed');
  } finally {
    await handle.close();
    if (!res.writableEnded) res.destroy();
    // After close or the last write callback, the socket holds no reference to the buffer.
    if (res.writableFinished || res.destroyed) giveBack(buffer);
  }
  return true;
}
