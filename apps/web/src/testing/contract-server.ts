import {
  endpoints,
  type EndpointName,
  type ErrorCode,
  type FieldError,
  sessionMarkerCookie,
  type ResponseOf,
} from '@kinora/contract';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Server as SocketServer } from 'socket.io';
import { vi } from 'vitest';
import { perTest } from './per-test';

/**
 * A real HTTP server that speaks the contract, for component tests: screens make their
 * actual calls (fetch for JSON, XMLHttpRequest for uploads) and each test says what the
 * server answers. Nothing in the app is mocked.
 *
 * @example
 *   const server = withContractServer();
 *   server().on('login', () => ({ data: { user: makeUser(), accessToken: 't' } }));
 */

export interface RecordedRequest {
  name: EndpointName;
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body, or the text fields of a multipart body. */
  body: unknown;
  /** Files of a multipart body, by field. */
  files: Record<string, { name: string; type: string; size: number }>;
}

export type Reply<N extends EndpointName> =
  | { status?: number; data: ResponseOf<N> }
  | {
      status: number;
      error: {
        code: ErrorCode;
        message: string;
        errors?: FieldError[];
        /** What the refusal points at (a two-factor challenge). */
        data?: Record<string, unknown>;
      };
      headers?: Record<string, string>;
    };

/**
 * No answer at all: the server drops the connection, so the browser's request fails at the
 * network level (as when the network is down), for that one call only.
 */
export const networkFailure = { networkFailure: true } as const;

export type Handler<N extends EndpointName> = (
  request: RecordedRequest,
) => Reply<N> | typeof networkFailure | Promise<Reply<N> | typeof networkFailure>;

export interface ContractServer {
  /** The API base the app is pointed at (VITE_API_BASE). */
  url: string;
  on<N extends EndpointName>(name: N, handler: Handler<N>): void;
  /** Every call received, in order. */
  requests: RecordedRequest[];
  requestsTo(name: EndpointName): RecordedRequest[];
  /**
   * A real socket.io server at `/socket.io` on the same origin (the chat socket). It accepts
   * every connection and handles no event until the test says what it does.
   */
  io: SocketServer;
  /**
   * The network goes down (true) or comes back (false): while down, every request and every
   * socket connection attempt is dropped unanswered (open sockets are not touched; the test
   * can end them with `io.disconnectSockets(true)`).
   */
  setNetworkDown(isDown: boolean): void;
  close(): Promise<void>;
}

const unauthenticated = {
  status: 401,
  error: { code: 'UNAUTHENTICATED', message: 'You need to sign in' },
} as const;

/** What a fresh server answers: nobody is signed in. */
function defaultHandlers(): Partial<Record<EndpointName, Handler<EndpointName>>> {
  return {
    currentUser: () => unauthenticated,
    refreshToken: () => unauthenticated,
    logout: () => ({ data: {} }),
    // The bell of every signed-in screen asks; a test about notifications answers otherwise.
    unreadNotifications: () => ({ data: { unreadCount: 0 } }),
  };
}

const routes = Object.entries(endpoints).map(([name, endpoint]) => {
  const keys: string[] = [];
  const pattern = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return {
    name: name as EndpointName,
    method: endpoint.method,
    regex: new RegExp(`^/api/v1${pattern}$`),
    keys,
    hasFiles: 'files' in endpoint,
    /** A success's message, as the server words it. */
    message: endpoint.message,
  };
});

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseBody(req: IncomingMessage, raw: Buffer) {
  const type = req.headers['content-type'] ?? '';
  const files: RecordedRequest['files'] = {};
  if (type.startsWith('multipart/form-data')) {
    // Node's own Request parses multipart; jsdom is not involved on this side.
    const form = await new Request('http://test.invalid', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(raw),
    }).formData();
    const fields: Record<string, string> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') fields[key] = value;
      else files[key] = { name: value.name, type: value.type, size: value.size };
    }
    return { body: fields, files };
  }
  if (raw.length === 0) return { body: undefined, files };
  return { body: JSON.parse(raw.toString('utf8')) as unknown, files };
}

export async function startContractServer(): Promise<ContractServer> {
  const handlers = defaultHandlers();
  const requests: RecordedRequest[] = [];
  let isNetworkDown = false;

  const send = (res: ServerResponse, status: number, payload: unknown, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(payload));
  };

  const server = createServer((req, res) => {
    if (isNetworkDown) {
      req.socket.destroy();
      return;
    }
    // The app runs on jsdom's origin; uploads go through its CORS-checking XMLHttpRequest.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type, accept');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE');
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://test.invalid');
      const route = routes.find((r) => r.method === req.method && r.regex.test(url.pathname));
      const raw = await readBody(req);
      if (!route) {
        send(res, 404, {
          statusCode: 404,
          data: null,
          success: false,
          code: 'ROUTE_NOT_FOUND',
          message: 'No such route',
        });
        return;
      }
      const match = route.regex.exec(url.pathname) ?? [];
      const params = Object.fromEntries(
        route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1] ?? '')]),
      );
      const { body, files } = await parseBody(req, raw);
      const request: RecordedRequest = {
        name: route.name,
        method: req.method ?? 'GET',
        path: url.pathname,
        params,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        files,
      };
      requests.push(request);
      const handler = handlers[route.name];
      if (!handler) {
        send(res, 501, {
          statusCode: 501,
          data: null,
          success: false,
          code: 'INTERNAL',
          message: `The test gave no answer for ${route.name}`,
        });
        return;
      }
      const reply = await handler(request);
      if ('networkFailure' in reply) {
        req.socket.destroy();
        return;
      }
      if ('error' in reply) {
        send(
          res,
          reply.status,
          { statusCode: reply.status, data: null, success: false, ...reply.error },
          reply.headers,
        );
      } else {
        const status = reply.status ?? 200;
        send(res, status, {
          statusCode: status,
          data: reply.data,
          message: route.message,
          success: true,
        });
      }
    })().catch((error: unknown) => {
      send(res, 500, {
        statusCode: 500,
        data: null,
        success: false,
        code: 'INTERNAL',
        message: String(error),
      });
    });
  });

  const io = new SocketServer(server, {
    path: '/socket.io',
    transports: ['websocket'],
    cors: { origin: true, credentials: true },
  });

  // Ahead of socket.io's own listener: a dropped connection never reaches it.
  server.prependListener('upgrade', (_req, socket: Duplex) => {
    if (isNetworkDown) socket.destroy();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/v1`;
  vi.stubEnv('VITE_API_BASE', url);

  return {
    url,
    requests,
    on: (name, handler) => {
      // A test that says who is signed in speaks for a browser holding a session: it carries
      // the marker cookie the real server sets at sign-in (this server is on another origin).
      if (name === 'currentUser') document.cookie = `${sessionMarkerCookie}=1; Path=/`;
      handlers[name] = handler as unknown as Handler<EndpointName>;
    },
    requestsTo: (name) => requests.filter((r) => r.name === name),
    io,
    setNetworkDown: (isDown) => {
      isNetworkDown = isDown;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        // Closes the sockets, then the HTTP server.
        void io.close(() => resolve());
      }),
  };
}

/** Starts a fresh server before each test of the file and stops it after. */
export function withContractServer(): () => ContractServer {
  return perTest(startContractServer, 'The contract server');
}

/**
 * For a test of what a screen does with an answer outside the contract, which only production
 * hands over (development and tests check every answer: lib/api/answer-check.ts). Undone after
 * the test.
 */
export function actAsProduction(): void {
  vi.stubEnv('DEV', false);
  vi.stubEnv('PROD', true);
  vi.stubEnv('MODE', 'production');
}

/** A promise the test resolves when it wants: holds a server answer to show busy states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
