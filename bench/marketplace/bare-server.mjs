// The marketplace benchmark's baseline: a bare Fastify server answering GET /api/projects with
// the JSON the real server gave for the same URL, from memory (no database, no session, no
// validation; Fastify serialises the stored object as it would any route's return value).
// Started by run.mjs as a child process: BODIES names a JSON file of { url: body }, PORT the port.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.env.BODIES, 'utf8'))));
const app = Fastify({ logger: false });

app.get('/health', async () => ({ ok: true }));
app.get('/api/projects', async (request, reply) => {
  // The varied case's addresses were never captured: FALLBACK_URL's body (the default page, the same
  // size) stands for each of them.
  const body = bodies.get(request.url) ?? bodies.get(process.env.FALLBACK_URL ?? '');
  if (body === undefined) return reply.code(404).send({ error: 'no body captured for this URL' });
  return body;
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
