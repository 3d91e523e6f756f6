// The ceiling of a read whose answer is large (decision 0067): the bare Fastify route of the
// traffic model (`/ping`, bench/load/trivial-server.ts) beside `/body`, which sends BODY_BYTES
// (default 65,600: a signed-in history page of 50 cards) from memory the way a kept answer is
// sent (`serveFromMemory`: one writeHead and one end of a Buffer, before Fastify). The rate of
// `/body` against `/ping` is the most any read of that size can reach of the bare route here.
//
//   PORT=3499 npx tsx bench/load/large-body-server.ts &
//   wrk -t2 -c50 -d8s http://127.0.0.1:3499/ping; wrk -t2 -c50 -d8s http://127.0.0.1:3499/body
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify from 'fastify';

const size = Number(process.env.BODY_BYTES ?? 65_600);
// A JSON text of that size, encoded once.
const body = Buffer.from(`{"data":"${'x'.repeat(Math.max(0, size - 11))}"}`);

let fastifyHandler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
const app = Fastify({
  logger: false,
  serverFactory: (handler) => {
    fastifyHandler = handler;
    return createServer((req, res) => {
      if (req.url === '/body') {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': body.length,
        });
        res.end(body);
        return;
      }
      fastifyHandler!(req, res);
    });
  },
});
app.get('/ping', async () => ({ statusCode: 200, data: { pong: true }, success: true }));

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env.PORT ?? 3499), host: '127.0.0.1' });
