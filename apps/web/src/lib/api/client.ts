import {
  authStatusInvalid,
  type BodyOf,
  type EndpointName,
  type Endpoints,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@kinora/contract';
import { ApiError } from './api-error';
import { checkAnswer, checksAnswers } from './answer-check';
import { apiBase } from './config';
import { apiRoutes } from './routes';
import { clearAccessToken, getAccessToken, setAccessToken } from './token-store';
import { NetworkFailure, sendWithFetch, sendWithXhr, type RawAnswer } from './transport';

type Empty = Record<never, never>;

/** A key that is optional when its value may be left out, required otherwise. */
type Slot<K extends string, T> = undefined extends T
  ? { [P in K]?: T }
  : Empty extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** Names of the file fields of a multipart endpoint (`never` for JSON endpoints). */
export type FileFieldOf<N extends EndpointName> = Endpoints[N] extends {
  files: readonly (infer F)[];
}
  ? F & string
  : never;

export type FilesOf<N extends EndpointName> = Partial<
  Record<FileFieldOf<N>, Blob | null | undefined>
>;

type FilesSlot<N extends EndpointName> = [FileFieldOf<N>] extends [never]
  ? { files?: undefined; onUploadProgress?: undefined }
  : {
      files: FilesOf<N>;
      /** Upload percent: rises with the bytes sent, up to 90; 100 once the server answered. */
      onUploadProgress?: (percent: number) => void;
    };

/** What a call of endpoint N takes, derived from the contract. */
export type ApiOptions<N extends EndpointName> = Slot<'params', ParamsOf<N>> &
  Slot<'query', QueryOf<N>> &
  Slot<'body', BodyOf<N>> &
  FilesSlot<N> & { signal?: AbortSignal };

type OptionsArgs<N extends EndpointName> =
  Empty extends ApiOptions<N> ? [options?: ApiOptions<N>] : [options: ApiOptions<N>];

/** Calls that hand out a new access token; their answer's token is stored. */
const tokenIssuing = new Set<EndpointName>(['login', 'register', 'refreshToken']);
/**
 * The session calls: a 401 from these means "wrong credentials" or "no session", never "token
 * expired", so they never trigger a renewal.
 */
const neverRefreshed = new Set<EndpointName>([...tokenIssuing, 'logout']);

/**
 * Fires `expired` when the session could not be renewed (the refresh failed after a 401), so
 * the session state can switch to signed out without waiting for its next check.
 */
export const sessionEvents = new EventTarget();

interface LooseOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  files?: Record<string, Blob | null | undefined>;
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Calls one endpoint of the contract and answers the envelope's `data`, typed from the
 * contract (and, in development and tests, checked against it: answer-check.ts). Failures
 * throw an {@link ApiError}. A 401 renews the session once (all concurrent
 * 401s share that one renewal) and repeats the call. So does a public call answered as a
 * visitor's because the server refused the token (`X-Auth-Status: invalid`); when the session
 * cannot be renewed, that visitor's answer stands.
 *
 * @example
 *   const user = await api('currentUser');
 *   await api('updateDetails', { body: { fullname: 'Ada' } });
 *   await api('changeAvatar', { files: { avatar: file }, onUploadProgress: setPercent });
 */
export async function api<N extends EndpointName>(
  name: N,
  ...[options]: OptionsArgs<N>
): Promise<ResponseOf<N>> {
  const loose = (options ?? {}) as LooseOptions;
  try {
    const data = await callWithRenewal(name, loose);
    if (tokenIssuing.has(name)) storeIssuedToken(data);
    return data as ResponseOf<N>;
  } finally {
    // Signing out must end the local session even when the server cannot be told.
    if (name === 'logout') clearAccessToken();
  }
}

async function callWithRenewal(name: EndpointName, options: LooseOptions): Promise<unknown> {
  const tokenSent = getAccessToken();
  let answer: Answer;
  try {
    answer = await callOnce(name, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || neverRefreshed.has(name)) {
      throw error;
    }
    const renewed = await renewUnlessRenewed(tokenSent);
    if (renewed === 'ended') throw error;
    // The session may well be alive: say why it could not be checked, not "signed out".
    if (renewed !== 'renewed') throw renewed.failure;
    return (await callOnce(name, options)).data;
  }
  if (!answer.tokenRefused || neverRefreshed.has(name)) return answer.data;
  // Answered as to a visitor: a signed-in person should see their own answer, so renew and ask
  // again. Signed out for good, or not renewed this time, the visitor's answer stands.
  if ((await renewUnlessRenewed(tokenSent)) !== 'renewed') return answer.data;
  try {
    return (await callOnce(name, options)).data;
  } catch {
    return answer.data;
  }
}

/**
 * What a renewal came to: a new token, the session over (the server refused the refresh), or
 * no answer worth believing (the network failed, the page is being left, the server was busy
 * or down), in which case the session is kept for the next try.
 */
type Renewal = 'renewed' | 'ended' | { failure: unknown };

/** Renews the session, unless another call already did while this one was in flight. */
async function renewUnlessRenewed(tokenSent: string | null): Promise<Renewal> {
  const current = getAccessToken();
  if (current && current !== tokenSent) return 'renewed';
  try {
    await renewSession();
    return 'renewed';
  } catch (error) {
    return endsSession(error) ? 'ended' : { failure: error };
  }
}

/**
 * Only the server's refusal of the refresh token ends the session here. A refresh that never
 * got its answer (a navigation cancelled it, the connection dropped) may still have rotated
 * the token on the server, which keeps the one before it working for that case (decision
 * 0036): forgetting the session then would sign the person out for nothing.
 */
function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * For connections that carry the access token themselves (the chat socket): renews the
 * session after the server refused `tokenSent`, sharing the renewal of concurrent HTTP calls.
 * False when it could not be renewed (the session is over, or the refresh got no answer).
 */
export async function renewAccessToken(tokenSent: string | null): Promise<boolean> {
  return (await renewUnlessRenewed(tokenSent)) === 'renewed';
}

let renewal: Promise<void> | null = null;

/** One refresh at a time: every caller that meets a 401 meanwhile waits for the same one. */
function renewSession(): Promise<void> {
  renewal ??= (async () => {
    try {
      const { data } = await callOnce('refreshToken', { body: {} });
      storeIssuedToken(data);
    } catch (error) {
      if (endsSession(error)) {
        clearAccessToken();
        sessionEvents.dispatchEvent(new Event('expired'));
      }
      throw error;
    } finally {
      renewal = null;
    }
  })();
  return renewal;
}

function storeIssuedToken(data: unknown): void {
  if (data && typeof data === 'object' && 'accessToken' in data) {
    const token = (data as { accessToken: unknown }).accessToken;
    if (typeof token === 'string' && token) setAccessToken(token);
  }
}

/** What one call answered: the envelope's data, and whether the token sent was refused. */
interface Answer {
  data: unknown;
  tokenRefused: boolean;
}

async function callOnce(name: EndpointName, options: LooseOptions): Promise<Answer> {
  const endpoint = apiRoutes[name];
  const url = buildUrl(endpoint.path, options.params, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let answer: RawAnswer;
  try {
    if (endpoint.files) {
      answer = await sendWithXhr({
        method: endpoint.method,
        url,
        headers,
        body: toFormData(options.body, options.files),
        signal: options.signal,
        onUploadProgress: options.onUploadProgress,
      });
    } else {
      const hasBody = options.body !== undefined;
      if (hasBody) headers['Content-Type'] = 'application/json';
      answer = await sendWithFetch({
        method: endpoint.method,
        url,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: options.signal,
      });
    }
  } catch (error) {
    if (error instanceof NetworkFailure) {
      throw new ApiError({
        status: 0,
        code: 'NETWORK_ERROR',
        message: 'Could not reach the server. Check your connection and try again.',
      });
    }
    throw error;
  }

  const data = readAnswer(answer);
  // Written out, not only in `checksAnswers`: a production build sees `false` here and leaves
  // the checker, and the contract's schemas with it, out of the first load.
  if ((import.meta.env.DEV || import.meta.env.MODE === 'test') && checksAnswers()) {
    checkAnswer(name, data);
  }
  if (endpoint.files) options.onUploadProgress?.(100);
  return { data, tokenRefused: answer.authStatus === authStatusInvalid };
}

export function buildUrl(
  path: string,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${key}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return `${apiBase()}${filled}${qs ? `?${qs}` : ''}`;
}

function toFormData(
  fields: unknown,
  files: Record<string, Blob | null | undefined> | undefined,
): FormData {
  const form = new FormData();
  if (fields && typeof fields === 'object') {
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
  }
  for (const [key, file] of Object.entries(files ?? {})) {
    if (file) form.append(key, file);
  }
  return form;
}

const fallbackMessages: Record<number, string> = {
  413: 'The file is too large.',
  429: 'Too many requests. Please wait a moment and try again.',
};

function readAnswer(answer: RawAnswer): unknown {
  let body: unknown;
  try {
    body = answer.text ? JSON.parse(answer.text) : null;
  } catch {
    body = null; // not JSON: a proxy page or a crash; handled below as an unreadable answer
  }
  const envelope = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (answer.status >= 200 && answer.status < 300 && envelope.success === true) {
    return envelope.data;
  }

  const retryAfter = answer.retryAfter === null ? NaN : Number(answer.retryAfter);
  const isErrorEnvelope = envelope.success === false && typeof envelope.message === 'string';
  if (isErrorEnvelope) {
    // An empty message is no message: the screen says its own text (see `messageOf`).
    const said = (envelope.message as string).trim();
    return raise(
      new ApiError({
        status: answer.status,
        code: (envelope.code as ApiError['code'] | undefined) ?? 'INTERNAL',
        message: said || unsaid(answer.status),
        fromServer: said !== '',
        fieldErrors: Array.isArray(envelope.errors) ? envelope.errors : [],
        retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : null,
      }),
    );
  }
  const ok = answer.status >= 200 && answer.status < 300;
  return raise(
    new ApiError({
      status: answer.status,
      code: ok ? 'BAD_RESPONSE' : answer.status === 429 ? 'RATE_LIMITED' : 'INTERNAL',
      message: ok ? 'The server sent an answer the app cannot read.' : unsaid(answer.status),
      retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : null,
    }),
  );
}

/** The client's words for a failed status the server gave no message for. */
function unsaid(status: number): string {
  return fallbackMessages[status] ?? `Request failed (HTTP ${status}).`;
}

function raise(error: ApiError): never {
  throw error;
}
