import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server read it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  /** The Idempotency-Key header, if any. */
  key: string | undefined;
  body: string;
}

/**
 * What the server does with the next request: answer it, or read all of it and then drop the
 * connection without an answer (an instance that died after acting, or a proxy that lost it).
 */
export type Step = 'drop' | { status: number; body?: unknown; contentType?: string };

/**
 * A real HTTP server on an ephemeral port that answers requests by a script, and the page's origin
 * moved onto it so the app's relative /api URLs reach it the way they reach the API in a browser.
 * With the script used up it answers 200 {}.
 */
export async function startScriptedApiServer() {
  const received: ReceivedRequest[] = [];
  const steps: Step[] = [];
  const server = createServer(async (request, response) => {
    // jsdom's XMLHttpRequest keeps the origin the window started with (moving the page changes only
    // the document's), so to it this server is another origin: let it in as a CORS server would.
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-credentials', 'true');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
      });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const header = request.headers['idempotency-key'];
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      key: Array.isArray(header) ? header.join(',') : header,
      body: Buffer.concat(chunks).toString('latin1'),
    });
    const step = steps.shift() ?? { status: 200, body: {} };
    if (step === 'drop') {
      request.socket.destroy();
      return;
    }
    const text = typeof step.body === 'string' ? step.body : JSON.stringify(step.body ?? {});
    response.writeHead(step.status, { 'content-type': step.contentType ?? 'application/json' });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Vitest's jsdom environment exposes its JSDOM; XMLHttpRequest resolves URLs against the page.
  (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom.reconfigure({
    url: `${origin}/`,
  });
  return {
    origin,
    received,
    /** Replaces what the server will do with the next requests. */
    script(...next: Step[]) {
      steps.splice(0, steps.length, ...next);
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Node's fetch (the one the test environment has) takes no relative URL; a browser resolves it
 * against the page. This is that resolution and nothing more: the request goes out for real.
 */
export function resolveRelativeFetch(origin: string): typeof fetch {
  const nodeFetch = globalThis.fetch;
  return (input, init) => nodeFetch(typeof input === 'string' ? new URL(input, origin) : input, init);
}
