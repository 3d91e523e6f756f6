/**
 * The one client server tests call the API with, typed from the contract's endpoint map: a call
 * names its endpoint (`callApi(t.app, 'createPlaylist', { as: olga, body })`), its params, query
 * and body are the endpoint's own input types, and `data` is the endpoint's answer, parsed with
 * its response schema (a test reads what the contract promises, or fails saying where the
 * answer differs). Refusals read as `error`, the contract's error envelope. Calls go to the app
 * itself (`app.inject`) or, for tests of several processes, to a started server's URL.
 *
 * Input a test sends on purpose outside the contract's types (to be refused) goes through
 * `malformed(...)`, so the types stay strict everywhere else and a reader sees which input is
 * meant to be wrong.
 */
import {
  endpoints,
  ErrorEnvelope,
  type BodyOf,
  type Endpoint,
  type EndpointName,
  type Endpoints,
  type Envelope,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@kinora/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type Empty = Record<never, never>;

/** A key that is optional when its value may be left out, required otherwise. */
type Slot<K extends string, T> = undefined extends T
  ? { [P in K]?: T }
  : Empty extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of endpoint N takes: the contract's input types, and who makes the call. */
export type CallOptions<N extends EndpointName> = Slot<'params', ParamsOf<N>> &
  Slot<'query', QueryOf<N>> &
  Slot<'body', BodyOf<N>> & {
    /** The signed-in person making the call; a visitor when left out or null. */
    as?: { accessToken: string } | null | undefined;
    /** More request headers (a cookie, an origin, ...). */
    headers?: Record<string, string>;
    /** The caller's network address (a visitor's views are counted per address). */
    remoteAddress?: string;
  };

type OptionsArgs<N extends EndpointName> =
  Empty extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/** A success's body: the envelope, and its data's fields beside it where the endpoint spreads them. */
export type SuccessBody<N extends EndpointName> = Envelope<ResponseOf<N>> &
  (Endpoints[N] extends { spreadData: true } ? ResponseOf<N> : Empty);

/** One answer: its status and headers, the success's typed `data` or the refusal's `error`. */
export interface ApiAnswer<N extends EndpointName> {
  readonly statusCode: number;
  readonly headers: LightMyRequestResponse['headers'];
  /** The cookies the answer sets. */
  readonly cookies: LightMyRequestResponse['cookies'];
  /** The raw body, for an assertion's message (`expect(res.statusCode, res.body)`). */
  readonly body: string;
  /** The envelope's `data` of a success, checked against the endpoint's response schema. */
  readonly data: ResponseOf<N>;
  /** The error envelope of a refusal (message, code, field errors). */
  readonly error: ErrorEnvelope;
  /** The envelope's message, success or not. */
  readonly message: string;
  /** The whole body as sent, success or refusal (for assertions on the envelope itself). */
  json(): SuccessBody<N> | ErrorEnvelope;
}

/** Input sent on purpose to be refused: it skips the contract's input types, and says so. */
export function malformed(value: unknown): never {
  return value as never;
}

/** The request path of an endpoint, its `:param`s filled in. */
export function pathOf(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return (
    '/api/v1' +
    endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
      if (!(name in params)) throw new Error(`${endpoint.path} needs the param ${name}`);
      return encodeURIComponent(String(params[name]));
    })
  );
}

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Where calls go: the app itself (`app.inject`, no network), or a started server at `baseUrl`
 * (over HTTP, for tests that run several processes).
 */
export type ApiTarget = FastifyInstance | { baseUrl: string };

interface RawAnswer {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  cookies: LightMyRequestResponse['cookies'];
  body: string;
}

export async function callApi<N extends EndpointName>(
  target: ApiTarget,
  name: N,
  ...[options]: OptionsArgs<N>
): Promise<ApiAnswer<N>> {
  const endpoint: Endpoint = endpoints[name];
  if (endpoint.files) throw new Error(`${name} takes a multipart body: use test/multipart.ts`);
  const loose = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    as?: { accessToken: string } | null;
    headers?: Record<string, string>;
    remoteAddress?: string;
  };
  const url = pathOf(endpoint, loose.params) + queryString(loose.query);
  const headers: Record<string, string> = {
    ...(loose.as ? { authorization: `Bearer ${loose.as.accessToken}` } : {}),
    ...loose.headers,
  };
  if ('baseUrl' in target) {
    if (loose.remoteAddress) throw new Error('remoteAddress needs the app itself');
    if (loose.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(target.baseUrl + url, {
      method: endpoint.method,
      headers,
      ...(loose.body !== undefined ? { body: JSON.stringify(loose.body) } : {}),
    });
    const raw: RawAnswer = {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      cookies: [],
      body: await res.text(),
    };
    return answerOf(endpoint, name, raw);
  }
  const request: InjectOptions = { method: endpoint.method, url, headers };
  if (loose.body !== undefined) request.payload = loose.body as InjectOptions['payload'];
  if (loose.remoteAddress) request.remoteAddress = loose.remoteAddress;
  return answerOf(endpoint, name, await target.inject(request));
}

function answerOf<N extends EndpointName>(
  endpoint: Endpoint,
  name: N,
  res: RawAnswer,
): ApiAnswer<N> {
  const parse = <T>() => JSON.parse(res.body) as T;
  const envelope = () => parse<{ success?: unknown; message?: unknown; data?: unknown }>();
  const describe = () => `${name} answered ${res.statusCode}: ${res.body}`;
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    cookies: res.cookies,
    body: res.body,
    get data() {
      const json = envelope();
      if (json.success !== true) throw new Error(`expected a success; ${describe()}`);
      const parsed = endpoint.response.safeParse(json.data);
      if (!parsed.success) {
        throw new Error(`the answer breaks the contract (${parsed.error.message}); ${describe()}`);
      }
      return parsed.data as ResponseOf<N>;
    },
    get error() {
      const parsed = ErrorEnvelope.safeParse(envelope());
      if (!parsed.success) throw new Error(`expected an error envelope; ${describe()}`);
      return parsed.data;
    },
    get message() {
      const { message } = envelope();
      if (typeof message !== 'string') throw new Error(`expected an envelope; ${describe()}`);
      return message;
    },
    json: () => parse<SuccessBody<N> | ErrorEnvelope>(),
  };
}

/**
 * A call that must succeed: expects the endpoint's success status (201 where the contract says
 * so, else 200) and answers its typed data.
 */
export async function expectOk<N extends EndpointName>(
  target: ApiTarget,
  name: N,
  ...options: OptionsArgs<N>
): Promise<ResponseOf<N>> {
  const res = await callApi(target, name, ...options);
  const endpoint: Endpoint = endpoints[name];
  expect(res.statusCode, res.body).toBe(endpoint.successStatus ?? 200);
  return res.data;
}
