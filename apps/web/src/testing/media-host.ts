import type { UploadedAsset, UploadFolder } from '@kinora/contract';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { perTest } from './per-test';
import type { ContractServer } from './contract-server';

/**
 * A real HTTP media host for upload tests: `POST /v1_1/kinora/{video|image}/upload` in the
 * hosted provider's shape, whole files or chunks (`Content-Range`, `X-Unique-Upload-Id`), with
 * the same rules as Kinora's own endpoint: a chunk that starts beyond what the host has is
 * refused with 409 and the byte to resume from; a resent chunk is accepted idempotently.
 * Tests can break any request on purpose with `intercept`.
 *
 * @example
 *   const host = withMediaHost();
 *   signUploadsTo(server(), host());
 *   host().intercept((part) => (part.index === 1 ? 'drop' : undefined));
 */

export interface ReceivedPart {
  /** Position of this request among all received, from 0. */
  index: number;
  resourceType: string;
  fields: Record<string, string>;
  fileName: string | null;
  fileBytes: number;
  range: { start: number; end: number; total: number } | null;
  uploadId: string | null;
}

/**
 * What to do with a request instead of the normal answer: `drop` closes the connection before
 * storing anything, `dropAfterStoring` stores the bytes but loses the answer, or a reply.
 */
export type Interception =
  'drop' | 'dropAfterStoring' | { status: number; body: unknown } | undefined;

export interface MediaHost {
  /** Upload URL for a resource type, as the sign call answers it. */
  uploadUrl(resourceType: 'video' | 'image'): string;
  parts: ReceivedPart[];
  intercept(rule: (part: ReceivedPart) => Interception): void;
  /** Holds every answer until the returned function is called (to see busy states). */
  hold(): () => void;
  /** Extra fields merged into the final asset (e.g. `{ url: '' }` to answer no url). */
  assetOverrides: Partial<UploadedAsset>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startMediaHost(): Promise<MediaHost> {
  const parts: ReceivedPart[] = [];
  const sessions = new Map<string, { received: number; total: number }>();
  let rule: (part: ReceivedPart) => Interception = () => undefined;
  let gate: Promise<void> | null = null;
  let assetCount = 0;
  const host: MediaHost = {
    uploadUrl: (type) => `${origin}/v1_1/kinora/${type}/upload`,
    parts,
    intercept: (next) => {
      rule = next;
    },
    hold: () => {
      let release!: () => void;
      gate = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        gate = null;
        release();
      };
    },
    assetOverrides: {},
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { statusCode: status, data: null, success: false, code: 'X', message });

  const asset = (resourceType: string, folder: string, bytes: number): UploadedAsset => {
    assetCount += 1;
    const id = `asset-${assetCount}`;
    const url = `http://media.test/${folder}/${id}`;
    return {
      asset_id: id,
      public_id: `${folder}/${id}`,
      url,
      secure_url: url,
      resource_type: resourceType === 'image' ? 'image' : 'video',
      format: resourceType === 'image' ? 'webp' : 'mp4',
      bytes,
      width: 1280,
      height: 720,
      duration: resourceType === 'image' ? null : 8,
      folder: folder as UploadFolder,
      created_at: new Date(0).toISOString(),
      ...host.assetOverrides,
    };
  };

  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader(
      'Access-Control-Allow-Headers',
      'content-range, x-unique-upload-id, content-type, authorization',
    );
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    void (async () => {
      const match = /^\/v1_1\/kinora\/(video|image)\/upload$/.exec(req.url ?? '');
      const raw = await readBody(req);
      if (req.method !== 'POST' || !match) {
        refuse(res, 404, 'No such upload endpoint');
        return;
      }
      const form = await new Request('http://test.invalid', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(raw),
      }).formData();
      const fields: Record<string, string> = {};
      let file: File | null = null;
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else if (key === 'file') file = value;
      }
      const rangeHeader = req.headers['content-range'];
      const rangeMatch =
        typeof rangeHeader === 'string' ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(rangeHeader) : null;
      const uploadId = req.headers['x-unique-upload-id'];
      const part: ReceivedPart = {
        index: parts.length,
        resourceType: match[1] as string,
        fields,
        fileName: file?.name ?? null,
        fileBytes: file?.size ?? 0,
        range: rangeMatch
          ? {
              start: Number(rangeMatch[1]),
              end: Number(rangeMatch[2]),
              total: Number(rangeMatch[3]),
            }
          : null,
        uploadId: typeof uploadId === 'string' ? uploadId : null,
      };
      parts.push(part);
      if (gate) await gate;

      const interception = rule(part);
      if (interception === 'drop') {
        req.socket.destroy();
        return;
      }
      if (interception && interception !== 'dropAfterStoring') {
        send(res, interception.status, interception.body);
        return;
      }
      if (!file || file.size === 0) {
        refuse(res, 400, 'No file provided');
        return;
      }
      for (const name of ['api_key', 'timestamp', 'signature', 'folder']) {
        if (!fields[name]) {
          refuse(res, 400, `${name} is required`);
          return;
        }
      }

      let answer: unknown;
      if (!part.range) {
        answer = asset(part.resourceType, fields.folder as string, file.size);
      } else {
        const { start, end, total } = part.range;
        const key = part.uploadId ?? '';
        const session = sessions.get(key) ?? { received: 0, total };
        if (start > session.received) {
          refuse(res, 409, `Chunk out of order: resume from byte ${session.received}`);
          return;
        }
        session.received = Math.max(session.received, end + 1);
        sessions.set(key, session);
        answer =
          session.received < total
            ? { done: false, upload_id: key, bytes_received: session.received, total_bytes: total }
            : asset(part.resourceType, fields.folder as string, total);
      }
      if (interception === 'dropAfterStoring') {
        req.socket.destroy();
        return;
      }
      send(res, 200, answer);
    })().catch((error: unknown) => refuse(res, 500, String(error)));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return host;
}

/** Starts a fresh media host before each test of the file and stops it after. */
export function withMediaHost(): () => MediaHost {
  return perTest(startMediaHost, 'The media host');
}

/** Makes the API's sign call answer signatures for uploads to `host`. */
export function signUploadsTo(server: ContractServer, host: MediaHost): void {
  let count = 0;
  server.on('signUpload', (request) => {
    const folder = (request.query.folder ?? 'videos') as UploadFolder;
    count += 1;
    return {
      data: {
        signature: `${'ab'.repeat(31)}${String(count).padStart(2, '0')}`,
        timestamp: 1_700_000_000 + count,
        apiKey: 'user-1',
        cloudName: 'kinora',
        folder,
        uploadUrl: host.uploadUrl(folder === 'videos' ? 'video' : 'image'),
      },
    };
  });
}
