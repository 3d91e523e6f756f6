import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import type { StorageOptions } from '../storage/create-storage';

export type Role = 'api' | 'worker' | 'all';

const durationSeconds = z
  .string()
  .regex(/^\d+[smhd]$/, 'must look like 15m, 12h or 30d')
  .transform((v) => {
    const n = Number(v.slice(0, -1));
    const unit = v.at(-1) as 's' | 'm' | 'h' | 'd';
    return n * { s: 1, m: 60, h: 3600, d: 86400 }[unit];
  });

const secret = z.string().min(32, 'must be at least 32 characters').optional();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where `/metrics` (Prometheus) is served; unset: not served. Never the public port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  /** Comma-separated origins allowed by CORS, besides PUBLIC_URL's own. */
  CORS_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL: durationSeconds.default(15 * 60),
  REFRESH_TOKEN_TTL: durationSeconds.default(30 * 86400),
  /** How long a public answer computed for a visitor is shared with other visitors; 0: off. */
  PUBLIC_CACHE_TTL: durationSeconds.default(5),
  /**
   * How long a search answer is shared: a search costs tens of milliseconds of the database,
   * and its results may trail changes made elsewhere by this much (decision 0023).
   */
  SEARCH_CACHE_TTL: durationSeconds.default(60),
  PERSONAL_CACHE_TTL: durationSeconds.default(30),
  /**
   * How long a person's kept history (their answer and first entries) lives: their own saves
   * and removals and every change to what it shows reach it as events (decision 0064), so the
   * lifetime only bounds how far its cards' counters (views, likes) may trail. Never less than
   * PERSONAL_CACHE_TTL.
   */
  HISTORY_CACHE_TTL: durationSeconds.default(300),
  /** Attempts per minute per client on login and register. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Redis for rate limits shared by every API process; unset: each process counts alone. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('kinora:'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  JWT_SECRET: secret,
  /**
   * Secrets are fingerprinted in the database by the first process (decision 0047); a process
   * whose secrets differ stops. `true` records this process's instead: once, after changing
   * them on every process (rotation).
   */
  ACCEPT_NEW_SECRETS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  UPLOAD_SIGNING_SECRET: secret,
  AUTHENTICATOR_KEY: secret,
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_BASE_URL: z.url().optional(),
  S3_PREFIX: z.string().optional(),
  /**
   * Behind nginx (the scale-out profile): public media are answered with an X-Accel-Redirect
   * to this internal location, which fetches them from the bucket (e.g. `/_storage`).
   */
  MEDIA_ACCEL_REDIRECT: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+$/, 'must look like /_storage')
    .optional(),
  /** Where uploads in progress are kept; shared by every API process so no affinity is needed. */
  UPLOAD_STAGING_DIR: z.string().min(1).optional(),
  /** How long a stopping process waits for the requests in flight (SIGTERM). */
  DRAIN_TIMEOUT: durationSeconds.default(10),
  UPLOAD_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  UPLOAD_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 ** 2),
  /** How long a job stays with a worker that stopped renewing it (one that died); e.g. 60s. */
  JOB_LEASE: durationSeconds.default(60).refine((s) => s >= 2, 'must be at least 2s'),
  /**
   * The mail server that sends password reset links: smtp://user:pass@host:587 (STARTTLS when
   * offered) or smtps://... (TLS). Unset: no mail; an administrator prints reset links.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .pipe(z.url({ message: 'must be an smtp:// or smtps:// URL' }))
    .optional(),
  /** The sender of Kinora's mail, e.g. "Kinora <no-reply@example.org>". */
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /** Where the built web app lives; empty disables serving it. */
  WEB_DIST_DIR: z.string().optional(),
  /** The VAPID pair (both or neither); unset, made at the first start and kept in DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key')
    .optional(),
  /** Comma-separated origins pushes may be sent to (`*.` for any subdomain); unset: the known ones. */
  PUSH_SERVICES: z.string().optional(),
  /** A PEM file of CA certificates trusted for push services too (a self-hosted push server). */
  PUSH_CA_FILE: z.string().min(1).optional(),
  /**
   * The username of the site's first admin (decision 0038): that account is made admin at start
   * and when it registers, so a new site (or a test run on the embedded database, which
   * `npm run user:role` cannot reach while the server runs) has someone to moderate. Name an
   * account that is yours, or register it before others can.
   */
  ADMIN_USERNAME: z
    .string()
    .regex(/^[a-z0-9_.]{3,30}$/, 'must be a username (a-z, 0-9, _ and ., 3 to 30)')
    .optional(),
});

export interface Secrets {
  jwtSecret: string;
  uploadSigningSecret: string;
  /**
   * Seals authenticator secrets and keys recovery codes' hashes (two-factor sign-in): apart from
   * JWT_SECRET, so that rotating the signing secret ends sessions, not anyone's second factor.
   */
  authenticatorKey: string;
  /** The VAPID key pair web pushes are signed with (base64url), made at the first start. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

/** The push services browsers subscribe with (Chrome/Edge, Firefox, Windows, Safari). */
export const knownPushServices = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
];

export interface Config {
  role: Role;
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  /** Temporary files of uploads in progress. */
  uploadsDir: string;
  storage: StorageOptions;
  /** The proxy's internal location for public media in the bucket; null: served here. */
  mediaAccelPrefix: string | null;
  /** The longest a stopping process waits for its requests in flight. */
  drainTimeoutSeconds: number;
  uploadLimits: { videoMaxBytes: number; imageMaxBytes: number };
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  publicUrl: string;
  corsOrigins: string[];
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  authRateLimitPerMinute: number;
  /** Where rate limits are counted: Redis when configured, else the process's memory. */
  redis: { url: string; keyPrefix: string } | null;
  publicCacheTtlSeconds: number;
  searchCacheTtlSeconds: number;
  /** How long one person's own kept answer lives (their feeds, history; at least the public). */
  personalCacheTtlSeconds: number;
  /** How long a person's kept history lives (at least the personal; decision 0064). */
  historyCacheTtlSeconds: number;
  trustProxy: boolean;
  secureCookies: boolean;
  secrets: Secrets;
  /** Record this process's secret fingerprints over differing ones (ACCEPT_NEW_SECRETS). */
  acceptNewSecrets: boolean;
  webDistDir: string | null;
  jobLeaseSeconds: number;
  /** Outgoing mail (password reset links); null when SMTP_URL is not set. */
  mail: { smtpUrl: string; from: string } | null;
  /** Origins a push subscription's endpoint may be on (SSRF guard): `https://*.host` patterns. */
  pushServices: string[];
  /** PEM certificates trusted for push services besides the system's (PUSH_CA_FILE). */
  pushCa: string | null;
  /** The private listener of `/metrics`; null when METRICS_PORT is not set. */
  metrics: { port: number; host: string } | null;
  /** The account made admin at start and at registration (ADMIN_USERNAME). */
  adminUsername: string | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

function parseRole(argv: readonly string[]): Role {
  const i = argv.indexOf('--role');
  const value = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--role='))?.slice(7);
  if (value === undefined) return 'all';
  if (value === 'api' || value === 'worker' || value === 'all') return value;
  throw new ConfigError([`--role must be api, worker or all (got "${value}")`]);
}

/**
 * Secrets that are not configured are generated once and kept in DATA_DIR, so that sessions and
 * signed uploads survive a restart without anyone having to invent a secret.
 */
function loadOrCreateSecrets(dataDir: string, configured: Partial<Secrets>): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  }
  const vapid =
    stored.vapidPublicKey && stored.vapidPrivateKey
      ? { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey }
      : webPush.generateVAPIDKeys();
  const generated: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    uploadSigningSecret: stored.uploadSigningSecret ?? randomBytes(48).toString('base64url'),
    authenticatorKey: stored.authenticatorKey ?? randomBytes(48).toString('base64url'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  if (
    stored.jwtSecret === undefined ||
    stored.uploadSigningSecret === undefined ||
    stored.authenticatorKey === undefined ||
    stored.vapidPublicKey === undefined ||
    stored.vapidPrivateKey === undefined
  ) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: configured.jwtSecret ?? generated.jwtSecret,
    uploadSigningSecret: configured.uploadSigningSecret ?? generated.uploadSigningSecret,
    authenticatorKey: configured.authenticatorKey ?? generated.authenticatorKey,
    vapidPublicKey: configured.vapidPublicKey ?? generated.vapidPublicKey,
    vapidPrivateKey: configured.vapidPrivateKey ?? generated.vapidPrivateKey,
  };
}

function readPushCa(file: string | undefined): string | null {
  if (file === undefined) return null;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError([`PUSH_CA_FILE: ${file} cannot be read`]);
  }
}

/** Parses the environment once at boot; throws ConfigError listing every problem. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv,
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const role = parseRole(argv);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const extraOrigins = (e.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: required when STORAGE_DRIVER is s3']);
  }
  if (e.MEDIA_ACCEL_REDIRECT && e.STORAGE_DRIVER !== 's3') {
    throw new ConfigError(['MEDIA_ACCEL_REDIRECT: needs STORAGE_DRIVER=s3']);
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: give both, or neither']);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(['METRICS_PORT: must differ from PORT (metrics are not public)']);
  }
  const badOrigin = extraOrigins.find((o) => !z.url().safeParse(o).success);
  if (badOrigin) throw new ConfigError([`CORS_ORIGINS: "${badOrigin}" is not a URL`]);

  return {
    role,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    uploadsDir: e.UPLOAD_STAGING_DIR
      ? path.resolve(e.UPLOAD_STAGING_DIR)
      : path.join(dataDir, 'uploads'),
    mediaAccelPrefix: e.MEDIA_ACCEL_REDIRECT ?? null,
    drainTimeoutSeconds: e.DRAIN_TIMEOUT,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
            ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
            ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
            ...(e.S3_PUBLIC_BASE_URL ? { publicBaseUrl: e.S3_PUBLIC_BASE_URL } : {}),
            ...(e.S3_PREFIX ? { prefix: e.S3_PREFIX } : {}),
          }
        : { driver: 'local', root: path.join(dataDir, 'media') },
    uploadLimits: {
      videoMaxBytes: e.UPLOAD_MAX_VIDEO_BYTES,
      imageMaxBytes: e.UPLOAD_MAX_IMAGE_BYTES,
    },
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    metrics: e.METRICS_PORT === undefined ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    pushServices: e.PUSH_SERVICES
      ? e.PUSH_SERVICES.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : knownPushServices,
    pushCa: readPushCa(e.PUSH_CA_FILE),
    publicUrl,
    corsOrigins: [new URL(publicUrl).origin, ...extraOrigins.map((o) => new URL(o).origin)],
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    publicCacheTtlSeconds: e.PUBLIC_CACHE_TTL,
    searchCacheTtlSeconds: e.SEARCH_CACHE_TTL,
    personalCacheTtlSeconds: e.PERSONAL_CACHE_TTL,
    historyCacheTtlSeconds: e.HISTORY_CACHE_TTL,
    trustProxy: e.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https://'),
    secrets: loadOrCreateSecrets(dataDir, {
      ...(e.JWT_SECRET ? { jwtSecret: e.JWT_SECRET } : {}),
      ...(e.UPLOAD_SIGNING_SECRET ? { uploadSigningSecret: e.UPLOAD_SIGNING_SECRET } : {}),
      ...(e.AUTHENTICATOR_KEY ? { authenticatorKey: e.AUTHENTICATOR_KEY } : {}),
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { vapidPublicKey: e.VAPID_PUBLIC_KEY, vapidPrivateKey: e.VAPID_PRIVATE_KEY }
        : {}),
    }),
    acceptNewSecrets: e.ACCEPT_NEW_SECRETS,
    webDistDir:
      e.WEB_DIST_DIR === ''
        ? null
        : path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../../web/dist')),
    jobLeaseSeconds: e.JOB_LEASE,
    mail: e.SMTP_URL
      ? {
          smtpUrl: e.SMTP_URL,
          from: e.MAIL_FROM ?? `Kinora <no-reply@${new URL(publicUrl).hostname}>`,
        }
      : null,
    adminUsername: e.ADMIN_USERNAME ?? null,
  };
}
