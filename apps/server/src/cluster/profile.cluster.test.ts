/**
 * The whole scale-out profile (issue 23 items 1, 2, 3 and 5), as `npm run cluster` starts it:
 * nginx rendered from deploy/, two API processes and a worker from the systemd units, one new
 * PostgreSQL database, Redis, and S3 (the s3rver stand-in). Through nginx and each process: an
 * upload whose chunks alternate between the processes, a transcode on the worker, the HLS
 * ladder in the bucket and played from it through nginx, a like, a comment seen live on the
 * other process's socket, a chat message across processes, an edit read through the other
 * process within a second, a rolling restart of both API processes under traffic (no answered
 * request or message lost), and a killed process. Skipped locally when nginx, PostgreSQL or
 * Redis is missing; in CI their absence fails.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Message, UploadedAsset, Video } from '@kinora/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callServer, clusterAvailable, registerOn, type Person } from '../../test/cluster';
import { defaultPostgresUrl } from '../../test/harness';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '../../test/redis';
import { makeClip, makeTempDir } from '../platform/media/video/test-clips';
import { freePort, nginxBinary, startProfile, type Profile } from './profile';

const hasNginx = nginxBinary() !== null;
if (!hasNginx && process.env.CI) throw new Error('nginx is required in CI but is not installed.');
const ready = hasNginx && (await clusterAvailable());

describe.skipIf(!ready)(
  'the scale-out profile, whole (nginx, 2 API, worker, PG, Redis, S3)',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? defaultPostgresUrl;
    const database = `kinora_profile_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const redisPrefix = uniqueRedisPrefix();
    const sockets: Socket[] = [];
    let temp: { dir: string; cleanup: () => Promise<void> };
    let profile: Profile;
    let nginxUrl: string;
    let aUrl: string;
    let bUrl: string;
    let databaseUrl: string;

    beforeAll(async () => {
      temp = await makeTempDir('profile');
      // A self-signed certificate, so the TLS listener of the template is tested too.
      const certificate = path.join(temp.dir, 'tls.crt');
      const key = path.join(temp.dir, 'tls.key');
      const made = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        key,
        '-out',
        certificate,
      ]);
      if (made.status !== 0)
        throw new Error(`openssl could not make a certificate: ${made.stderr}`);
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
      profile = await startProfile({
        runDir: temp.dir,
        port: 0,
        databaseUrl: url.toString(),
        redisUrl: testRedisUrl,
        redisKeyPrefix: redisPrefix,
        s3: null,
        tls: { port: await freePort(), certificate, key },
        env: {
          WEB_DIST_DIR: '',
          LOG_LEVEL: 'info',
          DRAIN_TIMEOUT: '5s',
          JOB_LEASE: '8s',
          AUTH_RATE_LIMIT: '100',
        },
      });
      nginxUrl = profile.url;
      aUrl = profile.apis[0]!.base!;
      bUrl = profile.apis[1]!.base!;
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await profile?.stop();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
      await deleteRedisKeys(redisPrefix);
      if (!process.env.KEEP_PROFILE) await temp?.cleanup();
    }, 60_000);

    /** The API through one address (a process, or nginx in front of both). */
    const call = <T>(
      base: string,
      method: string,
      route: string,
      who: Person | null,
      body?: { json: unknown } | { form: FormData },
    ) => callServer<T>({ base }, method, route, who, body);
    const register = (base: string) => registerOn({ base });

    async function connect(base: string, who: Person, reconnect = false): Promise<Socket> {
      const socket = io(base, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: reconnect,
        reconnectionDelay: 100,
        reconnectionDelayMax: 500,
        forceNew: true,
        auth: { token: who.accessToken },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    }

    /** Two people with a conversation: asked through one address, accepted through another. */
    async function conversation(x: string, y: string, alice: Person, bob: Person) {
      const request = await call<{ _id: string }>(x, 'POST', '/messages/requests', alice, {
        json: { receiverId: bob.userId, content: 'Hello' },
      });
      const { conversationId } = await call<{ conversationId: string }>(
        y,
        'PATCH',
        `/messages/requests/${request._id}`,
        bob,
        { json: { action: 'accept' } },
      );
      return conversationId;
    }

    let alice: Person;
    let bob: Person;
    let video: Video;
    let chat: string;

    it('gives each process its own /metrics listener (METRICS_PORT), the worker’s too', async () => {
      const processes = [...profile.apis, profile.worker];
      const addresses = processes.map((p) => p.metrics!);
      expect(new Set(addresses).size).toBe(processes.length);
      for (const address of addresses) {
        const answer = await fetch(address);
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('# TYPE');
      }
    });

    it('takes an upload whose chunks alternate between the two processes, transcodes it on the worker into S3, and plays it through nginx from the bucket', async () => {
      [alice, bob] = await Promise.all([register(nginxUrl), register(nginxUrl)]);
      const clipDir = await makeTempDir('profile-clip');
      const file = await readFile(
        await makeClip(clipDir.dir, { width: 320, height: 180, seconds: 2, framesPerSecond: 15 }),
      );
      await clipDir.cleanup();
      const signed = await call<{
        apiKey: string;
        timestamp: number;
        signature: string;
        folder: string;
      }>(nginxUrl, 'GET', '/cloudinary/sign-upload?folder=videos', alice);
      const uploadId = randomUUID();
      const count = 4;
      const size = Math.ceil(file.length / count);
      let asset: UploadedAsset | null = null;
      for (let i = 0; i < count; i++) {
        const start = i * size;
        const end = Math.min(file.length, start + size) - 1;
        const form = new FormData();
        form.set('api_key', signed.apiKey);
        form.set('timestamp', String(signed.timestamp));
        form.set('signature', signed.signature);
        form.set('folder', signed.folder);
        form.set('file', new Blob([file.subarray(start, end + 1)], { type: 'video/mp4' }), 'blob');
        // Chunk 0 and 2 to process A, 1 and 3 to process B: no affinity needed.
        const base = i % 2 === 0 ? aUrl : bUrl;
        const res = await fetch(`${base}/v1_1/kinora/video/upload`, {
          method: 'POST',
          body: form,
          headers: {
            'content-range': `bytes ${start}-${end}/${file.length}`,
            'x-unique-upload-id': uploadId,
          },
        });
        expect(res.status, await res.clone().text()).toBe(200);
        if (i === count - 1) asset = (await res.json()) as UploadedAsset;
      }
      expect(asset?.public_id).toBeTruthy();

      video = await call<Video>(aUrl, 'POST', '/videos', alice, {
        json: {
          title: 'Across the cluster',
          description: 'Made by the profile test',
          videoPublicId: asset!.public_id,
        },
      });
      // The worker transcodes; the ladder is read through process B.
      const processed = await vi.waitFor(
        async () => {
          const v = await call<Video>(bUrl, 'GET', `/videos/${video._id}`, bob);
          if (v.status === 'failed') throw new Error('transcoding failed');
          expect(v.status).toBe('ready');
          expect(v.hls).toBeTruthy();
          return v;
        },
        { timeout: 90_000, interval: 500 },
      );

      // The ladder is in the bucket.
      const s3 = new S3Client({
        region: profile.s3.region,
        endpoint: profile.s3.endpoint,
        forcePathStyle: true,
        credentials: {
          accessKeyId: profile.s3.accessKeyId,
          secretAccessKey: profile.s3.secretAccessKey,
        },
      });
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: profile.s3.bucket }));
      const keys = (listed.Contents ?? []).map((o) => o.Key ?? '');
      const hlsKey = processed.hls!.replace(/^\/media\//, '');

      // A growing playlist (decision 0054), written at one key again and again as a first
      // rendition grows: through nginx every read is the latest, never a cached one.
      const growingKey = `${hlsKey.slice(0, hlsKey.lastIndexOf('/'))}/360p/event.m3u8`;
      const growingUrl = `${nginxUrl}/media/${growingKey}`;
      const head = '#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXT-X-TARGETDURATION:4\n';
      for (const body of [
        `${head}#EXTINF:4,\nseg_00001.m4s\n`,
        `${head}#EXTINF:4,\nseg_00001.m4s\n#EXTINF:4,\nseg_00002.m4s\n`,
      ]) {
        await s3.send(
          new PutObjectCommand({
            Bucket: profile.s3.bucket,
            Key: growingKey,
            Body: body,
            ContentType: 'application/vnd.apple.mpegurl',
          }),
        );
        const growing = await fetch(growingUrl);
        expect(growing.status).toBe(200);
        expect(growing.headers.get('cache-control')).toBe('public, no-cache');
        expect(growing.headers.get('x-cache')).toBeNull();
        expect(await growing.text()).toBe(body);
      }
      s3.destroy();
      expect(keys).toContain(hlsKey);
      expect(
        keys.filter(
          (k) =>
            k.startsWith(hlsKey.slice(0, hlsKey.lastIndexOf('/'))) && /\.(ts|m4s|mp4)$/.test(k),
        ).length,
      ).toBeGreaterThan(0);

      // Bob plays it through nginx: playlists and segments come from the bucket, not from Node.
      const master = await fetch(`${nginxUrl}${processed.hls}`);
      expect(master.status).toBe(200);
      expect(master.headers.get('x-cache')).toMatch(/MISS|HIT/);
      const masterText = await master.text();
      expect(masterText).toContain('#EXTM3U');
      const variant = masterText.split('\n').find((l) => l && !l.startsWith('#'))!;
      const variantUrl = new URL(variant, `${nginxUrl}${processed.hls}`);
      const playlist = await (await fetch(variantUrl)).text();
      const segment = playlist.split('\n').find((l) => l && !l.startsWith('#'))!;
      const segmentUrl = new URL(segment, variantUrl);
      const first = await fetch(segmentUrl);
      expect(first.status).toBe(200);
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(0);
      const again = await fetch(segmentUrl, { headers: { range: 'bytes=0-99' } });
      expect(again.status).toBe(206);
      expect(again.headers.get('x-cache')).toBe('HIT');
      expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes.subarray(0, 100));
      // The same server over TLS, with HSTS since PUBLIC_URL is https.
      const overTls = await new Promise<{ status: number; hsts: unknown }>((resolve, reject) => {
        https
          .get(
            `${profile.tlsUrl}/api/v1/videos/${video._id}`,
            { rejectUnauthorized: false },
            (res) => {
              res.resume();
              resolve({
                status: res.statusCode ?? 0,
                hsts: res.headers['strict-transport-security'],
              });
            },
          )
          .on('error', reject);
      });
      expect(overTls.status).toBe(200);
      expect(overTls.hsts).toBeTruthy();
      // nginx bounds what it passes on: 12 MB outside uploads.
      const huge = await fetch(`${nginxUrl}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(13 * 1024 * 1024, 32),
      });
      expect(huge.status).toBe(413);
      // What process B itself answers: the proxy's internal location, no body.
      const direct = await fetch(`${bUrl}${segmentUrl.pathname}`);
      expect(direct.headers.get('x-accel-redirect')).toMatch(/^\/_storage\//);
      expect((await direct.arrayBuffer()).byteLength).toBe(0);
    }, 150_000);

    it('a like through B, a comment seen live on A’s socket, a chat message across processes, an edit through A read through B within a second', async () => {
      const aliceOnA = await connect(aUrl, alice);
      const aliceHeard: unknown[] = [];
      aliceOnA.on('notifications_changed', (payload: unknown) => aliceHeard.push(payload));

      const liked = await call<{ isLiked: boolean; likeCount: number }>(
        bUrl,
        'POST',
        `/likes/video/${video._id}/toggle`,
        bob,
      );
      expect(liked).toEqual({ isLiked: true, likeCount: 1 });
      const comment = await call<{ _id: string }>(bUrl, 'POST', `/comments/${video._id}`, bob, {
        json: { content: 'Seen from the other process' },
      });
      await vi.waitFor(() => expect(aliceHeard.length).toBeGreaterThan(0), { timeout: 5_000 });
      const page = await call<{ comments: { _id: string }[] }>(
        aUrl,
        'GET',
        `/comments/${video._id}`,
        alice,
      );
      expect(page.comments.map((c) => c._id)).toContain(comment._id);

      const conversationId = await conversation(aUrl, bUrl, alice, bob);
      chat = conversationId;
      const bobOnB = await connect(bUrl, bob);
      const bobHeard: Message[] = [];
      bobOnB.on('new_message', (m: Message) => bobHeard.push(m));
      expect(await bobOnB.timeout(5_000).emitWithAck('join_conversation', conversationId)).toEqual({
        ok: true,
      });
      const sent = await call<Message>(
        aUrl,
        'POST',
        `/messages/conversations/${conversationId}/messages`,
        alice,
        {
          json: { content: 'Across the processes' },
        },
      );
      await vi.waitFor(() => expect(bobHeard.map((m) => m._id)).toEqual([sent._id]), {
        timeout: 5_000,
      });

      // Read through B first, so B keeps an answer that the edit must drop.
      await call<Video>(bUrl, 'GET', `/videos/${video._id}`, null);
      await call<Video>(aUrl, 'PATCH', `/videos/${video._id}`, alice, {
        json: { title: 'Renamed through A' },
      });
      const editedAt = Date.now();
      await vi.waitFor(
        async () =>
          expect((await call<Video>(bUrl, 'GET', `/videos/${video._id}`, null)).title).toBe(
            'Renamed through A',
          ),
        { timeout: 1_000, interval: 50 },
      );
      expect(Date.now() - editedAt).toBeLessThan(1_000);
    }, 60_000);

    /**
     * Traffic through nginx until stopped: comments written (each answered one remembered) and
     * chat messages sent; the socket (through nginx, reconnecting) joins the conversation again
     * after each reconnection.
     */
    async function traffic(conversationId: string) {
      const acknowledgedComments: string[] = [];
      const acknowledgedMessages: string[] = [];
      const failures: string[] = [];
      let running = true;
      const loop = async (work: () => Promise<void>, pause = 20) => {
        while (running) {
          await work().catch((error: unknown) => failures.push((error as Error).message));
          await new Promise((r) => setTimeout(r, pause));
        }
      };
      let n = 0;
      const loops = Promise.all([
        loop(async () => {
          const c = await call<{ _id: string }>(nginxUrl, 'POST', `/comments/${video._id}`, bob, {
            json: { content: `Comment ${++n}` },
          });
          acknowledgedComments.push(c._id);
        }),
        loop(async () => {
          const m = await call<Message>(
            nginxUrl,
            'POST',
            `/messages/conversations/${conversationId}/messages`,
            alice,
            {
              json: { content: `Message ${++n}` },
            },
          );
          acknowledgedMessages.push(m._id);
          // 60 messages a minute is a person's limit: a slow restart (a busy machine) must not
          // reach it, so no more than one a second.
        }, 1_050),
        loop(async () => {
          await call<Video>(nginxUrl, 'GET', `/videos/${video._id}`, bob);
        }),
      ]);
      return {
        acknowledgedComments,
        acknowledgedMessages,
        failures,
        stop: async () => {
          running = false;
          await loops;
        },
      };
    }

    async function allComments(base: string): Promise<Set<string>> {
      const ids = new Set<string>();
      for (let page = 1; ; page++) {
        const got = await call<{ comments: { _id: string }[]; hasNextPage?: boolean }>(
          base,
          'GET',
          `/comments/${video._id}?page=${page}&limit=100`,
          bob,
        );
        got.comments.forEach((c) => ids.add(c._id));
        if (got.comments.length < 100) return ids;
      }
    }

    async function allMessages(base: string, conversationId: string): Promise<Set<string>> {
      const ids = new Set<string>();
      let before: string | undefined;
      for (;;) {
        const got = await call<Message[]>(
          base,
          'GET',
          `/messages/conversations/${conversationId}/messages?limit=100${before ? `&before=${before}` : ''}`,
          alice,
        );
        got.forEach((m) => ids.add(m._id));
        if (got.length < 100) return ids;
        before = got[0]!._id;
      }
    }

    it('a rolling restart of both API processes under traffic drops no answered request and no message', async () => {
      const conversationId = chat;
      // Bob's socket goes through nginx and reconnects by itself when its process drains.
      const bobSocket = await connect(nginxUrl, bob, true);
      const heard = new Set<string>();
      bobSocket.on('new_message', (m: Message) => heard.add(m._id));
      let reconnections = 0;
      bobSocket.on('connect', () => {
        reconnections++;
        void bobSocket
          .timeout(5_000)
          .emitWithAck('join_conversation', conversationId)
          .catch(() => undefined);
      });
      expect(
        await bobSocket.timeout(5_000).emitWithAck('join_conversation', conversationId),
      ).toEqual({ ok: true });

      const load = await traffic(conversationId);
      for (const api of profile.apis) {
        await new Promise((r) => setTimeout(r, 700));
        await api.stop(); // SIGTERM: drains
        await api.start();
      }
      await new Promise((r) => setTimeout(r, 700));
      await load.stop();

      expect(load.failures).toEqual([]);
      expect(load.acknowledgedComments.length).toBeGreaterThan(5);
      expect(reconnections).toBeGreaterThanOrEqual(1);
      const comments = await allComments(aUrl);
      for (const id of load.acknowledgedComments) expect(comments.has(id)).toBe(true);
      const messages = await allMessages(bUrl, conversationId);
      for (const id of load.acknowledgedMessages) expect(messages.has(id)).toBe(true);
      // Live again after the restarts: the next message reaches the reconnected socket.
      const last = await call<Message>(
        nginxUrl,
        'POST',
        `/messages/conversations/${conversationId}/messages`,
        alice,
        {
          json: { content: 'After the restart' },
        },
      );
      await vi.waitFor(() => expect(heard.has(last._id)).toBe(true), { timeout: 5_000 });
    }, 90_000);

    it('a worker stopped mid-transcode hands the job back: taken again at once, as the same attempt', async () => {
      const clipDir = await makeTempDir('profile-long-clip');
      const file = await readFile(
        await makeClip(clipDir.dir, { width: 320, height: 180, seconds: 8, framesPerSecond: 15 }),
      );
      await clipDir.cleanup();
      const signed = await call<{
        apiKey: string;
        timestamp: number;
        signature: string;
        folder: string;
      }>(nginxUrl, 'GET', '/cloudinary/sign-upload?folder=videos', alice);
      const form = new FormData();
      form.set('api_key', signed.apiKey);
      form.set('timestamp', String(signed.timestamp));
      form.set('signature', signed.signature);
      form.set('folder', signed.folder);
      form.set('file', new Blob([file], { type: 'video/mp4' }), 'clip.mp4');
      const asset = await call<UploadedAsset>(nginxUrl, 'POST', '/v1_1/kinora/video/upload', null, {
        form,
      });
      const longer = await call<Video>(nginxUrl, 'POST', '/videos', alice, {
        json: {
          title: 'Handed back',
          description: 'Stopped mid-transcode',
          videoPublicId: asset.public_id,
        },
      });
      await vi.waitFor(
        async () =>
          expect((await call<Video>(aUrl, 'GET', `/videos/${longer._id}`, alice)).status).toBe(
            'processing',
          ),
        { timeout: 30_000, interval: 50 },
      );
      await profile.worker.stop(); // SIGTERM mid-transcode
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ state: string; retry_count: number }>(
          `SELECT state, retry_count FROM pgboss.job WHERE name = 'video-process' AND data->>'videoId' = $1`,
          [longer._id],
        );
        // Back in the queue, ready now, not counted as a failed attempt (a failure waits 20 s).
        expect(rows).toEqual([{ state: 'retry', retry_count: 0 }]);
        await profile.worker.start();
        const restarted = Date.now();
        await vi.waitFor(
          async () =>
            expect((await call<Video>(aUrl, 'GET', `/videos/${longer._id}`, alice)).status).toBe(
              'ready',
            ),
          { timeout: 30_000, interval: 250 },
        );
        expect(Date.now() - restarted).toBeLessThan(15_000);
        const after = await db.query<{ retry_count: number }>(
          `SELECT retry_count FROM pgboss.job WHERE name = 'video-process' AND data->>'videoId' = $1`,
          [longer._id],
        );
        expect(after.rows).toEqual([{ retry_count: 0 }]);
      } finally {
        await db.end();
      }
    }, 90_000);

    it('killing one API process mid-run loses no acknowledged write, and the other keeps serving', async () => {
      const conversationId = chat;
      const load = await traffic(conversationId);
      await new Promise((r) => setTimeout(r, 700));
      await profile.apis[1]!.kill(); // SIGKILL: a crash
      await new Promise((r) => setTimeout(r, 1_500));
      const afterKill = load.acknowledgedComments.length;
      await new Promise((r) => setTimeout(r, 1_000));
      await load.stop();
      // The survivor kept answering through nginx.
      expect(load.acknowledgedComments.length).toBeGreaterThan(afterKill);
      const comments = await allComments(aUrl);
      for (const id of load.acknowledgedComments) expect(comments.has(id)).toBe(true);
      const messages = await allMessages(aUrl, conversationId);
      for (const id of load.acknowledgedMessages) expect(messages.has(id)).toBe(true);
      expect((await fetch(`${nginxUrl}/readyz`)).status).toBe(200);
    }, 60_000);
  },
);
