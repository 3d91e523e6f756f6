/**
 * Web push (issue 21 item 2) against a push service of our own on 127.0.0.1 that does what a
 * browser and its push service do between them: checks the VAPID signature (RFC 8292) and
 * decrypts the payload with the browser's private key and auth secret (RFC 8291, aes128gcm).
 */
import {
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  createDecipheriv,
} from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { PushMessage } from '@kinora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectOk } from '../../../test/api-client';
import type { RegisteredUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createVideo } from '../../../test/media-factories';
import { people } from '../../../test/messaging-factories';
import { queryRows } from '../../platform/db/client';
import { pushSubscriptionsPerHour, pushSubscriptionsTooFast } from './push.service';
import { sql } from 'drizzle-orm';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let service: Server;
let certificates: string;
let origin: string;
const received: Received[] = [];
/** What the push service answers next, per path (201 by default). */
const answers = new Map<string, number>();

const b64 = (data: Buffer) => data.toString('base64url');

/** A browser's side of a subscription: its key pair and auth secret. */
function browser(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${origin}/push/${name}-${b64(randomBytes(6))}`,
      keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
    },
  };
}

/** Checks the VAPID header's JWT with its own key, and answers its claims. */
function vapidClaims(headers: IncomingHttpHeaders): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match, String(headers.authorization)).not.toBeNull();
  const [, token, key] = match!;
  const [head, claims, signature] = token!.split('.');
  const point = Buffer.from(key!, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64(point.subarray(1, 33)),
      y: b64(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(claims!, 'base64url').toString());
}

/** Decrypts an aes128gcm body (RFC 8188) with the browser's keys, as RFC 8291 says. */
function decrypt(body: Buffer, receiver: ReturnType<typeof browser>): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  const shared = receiver.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    receiver.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any padding of zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

async function wantPushes(person: RegisteredUser, kind: 'video_comment' | 'mention') {
  await expectOk(t.app, 'updateNotificationSettings', {
    as: person,
    body: { settings: [{ kind, inApp: true, push: true }] },
  });
}

async function comment(author: RegisteredUser, videoId: string, content: string) {
  await expectOk(t.app, 'addComment', { params: { videoId }, as: author, body: { content } });
  await t.services.events.settled();
}

beforeAll(async () => {
  // The push service speaks HTTPS, as every real one does, with a certificate of its own that
  // the server is told to trust (PUSH_CA_FILE).
  certificates = await mkdtemp(path.join(tmpdir(), 'kinora-push-'));
  const keyFile = path.join(certificates, 'key.pem');
  const certFile = path.join(certificates, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const tls = { key: await readFile(keyFile), cert: await readFile(certFile) };
  service = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
  t = await createTestApp({
    PUSH_SERVICES: `${origin},https://*.push.example`,
    PUSH_CA_FILE: certFile,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  service?.closeAllConnections();
  await new Promise((resolve) => service?.close(resolve));
  if (certificates) await rm(certificates, { recursive: true, force: true });
});

describe('web push', () => {
  it('sends a new entry, encrypted for the browser and signed, as the app words it', async () => {
    const [owner, alice] = await people(t.app, 2);
    const video = await createVideo(t.app, owner, { title: 'Pushed' });
    const phone = browser('phone');
    const { publicKey } = await expectOk(t.app, 'pushKey', { as: owner });
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(await expectOk(t.app, 'subscribePush', { as: owner, body: phone.subscription })).toEqual(
      { subscribed: true },
    );

    // Pushes are off until the person turns them on for a kind.
    await comment(alice, video._id, 'Before pushes were on');
    expect(received.filter((r) => phone.subscription.endpoint.endsWith(r.path))).toHaveLength(0);

    await wantPushes(owner, 'video_comment');
    await comment(alice, video._id, 'A fine video');
    const [push] = received.filter((r) => phone.subscription.endpoint.endsWith(r.path));
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const claims = vapidClaims(push!.headers);
    expect(claims.aud).toBe(origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(push!.headers.authorization).toContain(`k=${publicKey}`);
    const message = JSON.parse(decrypt(push!.body, phone)) as PushMessage;
    expect(message).toMatchObject({
      title: `${alice.username} commented on “Pushed”`,
      body: 'A fine video',
    });
    expect(message.url).toMatch(new RegExp(`^/video/${video._id}#comment-`));
    expect(push!.body.toString('utf8')).not.toContain('A fine video');
  }, 30_000);

  it('forgets a browser its push service no longer knows', async () => {
    const [owner, alice] = await people(t.app, 2);
    const video = await createVideo(t.app, owner);
    const laptop = browser('laptop');
    await expectOk(t.app, 'subscribePush', { as: owner, body: laptop.subscription });
    await wantPushes(owner, 'video_comment');
    answers.set(new URL(laptop.subscription.endpoint).pathname, 410);
    await comment(alice, video._id, 'Anyone there?');
    const stored = await queryRows<{ count: number | string }>(
      t.database.db,
      sql`select count(*) as count from push_subscriptions where endpoint = ${laptop.subscription.endpoint}`,
    );
    expect(Number(stored[0]!.count)).toBe(0);
  }, 30_000);

  it('refuses an endpoint off the known push services, bad keys, and another’s browser', async () => {
    const [owner, other] = await people(t.app, 2);
    const phone = browser('phone');
    const count = async () =>
      Number(
        (
          await queryRows<{ count: number | string }>(
            t.database.db,
            sql`select count(*) as count from push_subscriptions`,
          )
        )[0]!.count,
      );
    const before = await count();
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      origin.replace('https:', 'http:'),
      'https://push.example.evil.test/x',
      'https://user:pass@a.push.example/x',
      'not a url',
    ]) {
      const res = await callApi(t.app, 'subscribePush', {
        as: owner,
        body: { ...phone.subscription, endpoint },
      });
      expect(res.statusCode, endpoint).toBe(400);
    }
    const wildcard = await callApi(t.app, 'subscribePush', {
      as: owner,
      body: { ...phone.subscription, endpoint: 'https://eu.push.example/abc' },
    });
    expect(wildcard.statusCode).toBe(201);
    for (const keys of [
      { p256dh: 'short', auth: phone.subscription.keys.auth },
      { p256dh: phone.subscription.keys.p256dh, auth: b64(randomBytes(15)) },
      { p256dh: `${phone.subscription.keys.p256dh}!`, auth: phone.subscription.keys.auth },
    ]) {
      const res = await callApi(t.app, 'subscribePush', {
        as: owner,
        body: { ...phone.subscription, keys },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await count()).toBe(before + 1);

    const notTheirs = await callApi(t.app, 'unsubscribePush', {
      as: other,
      query: { endpoint: 'https://eu.push.example/abc' },
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(
      await expectOk(t.app, 'unsubscribePush', {
        as: owner,
        query: { endpoint: 'https://eu.push.example/abc' },
      }),
    ).toEqual({ subscribed: false });
    expect(await count()).toBe(before);
  });

  it('sends nothing for an entry its reader may no longer see', async () => {
    const [owner, alice] = await people(t.app, 2);
    const video = await createVideo(t.app, owner);
    const tablet = browser('tablet');
    await expectOk(t.app, 'subscribePush', { as: alice, body: tablet.subscription });
    await wantPushes(alice, 'mention');
    // A draft's comment mentioning alice: she may not see the draft, so neither the entry.
    await expectOk(t.app, 'togglePublish', { params: { id: video._id }, as: owner });
    await comment(owner, video._id, `Look @${alice.username}`);
    expect(received.filter((r) => tablet.subscription.endpoint.endsWith(r.path))).toHaveLength(0);
  }, 30_000);

  it('sends each of many people told at once their own entry, one read for them all', async () => {
    const [owner, ...named] = await people(t.app, 4);
    const video = await createVideo(t.app, owner, { title: 'Together' });
    const browsers = named.map((person, i) => ({ person, device: browser(`many-${i}`) }));
    for (const { person, device } of browsers) {
      await expectOk(t.app, 'subscribePush', { as: person, body: device.subscription });
      await wantPushes(person, 'mention');
    }
    // The last one blocks the author: the entry is not theirs to see, nor the push.
    await expectOk(t.app, 'blockUser', { as: named[2]!, params: { userId: owner.userId } });
    await comment(
      owner,
      video._id,
      `Hello @${named[0]!.username} @${named[1]!.username} @${named[2]!.username}`,
    );
    for (const { person, device } of browsers.slice(0, 2)) {
      const pushes = received.filter((r) => device.subscription.endpoint.endsWith(r.path));
      expect(pushes).toHaveLength(1);
      const message = JSON.parse(decrypt(pushes[0]!.body, device)) as PushMessage;
      expect(message.title).toBe(`${owner.username} mentioned you in a comment`);
      expect(message.body).toContain(`@${person.username}`);
    }
    const blocked = browsers[2]!.device.subscription.endpoint;
    expect(received.filter((r) => blocked.endsWith(r.path))).toHaveLength(0);
  }, 30_000);

  it(`lets a person turn pushes on ${pushSubscriptionsPerHour.max} times an hour, then answers 429`, async () => {
    const [eager, other] = await people(t.app, 2);
    const stored = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from push_subscriptions where user_id = ${eager.userId}`,
        )
      )[0]!.n;
    const answers = await Promise.all(
      Array.from({ length: pushSubscriptionsPerHour.max + 5 }, (_, i) =>
        callApi(t.app, 'subscribePush', { as: eager, body: browser(`eager-${i}`).subscription }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(pushSubscriptionsPerHour.max);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.error.code).toBe('RATE_LIMITED');
    expect(refused[0]!.error.message).toMatch(
      new RegExp(`^${pushSubscriptionsTooFast}; try again in \\d+`),
    );
    expect(await stored()).toBe(pushSubscriptionsPerHour.max);
    // The same browser saved again counts too; someone else subscribes as ever.
    const again = await callApi(t.app, 'subscribePush', {
      as: eager,
      body: browser('eager-again').subscription,
    });
    expect(again.statusCode).toBe(429);
    expect(await stored()).toBe(pushSubscriptionsPerHour.max);
    await expectOk(t.app, 'subscribePush', { as: other, body: browser('other').subscription });
  }, 30_000);
});
