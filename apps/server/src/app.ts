import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { authStatusHeader, limits } from '@kinora/contract';
import type { Config } from './platform/config/config';
import type { DatabaseHandle } from './platform/db/client';
import { answerRoutingError, installErrorHandler } from './platform/http/error-handler';
import { AppError } from './platform/http/errors';
import { clientErrorHandler, refuseLongUrls } from './platform/http/long-requests';
import { serializerCompiler } from './platform/http/json-serializer';
import { registerNulByteGuard } from './platform/http/nul-bytes';
import { registerOriginCheck } from './platform/http/origin-check';
import { Router } from './platform/http/router';
import { securityHeaders } from './platform/http/security-headers';
import { createLimitStore } from './platform/rate-limit/limit-store';
import { registerAnonymousCache, type AnonymousCache } from './platform/http/anonymous-cache';
import { dropOnChanges, shows } from './platform/http/kept-tags';
import { registerWebApp } from './platform/http/web-app';
import { pageMetaReader, registerOEmbedRoute } from './modules/sharing';
import { loggerOptions } from './platform/logger';
import type { Metrics } from './platform/metrics/metrics';
import { Realtime } from './platform/realtime/realtime';
import { connectRealtimeCluster } from './platform/realtime/cluster';
import { registerMediaRoutes } from './platform/storage/media-routes';
import type { Storage } from './platform/storage/storage';
import { Lifecycle } from './platform/http/lifecycle';
import { S3Storage } from './platform/storage/s3-storage';
import {
  SessionAuthenticator,
  accessCookie,
  refreshCookie,
  registerAuthRoutes,
} from './modules/auth';
import { passwordCheckBudget, registerAccountRoutes } from './modules/account';
import { registerChannelRoutes } from './modules/channels';
import { registerCommentRoutes } from './modules/comments';
import { registerHistoryRoutes } from './modules/history';
import { registerLikeRoutes } from './modules/likes';
import { registerPasswordResetRoutes } from './modules/password-reset';
import { registerPlaylistRoutes } from './modules/playlists';
import { registerMessageRoutes, registerMessageSockets } from './modules/messages';
import { deliverNotificationCounts, registerNotificationRoutes } from './modules/notifications';
import { registerModerationRoutes } from './modules/moderation';
import { registerSearchRoutes } from './modules/search';
import { registerSubscriptionRoutes } from './modules/subscriptions';
import { registerSystemRoutes } from './modules/system';
import { registerTweetRoutes } from './modules/tweets';
import { registerTwoFactorRoutes } from './modules/two-factor';
import { registerUploadRoutes } from './modules/uploads';
import { registerUserRoutes, type SignInRouteDeps } from './modules/users';
import { registerVideoRoutes } from './modules/videos';
import { registerCaptionRoutes } from './modules/captions';
import { historyKeptSeconds, type Services } from './services';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  services: Services;
  /** Where logs go; standard output unless a test captures them. */
  logStream?: NodeJS.WritableStream;
  /** Readiness and draining (SIGTERM); a new one when the caller does not drain. */
  lifecycle?: Lifecycle;
  /** What an operator watches (`/metrics` on its own port); none in most tests. */
  metrics?: Metrics;
}

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** Builds the HTTP application: plugins, the error vocabulary, and every module's routes. */
export async function buildApp({
  config,
  database,
  storage,
  services,
  logStream,
  lifecycle = new Lifecycle(),
  metrics,
}: AppDeps): Promise<FastifyInstance> {
  const security = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        // The web app manifest (installing the site) and its icons come from this origin.
        'manifest-src': ["'self'"],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.secureCookies,
  });
  // Kept answers for visitors are sent before Fastify sees the request (decision 0010).
  let kept: AnonymousCache | null = null;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        if (kept) kept.serveFromMemory(request, response, handler);
        else handler(request, response);
      });
      // Fastify's defaults, which it applies only to the servers it creates itself.
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // The OpenAPI document is built from zod schemas; Fastify validates with them too.
    ajv: { customOptions: { coerceTypes: false } },
    frameworkErrors: (error, request, reply) => answerRoutingError(error, request, reply, security),
    // What Node's HTTP parser refuses (headers over 16 KB...), in the envelope too.
    clientErrorHandler: clientErrorHandler(security),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by a serializer compiled from the same schemas (issue 18 item 4).
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  metrics?.instrument(app);
  registerNulByteGuard(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(security).header('X-Request-Id', request.id);
    done();
  });
  refuseLongUrls(app);
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    // Read by the web client when it is served from another origin.
    exposedHeaders: [authStatusHeader, 'Retry-After'],
  });
  await app.register(cookie);
  registerOriginCheck(app, {
    allowedOrigins: config.corsOrigins,
    sessionCookies: [accessCookie, refreshCookie],
  });
  await app.register(multipart, {
    limits: { fileSize: limits.coverImageMaxBytes, files: 4, fields: 20, parts: 30 },
  });
  // Rate limits and sign-in throttles count in Redis when configured, so that every API process
  // shares one limit; in memory otherwise (decision 0014). A store failure lets calls through.
  const limitStore = await createLimitStore(config.redis, app.log);
  app.addHook('onClose', () => limitStore.close());
  // Liveness and readiness for the balancer, and the requests in flight a drain waits for.
  const redis = limitStore.redis;
  lifecycle.register(app, [
    { name: 'database', check: () => database.ping() },
    ...(redis ? [{ name: 'redis', check: () => redis.ping() }] : []),
    { name: 'storage', check: () => storage.check?.() ?? Promise.resolve() },
  ]);
  await app.register(rateLimit, {
    global: false,
    ...(limitStore.redis
      ? { redis: limitStore.redis, nameSpace: 'rate-limit:', skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts; try again in ${context.after}`),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kinora API',
        version,
        description: 'Every answer is wrapped in {statusCode, data, message, success}.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'accessToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const authenticator = new SessionAuthenticator(services.tokens, services.auth, services.sessions);
  if (config.publicCacheTtlSeconds > 0) {
    kept = registerAnonymousCache(app, {
      paths: [
        /^\/api\/v1\/videos$/,
        /^\/api\/v1\/videos\/[^/]+$/,
        /^\/api\/v1\/search$/,
        /^\/api\/v1\/channels\/[^/]+(?:\/videos)?$/,
        /^\/api\/v1\/users\/c\/[^/]+$/,
        /^\/api\/v1\/playlists\/(?!watch-later$)[^/]+$/,
      ],
      // Lists with each reader's own flags (a comment's or a tweet's `isLiked`): a visitor's
      // answer is shared, each signed-in person's kept for them (decision 0025).
      eachReaderPaths: [/^\/api\/v1\/comments\/[^/]+$/, /^\/api\/v1\/tweets\/user\/[^/]+$/],
      // What a signed-in person follows, theirs alone: asked again on every visit to the
      // subscriptions and tweets pages, and the dearest signed-in reads (decision 0024).
      personalPaths: [
        /^\/api\/v1\/subscriptions\/feed$/,
        /^\/api\/v1\/tweets\/feed$/,
        /^\/api\/v1\/tweets\/channels$/,
        /^\/api\/v1\/users\/watchHistory$/,
        /^\/api\/v1\/notifications$/,
      ],
      ttlMs: config.publicCacheTtlSeconds * 1000,
      // Never shorter than the others: a search is the dearest answer to recompute (decision
      // 0023).
      lifetimes: [
        {
          path: /^\/api\/v1\/search$/,
          ttlMs: Math.max(config.searchCacheTtlSeconds, config.publicCacheTtlSeconds) * 1000,
        },
        // A video's comments show nothing that no event drops (their text, likes and replies,
        // their authors, the video's count): a visitor's answer lives as long as a reader's own
        // (decision 0050), not the few seconds of answers with counters no event tells.
        {
          path: /^\/api\/v1\/comments\/[^/]+$/,
          ttlMs: Math.max(config.personalCacheTtlSeconds, config.publicCacheTtlSeconds) * 1000,
        },
        // A playlist's page: its fields, order, videos (those it holds but does not show too)
        // and owner are each dropped by an event; its cards' counters trail by this much, as in
        // a person's history (decision 0064).
        {
          path: /^\/api\/v1\/playlists\/[^/]+$/,
          ttlMs: Math.max(config.personalCacheTtlSeconds, config.publicCacheTtlSeconds) * 1000,
        },
      ],
      // One person's own answers: their changes drop them (decision 0025), so they may live
      // as long as the web client keeps its own copy; 2,000 readers' feeds recomputed every
      // 5 s would take a core.
      personalTtlMs: Math.max(config.personalCacheTtlSeconds, config.publicCacheTtlSeconds) * 1000,
      // A person's history: their saves, removals and every change to what it shows drop it,
      // in every process (and a relay gap drops every one: below); its lifetime bounds only how
      // far its cards' counters trail (decision 0064).
      personalLifetimes: [
        { path: /^\/api\/v1\/users\/watchHistory$/, ttlMs: historyKeptSeconds(config) * 1000 },
      ],
      staleMs: 30_000,
      maxRefreshing: 2,
      maxBytes: 64 * 1024 * 1024,
      identify: (headers) => authenticator.identify(headers, (header) => app.parseCookie(header)),
      identifyRequest: (request) => authenticator.identifyRequest(request),
      trustProxy: config.trustProxy,
      ...(metrics ? { onLookup: (result: 'hit' | 'miss') => metrics.keptAnswer(result) } : {}),
    });
    // Each change drops the answers that show what it changed, whichever process made it.
    const stopDropping = dropOnChanges(services.events, kept.drop);
    // People's histories live long on their events alone (decision 0064): a relay gap, which
    // may have lost one, drops every kept history (each is tagged `historyInSight`).
    const keptAnswers = kept;
    const stopGaps = services.events.onRelayGap(() => keptAnswers.drop([shows.historyInSight]));
    app.addHook('onClose', (_app, done) => {
      stopDropping();
      stopGaps();
      done();
    });
  }

  // Modules
  const cookies = {
    secure: config.secureCookies,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  };
  const { auth, users } = services;
  const router = new Router(app, authenticator);
  if (kept) router.shareAnswersWith(kept);
  registerSystemRoutes(router, { ping: database.ping, version });
  const passwordChecks = passwordCheckBudget(limitStore);
  registerAuthRoutes(router, { auth, cookies, passwordChecks });
  registerAccountRoutes(router, { account: services.account, passwordChecks, cookies });
  const signInDeps: SignInRouteDeps = {
    users,
    storage,
    cookies,
    limitStore,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    deviceCookieSecret: config.secrets.jwtSecret,
  };
  registerUserRoutes(router, signInDeps);
  registerUploadRoutes(router, app, {
    uploads: services.uploads,
    storage,
    publicUrl: config.publicUrl,
  });
  registerVideoRoutes(router, { videos: services.videos, storage });
  registerCaptionRoutes(router, { captions: services.captions, storage });
  registerCommentRoutes(router, { comments: services.comments, storage });
  registerLikeRoutes(router, { likes: services.likes, storage });
  registerPlaylistRoutes(router, { playlists: services.playlists, storage });
  registerHistoryRoutes(router, { history: services.history });
  registerSubscriptionRoutes(router, { subscriptions: services.subscriptions, storage });
  registerChannelRoutes(router, { channels: services.channels, storage });
  registerTweetRoutes(router, { tweets: services.tweets, storage });
  registerSearchRoutes(router, { search: services.search, storage });
  registerMessageRoutes(router, services.messaging);
  registerNotificationRoutes(router, {
    notifications: services.notifications,
    pushes: services.pushes,
    storage,
  });
  registerModerationRoutes(router, { moderation: services.moderation, storage });
  registerPasswordResetRoutes(router, { passwordReset: services.passwordReset, limitStore });
  registerTwoFactorRoutes(router, { ...signInDeps, twoFactor: services.twoFactor });
  // The chat socket, on this process's HTTP server (decision 0021), its broadcasts shared with
  // the other API processes through Redis when configured (decision 0022).
  const cluster = config.redis ? await connectRealtimeCluster(config.redis, app.log) : null;
  if (cluster) app.addHook('onClose', () => cluster.close());
  const realtime = new Realtime(app, {
    authenticate: (token) => authenticator.authenticateToken(token),
    corsOrigins: config.corsOrigins,
    ...(cluster ? { adapter: cluster.adapter } : {}),
    // Events per socket and per person, the person's counted with the rate limits (decision 0030).
    limitStore,
  });
  lifecycle.onHandOff(() => realtime.handOff());
  metrics?.watch({ sockets: () => realtime.connectedSockets });
  const stopDeliveries = registerMessageSockets(realtime, {
    ...services.messaging,
    events: services.events,
  });
  const stopSessionEnds = services.events.on('sessions.ended', ({ sessionIds }) =>
    realtime.endSessions(sessionIds),
  );
  // Unread notification counts to each person's room, from whichever process changed them.
  const stopNotificationCounts = deliverNotificationCounts(
    services.events,
    (userIds, event, payload) => realtime.deliverToPeopleLocally(userIds, event, payload),
  );
  app.addHook('onClose', (_app, done) => {
    stopDeliveries();
    stopSessionEnds();
    stopNotificationCounts();
    done();
  });
  await registerMediaRoutes(
    app,
    storage,
    {
      accessOf: (key, request) =>
        services.videos.mediaAccess({
          key,
          // A stale token on a media request is a visitor's: the player cannot refresh it.
          viewer: () => authenticator.authenticate(request).catch(() => null),
        }),
    },
    config.mediaAccelPrefix && storage instanceof S3Storage
      ? { prefix: config.mediaAccelPrefix, signedUrl: (key) => storage.signedGetUrl(key) }
      : null,
  );
  registerOEmbedRoute(app, {
    videos: services.videos,
    storage,
    publicUrl: config.publicUrl,
  });
  await registerWebApp(
    app,
    config.webDistDir,
    pageMetaReader({
      videos: services.videos,
      channels: services.channels,
      storage,
      publicUrl: config.publicUrl,
    }),
  );
  return app;
}
