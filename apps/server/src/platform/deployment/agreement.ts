/**
 * What every process sharing one database must agree on (issue 23, bad input; decision 0047):
 * the secrets (a token signed by one process must verify on the others) and the storage (a
 * worker must read the files the API processes wrote). The first process to start records a
 * fingerprint of each secret and the id of a marker file it writes into the storage; every
 * later process compares, and one that differs stops at start naming the setting.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Secrets } from '../config/config';
import { queryRows, type Database } from '../db/client';
import type { StorageOptions } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

/** The fixed text each secret keys its fingerprint over; the secret itself is never stored. */
const fingerprintLabel = 'kinora deployment fingerprint v1';

/** HMAC-SHA256 of a fixed label keyed by the secret: equal secrets, equal fingerprints. */
export function fingerprintOf(secret: string): string {
  return createHmac('sha256', secret).update(fingerprintLabel).digest('hex');
}

/** The settings whose values every process must share, and where each lives in `Secrets`. */
export const sharedSecretSettings = [
  ['JWT_SECRET', (s: Secrets) => s.jwtSecret],
  ['UPLOAD_SIGNING_SECRET', (s: Secrets) => s.uploadSigningSecret],
  ['AUTHENTICATOR_KEY', (s: Secrets) => s.authenticatorKey],
  ['VAPID_PRIVATE_KEY', (s: Secrets) => s.vapidPrivateKey],
] as const;

/** Marker files live under this prefix; a backup's emptiness check passes over them. */
export const markerPrefix = 'deployment/';
const markerKey = (id: string) => `${markerPrefix}storage-${id}`;

async function facts(db: Database): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; value: string }>(
    db,
    sql`select name, value from deployment_facts`,
  );
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Records this process's fingerprints when none are; answers one problem per setting that differs. */
export async function checkSharedSecrets(
  db: Database,
  secrets: Secrets,
  options: { acceptNew: boolean },
): Promise<{ problems: string[]; replaced: string[] }> {
  const problems: string[] = [];
  const replaced: string[] = [];
  for (const [setting, valueOf] of sharedSecretSettings) {
    await db.execute(
      sql`insert into deployment_facts (name, value) values (${`secret:${setting}`}, ${fingerprintOf(valueOf(secrets))})
          on conflict (name) do nothing`,
    );
  }
  const known = await facts(db);
  for (const [setting, valueOf] of sharedSecretSettings) {
    const mine = fingerprintOf(valueOf(secrets));
    if (known.get(`secret:${setting}`) === mine) continue;
    if (options.acceptNew) {
      await db.execute(
        sql`update deployment_facts set value = ${mine}, recorded_at = now()
            where name = ${`secret:${setting}`}`,
      );
      replaced.push(setting);
      continue;
    }
    problems.push(
      `${setting}: differs from the one the other processes on this database use (give every ` +
        `process the same ${setting}; to change it, stop them all, change it everywhere and ` +
        `start the first with ACCEPT_NEW_SECRETS=true)`,
    );
  }
  return { problems, replaced };
}

/** The settings that say where this process's files are, for the message that names them. */
export function storageSettings(options: StorageOptions): string {
  return options.driver === 's3'
    ? `STORAGE_DRIVER, S3_ENDPOINT, S3_BUCKET, S3_PREFIX (bucket "${options.bucket}"${
        options.endpoint ? ` at ${options.endpoint}` : ''
      })`
    : `STORAGE_DRIVER, DATA_DIR (local files in ${options.root})`;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The first process writes a marker file (its name and content a new id) and records the id;
 * each later one reads the recorded id's marker from its own storage. Answers the problem, or
 * null when this process sees the same storage.
 */
export async function checkSharedStorage(
  db: Database,
  storage: Storage,
  options: StorageOptions,
): Promise<string | null> {
  let recorded = (await facts(db)).get('storage-id');
  if (recorded === undefined) {
    const id = randomUUID();
    await storage.put(markerKey(id), Readable.from([Buffer.from(id)]), 'text/plain');
    await db.execute(
      sql`insert into deployment_facts (name, value) values ('storage-id', ${id})
          on conflict (name) do nothing`,
    );
    recorded = (await facts(db)).get('storage-id');
    // Another process started at the same moment and recorded its own marker first.
    if (recorded !== id) await storage.delete(markerKey(id)).catch(() => undefined);
  }
  if (recorded === undefined) return 'deployment_facts: the storage id could not be recorded';
  const seen = await storage
    .stat(markerKey(recorded))
    .then(async (info) => (info ? readAll(await storage.get(markerKey(recorded))) : null));
  if (seen === recorded) return null;
  return (
    `${storageSettings(options)}: not the storage the other processes on this database use ` +
    `(its marker ${markerKey(recorded)} is ${seen === null ? 'missing' : 'different'}); give ` +
    `every process the same storage (S3, or one shared folder)`
  );
}
