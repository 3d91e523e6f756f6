import {
  authStatusHeader,
  authStatusInvalid,
  envelopeOf,
  type Empty,
  type Endpoint,
} from '@kinora/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Viewer } from '../auth/roles';
import type { AnonymousCache } from './anonymous-cache';
import { sharedTexts } from './prewritten-json';
import { AppError, badRequest, payloadTooLarge } from './errors';
import { refuseNulBytes } from './nul-bytes';

/**
 * Who is calling: established by the auth module for every request that carries a token. It is
 * a `Viewer` (id and role), which is all the permission rules of the services look at.
 */
export interface Actor extends Viewer {
  sessionId: string;
}

/** Implemented by the auth module; the router only knows this shape. */
export interface Authenticator {
  /** The actor of a request, null when it carries no credentials; throws on bad ones. */
  authenticate(request: FastifyRequest): Promise<Actor | null>;
}

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface FileRule {
  required: boolean;
  maxBytes: number;
  /** Shown to the user when the file is too large. */
  tooLargeMessage: string;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type FieldOf<E extends Endpoint, K extends string> =
  E extends Record<K, infer S> ? Parsed<S> : undefined;

export interface HandlerContext<E extends Endpoint> {
  params: FieldOf<E, 'params'>;
  query: FieldOf<E, 'query'>;
  body: FieldOf<E, 'body'>;
  files: E extends { files: readonly (infer F extends string)[] }
    ? Partial<Record<F, UploadedFile>>
    : Record<string, never>;
  actor: E['access'] extends 'user' ? Actor : Actor | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Fields to write over an answer's `data`: any part of it, nested objects field by field. */
export type PatchOf<T> = {
  readonly [K in keyof T]?: T[K] extends readonly unknown[]
    ? T[K]
    : T[K] extends object | null
      ? PatchOf<T[K]> | T[K]
      : T[K];
};

/**
 * Who besides visitors receives a kept answer of a GET route (decision 0018). Only what a
 * route states here is shared with signed-in people; see `RouteSpec.shared`.
 */
export interface RouteSharing<D> {
  /** Ids of the people whose answer differs from a visitor's (an owner sees drafts, totals). */
  notFor: readonly (string | null | undefined)[];
  /** Per-person fields: a visitor's are kept, each signed-in caller gets their own. */
  personal?: {
    visitor: PatchOf<D>;
    /** The caller's own fields: one indexed lookup. */
    of(actor: Actor): Promise<PatchOf<D>>;
  };
}

export interface RouteSpec<E extends Endpoint> {
  files?: E extends { files: readonly (infer F extends string)[] } ? Record<F, FileRule> : never;
  /** Requests per minute per client; unset means no per-route limit. */
  rateLimitPerMinute?: number;
  /**
   * Treat bad credentials as none without saying so (no X-Auth-Status). For the session calls
   * themselves (login, register, refresh, logout), which a client makes precisely when its
   * token has gone stale.
   */
  lenientAuth?: boolean;
  handler: (ctx: HandlerContext<E>) => Promise<z.output<E['response']>>;
  /**
   * For a public GET whose answer is kept (decision 0018): with whom this answer may be shared
   * besides visitors, judged from the answer itself; null when it holds anything a visitor may
   * not see. Without it, an answer is shared between visitors only.
   */
  shared?: (
    answer: Pick<HandlerContext<E>, 'params' | 'query'> & { data: z.output<E['response']> },
  ) => RouteSharing<z.output<E['response']>> | null;
  /**
   * For a GET whose answer is kept: the things it shows (`kept-tags.ts`), so that a change to
   * one of them drops it (decision 0025). Without it, the answer is never kept.
   */
  shows?: (
    answer: Pick<HandlerContext<E>, 'params' | 'query' | 'actor'> & {
      data: z.output<E['response']>;
    },
  ) => readonly string[];
}

export const apiPrefix = '/api/v1';

/** The answer of a call that answers nothing (`Empty`): given once `done` has finished. */
export async function emptyAfter(done: Promise<unknown>): Promise<z.output<typeof Empty>> {
  await done;
  return {};
}

/**
 * Registers contract endpoints: the path, validation and response schema come from the
 * contract, so a handler only authenticates, calls one service and returns what to present.
 */
export class Router {
  private readonly actors = new WeakMap<FastifyRequest, Actor | null>();
  /** Handlers still running, also those whose client has hung up. */
  private readonly running = new Set<Promise<unknown>>();
  /** The kept answers, told who each GET's answer is for and who may share it. */
  private sharing: Pick<AnonymousCache, 'declare'> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly authenticator: Authenticator,
    /** How long closing the app waits for running handlers. */
    drainMs = 10_000,
  ) {
    // Closing the server waits for open connections, not for the handler of a request whose
    // client has gone: without this, the database could be closed under its next query.
    app.addHook('onClose', async () => {
      if (this.running.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, drainMs);
      });
      await Promise.race([Promise.allSettled([...this.running]), limit]);
      clearTimeout(timer);
    });
  }

  /** Routes declare their answers to the kept answers (decision 0018). */
  shareAnswersWith(sharing: Pick<AnonymousCache, 'declare'>): void {
    this.sharing = sharing;
  }

  route<E extends Endpoint>(endpoint: E, spec: RouteSpec<E>): void {
    const status = endpoint.successStatus ?? 200;
    const isMultipart = endpoint.files !== undefined;
    const fileRules = (spec.files ?? {}) as Record<string, FileRule>;
    const options: RouteOptions = {
      method: endpoint.method,
      url: apiPrefix + endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.tag],
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body && !isMultipart ? { body: endpoint.body } : {}),
        ...(isMultipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(endpoint.access === 'user'
          ? { security: [{ bearerAuth: [] }, { cookieAuth: [] }] }
          : {}),
        response: {
          // The success's message describes the answer in the OpenAPI document.
          [status]: (endpoint.spreadData && endpoint.response instanceof z.ZodObject
            ? envelopeOf(endpoint.response).extend(endpoint.response.shape)
            : envelopeOf(endpoint.response)
          ).describe(endpoint.message),
        },
      },
      ...(spec.rateLimitPerMinute
        ? { config: { rateLimit: { max: spec.rateLimitPerMinute, timeWindow: 60_000 } } }
        : {}),
      ...(endpoint.body && !isMultipart
        ? {
            // JSON calls take JSON only: a form or text body is a 415, not a confusing 400.
            preValidation: async (request: FastifyRequest) => {
              const type = request.headers['content-type'] ?? '';
              if (request.body !== undefined && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
                throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This call takes a JSON body');
              }
            },
          }
        : {}),
      // Who is calling is settled before the body is read: a visitor's upload is refused
      // without reading it, and a visitor gets 401 rather than a validation error.
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        let actor: Actor | null;
        try {
          actor = await this.authenticator.authenticate(request);
        } catch (error) {
          // A public call answers a bad token as a visitor's call and says so, for the client
          // to renew its session; a call that needs a user refuses it (decision 0004).
          const isBadToken = error instanceof AppError && error.statusCode === 401;
          if (!isBadToken || endpoint.access === 'user') throw error;
          if (!spec.lenientAuth) reply.header(authStatusHeader, authStatusInvalid);
          actor = null;
        }
        if (endpoint.access === 'user' && !actor) {
          throw new AppError('UNAUTHENTICATED', 'You need to sign in to do that');
        }
        this.actors.set(request, actor);
      },
      handler: (request, reply) => {
        const running = this.handle(endpoint, spec, isMultipart, fileRules, request, reply);
        this.running.add(running);
        return running.finally(() => this.running.delete(running));
      },
    };
    this.app.route(options);
  }

  /** Runs one request's handler and sends the success envelope. */
  private async handle<E extends Endpoint>(
    endpoint: E,
    spec: RouteSpec<E>,
    isMultipart: boolean,
    fileRules: Record<string, FileRule>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const status = endpoint.successStatus ?? 200;
    const actor = this.actors.get(request) ?? null;
    let body: unknown = request.body;
    let files: Record<string, UploadedFile> = {};
    if (isMultipart) {
      ({ body, files } = await readMultipart(request, endpoint, fileRules));
    }
    const data = await spec.handler({
      params: request.params,
      query: request.query,
      body,
      files,
      actor,
      request,
      reply,
    } as HandlerContext<E>);
    if (this.sharing && endpoint.method === 'GET') {
      const answer = {
        params: request.params,
        query: request.query,
        data,
      } as Parameters<NonNullable<RouteSpec<E>['shared']>>[0];
      const rule = spec.shared?.(answer);
      const shown = spec.shows?.({ ...answer, actor } as Parameters<
        NonNullable<RouteSpec<E>['shows']>
      >[0]);
      const common = sharedTexts(data);
      this.sharing.declare(request, {
        actor,
        shows: shown ?? null,
        ...(common ? { sharedTexts: common } : {}),
        sharing: rule
          ? {
              notFor: rule.notFor.filter((id): id is string => typeof id === 'string'),
              ...(rule.personal ? { personal: rule.personal } : {}),
            }
          : null,
      });
    }
    const envelope = { statusCode: status, data, message: endpoint.message, success: true };
    return reply
      .code(status)
      .send(endpoint.spreadData ? { ...(data as object), ...envelope } : envelope);
  }
}

/**
 * The parser's own errors for a body that is not well-formed multipart (no boundary in the
 * Content-Type, a body cut short, bytes that are not multipart at all) are the client's fault:
 * a 400, never a 500. Anything else passes through unchanged.
 */
export function asMalformedMultipart(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof AppError) return error;
  if ((error as { code?: unknown }).code !== undefined) return error; // Fastify's, mapped already
  return /^Multipart: |unexpected end of multipart data/i.test(error.message)
    ? badRequest('The multipart/form-data body is malformed or incomplete')
    : error;
}

/** The parts of a multipart body, with a malformed body turned into a 400. */
export async function* wellFormedParts<T>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* parts;
  } catch (error) {
    throw asMalformedMultipart(error);
  }
}

/**
 * Reads a multipart body into validated text fields and in-memory files (images are small;
 * video uploads stream to storage through their own route). Nothing is written here.
 */
async function readMultipart(
  request: FastifyRequest,
  endpoint: Endpoint,
  rules: Record<string, FileRule>,
): Promise<{ body: unknown; files: Record<string, UploadedFile> }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This call takes a multipart/form-data body');
  }
  const maxBytes = Math.max(...Object.values(rules).map((r) => r.maxBytes));
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of wellFormedParts(
    request.parts({ limits: { fileSize: maxBytes, files: 4, fields: 20 } }),
  )) {
    if (part.type === 'file') {
      const rule = rules[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}"`, [
          { field: part.fieldname, message: 'This field does not take a file' },
        ]);
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw payloadTooLarge(rule.tooLargeMessage, part.fieldname);
        }
        throw asMalformedMultipart(error);
      }
      if (data.length > rule.maxBytes) throw payloadTooLarge(rule.tooLargeMessage, part.fieldname);
      if (data.length === 0) continue; // an empty file input is "no file"
      files[part.fieldname] = {
        field: part.fieldname,
        filename: part.filename,
        mimeType: part.mimetype,
        data,
      };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  refuseNulBytes(fields);
  const fieldErrors: { field: string; message: string }[] = [];
  let body: unknown = undefined;
  if (endpoint.body) {
    const parsed = endpoint.body.safeParse(fields);
    if (parsed.success) body = parsed.data;
    else
      fieldErrors.push(
        ...parsed.error.issues.map((i) => ({
          field: i.path.join('.') || 'body',
          message: i.message,
        })),
      );
  }
  for (const [field, rule] of Object.entries(rules)) {
    if (rule.required && !files[field]) {
      fieldErrors.push({ field, message: `${labelOf(field)} is required` });
    }
  }
  if (fieldErrors.length > 0) {
    throw badRequest(fieldErrors.map((e) => e.message).join('; '), fieldErrors);
  }
  return { body, files };
}

const labelOf = (field: string) =>
  field === 'coverImage' ? 'Cover image' : field.charAt(0).toUpperCase() + field.slice(1);
