// The baseline of the load benchmark: a bare Fastify server with one route that answers a small
// JSON document, started in its own process like the real server. Run by bench/load/load.ts.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ statusCode: 200, data: { pong: true }, success: true }));

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env.PORT ?? 3402), host: '127.0.0.1' });
