import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface OriginCheckOptions {
  /** Origins whose pages may write: PUBLIC_URL's and CORS_ORIGINS (config.corsOrigins). */
  allowedOrigins: readonly string[];
  /** The cookies that carry a session; a write without any of them forges nothing. */
  sessionCookies: readonly string[];
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin of a Referer header, or null when it is not a URL. */
function originOfUrl(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Why a write must be refused as cross-site, or null when it may go on. Exported for the
 * decision table in its test; `registerOriginCheck` is what the app uses.
 */
export function crossSiteReason(
  request: Pick<FastifyRequest, 'method' | 'headers' | 'cookies' | 'protocol' | 'host'>,
  options: OriginCheckOptions,
): string | null {
  if (!writeMethods.has(request.method)) return null;
  // A page on another origin cannot add an Authorization header without a CORS preflight,
  // which only the allowed origins pass: a bearer call was made by a client holding the token.
  if (request.headers.authorization) return null;
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const source = origin ?? (referer ? (originOfUrl(referer) ?? 'invalid') : undefined);
  if (source === undefined) {
    // Browsers send Origin with every write (and Referer is the fallback of older ones), so
    // a write with neither came from another kind of client. With a session cookie it is
    // refused all the same: the cookie must only ever speak for pages of this site.
    const carriesSession = options.sessionCookies.some((name) => request.cookies?.[name]);
    return carriesSession ? 'A signed-in write must say which page it comes from' : null;
  }
  if (options.allowedOrigins.includes(source)) return null;
  // The site reached under another name than PUBLIC_URL (a LAN address, say): the page and
  // the API share the request's own origin, which no other site can claim for its pages.
  if (source === `${request.protocol}://${request.host}`) return null;
  return 'This request came from a page outside this site';
}

/**
 * Refuses cross-site request forgery: a write from a page of another origin, which a browser
 * sends with our session cookie (SameSite=Lax does not separate the ports of one host), is a
 * 403 before any route sees it. Decision 0017.
 */
export function registerOriginCheck(app: FastifyInstance, options: OriginCheckOptions): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const reason = crossSiteReason(request, options);
    done(reason ? new AppError('FOREIGN_ORIGIN', reason) : undefined);
  });
}
