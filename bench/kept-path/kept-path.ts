// The CPU a kept answer costs in our code and Node's `writeHead`/`end`, in-process and without a
// socket (decision 0071): the `anonymous-cache.ts` of the checkout given, the app's own security
// headers, one kept video page sent 100,000 times a round from memory, to a visitor and to a
// signed-in reader. Compare two checkouts (a detached worktree of main and a branch):
//   npx tsx bench/kept-path/kept-path.ts /work/wt/<main-copy>
//   npx tsx bench/kept-path/kept-path.ts /work/wt/<branch>
// What it leaves out (HTTP parsing, the socket write, the kernel) the traffic model measures.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
const tree = process.argv[2]!;
const { registerAnonymousCache } = await import(
  `${tree}/apps/server/src/platform/http/anonymous-cache.ts`
);
const { securityHeaders } = await import(
  `${tree}/apps/server/src/platform/http/security-headers.ts`
);
const security = securityHeaders({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'manifest-src': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
});
const app = Fastify({ logger: { level: 'warn' } });
app.addHook('onRequest', (request, reply, done) => {
  reply.headers(security).header('X-Request-Id', request.id);
  done();
});
const actor = { userId: 'u1', sessionId: 's1', role: 'user' };
const kept = registerAnonymousCache(app, {
  paths: [
    /^\/api\/v1\/videos$/,
    /^\/api\/v1\/videos\/[^/]+$/,
    /^\/api\/v1\/search$/,
    /^\/api\/v1\/channels\/[^/]+(?:\/videos)?$/,
    /^\/api\/v1\/users\/c\/[^/]+$/,
    /^\/api\/v1\/playlists\/(?!watch-later$)[^/]+$/,
  ],
  eachReaderPaths: [/^\/api\/v1\/comments\/[^/]+$/, /^\/api\/v1\/tweets\/user\/[^/]+$/],
  personalPaths: [
    /^\/api\/v1\/subscriptions\/feed$/,
    /^\/api\/v1\/tweets\/feed$/,
    /^\/api\/v1\/tweets\/channels$/,
    /^\/api\/v1\/users\/watchHistory$/,
    /^\/api\/v1\/notifications$/,
  ],
  ttlMs: 600_000,
  staleMs: 30_000,
  maxRefreshing: 2,
  maxBytes: 1e8,
  identify: (h: Record<string, string>) =>
    h.authorization ? { kind: 'signed-in', actor } : { kind: 'visitor' },
  identifyRequest: async (r: { headers: Record<string, string> }) =>
    r.headers.authorization ? { kind: 'signed-in', actor } : { kind: 'visitor' },
  trustProxy: false,
});
const body = {
  statusCode: 200,
  data: {
    items: Array.from({ length: 12 }, (_, i) => ({
      id: `v${i}`,
      title: 'A title '.repeat(8),
      views: i,
    })),
  },
  message: 'ok',
  success: true,
};
app.get('/api/v1/videos/:id', async (request) => {
  kept.declare(request, { actor: null, sharing: { notFor: [] }, shows: ['video:1'] });
  return body;
});
await app.ready();
await app.inject({ url: '/api/v1/videos/abc' });
const socket = new Socket();
const run = (auth: boolean, n: number) => {
  let sent = 0;
  for (let i = 0; i < n; i++) {
    const req = new IncomingMessage(socket);
    req.method = 'GET';
    req.url = '/api/v1/videos/abc';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.headers = auth ? { host: 'x', authorization: 'Bearer t' } : { host: 'x' };
    const res = new ServerResponse(req);
    kept.serveFromMemory(req, res, () => {
      throw new Error('not kept');
    });
    if (res.headersSent || res.writableEnded) sent++;
  }
  return sent;
};
for (const auth of [false, true]) {
  run(auth, 30_000);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const t = process.cpuUsage();
    const n = 100_000;
    const sent = run(auth, n);
    const u = process.cpuUsage(t);
    if (sent !== n) throw new Error(`sent ${sent}`);
    times.push((u.user + u.system) / n);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${auth ? 'signed in' : 'visitor  '} µs CPU per kept answer (median of 5 x 100k): ${times[2]!.toFixed(2)} [${times.map((x) => x.toFixed(2)).join(' ')}]`,
  );
}
await app.close();
