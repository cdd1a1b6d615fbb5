/**
 * The bench's baseline: a bare Fastify answering `{"hello":"world"}` on PORT, with nothing of the
 * shop loaded. What the same machine, under the same load, can do at best over HTTP.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
