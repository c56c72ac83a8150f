import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { LiveEvent } from '@plinth/domain/events';
import type { Profile } from '@plinth/domain/onboarding';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

/**
 * What the cluster test needs from outside the server processes: scripts/cluster.mjs (typed here,
 * since it is plain JavaScript), an HTTP client that signs up and acts as a user against any
 * address (an instance or the balancer), an event-stream reader, and an SMTP sink that counts.
 */

export interface ClusterInstance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  /** HAProxy's address. */
  url: string;
  statsUrl: string;
  databaseUrl: string;
  schema: string;
  logs: string[];
  instances: ClusterInstance[];
  s3: { endpoint: string; bucket: string };
  serverStatus(): Promise<Record<string, string>>;
  kill(name: string, signal?: NodeJS.Signals): void;
  /** Starts a killed instance again and waits until HAProxy sends it requests. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl?: string;
  env?: Record<string, string>;
  instanceEnv?: Record<string, Record<string, string>>;
  build?: boolean;
  echo?: boolean;
}

const script = new URL('../../../../scripts/cluster.mjs', import.meta.url);

/** scripts/cluster.mjs's startCluster (imported by URL, so TypeScript leaves the .mjs alone). */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const module = (await import(pathToFileURL(script.pathname).href)) as {
    startCluster(options: ClusterOptions): Promise<Cluster>;
  };
  return module.startCluster(options);
}

export interface User {
  id: string;
  email: string;
  cookie: string;
}

const profile = (role: 'funder' | 'borrower'): Profile => ({
  company_name: role === 'funder' ? 'Cluster Capital' : 'Cluster Developments Pty Ltd',
  company_type: role === 'funder' ? 'Private Credit Fund' : 'Developer',
  phone: '0298765432',
  abn: '51824753556',
  linkedin: null,
  bio: null,
  investment_focus: role === 'funder' ? 'Residential Development' : null,
  typical_deal_size_min: role === 'funder' ? 1_000_000 : null,
  typical_deal_size_max: role === 'funder' ? 10_000_000 : null,
  years_experience: role === 'funder' ? 10 : null,
  aum: null,
});

/** A fetch with the user's cookie and the public origin (the balancer's address, BASE_URL). */
export function call(
  base: string,
  origin: string,
  user: User | null,
  path: string,
  init: { method?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin, ...init.headers };
  if (user) headers.cookie = user.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${path}`, {
    method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    duplex: 'half',
  } as RequestInit);
}

async function expectOk(res: Response, what: string) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * Signs up through Better Auth (which sends the confirmation e-mail), chooses the role and completes
 * the profile: the same requests the web app makes.
 */
export async function signUp(
  base: string,
  origin: string,
  role: 'funder' | 'borrower' | null,
  email = `cluster-${randomUUID().slice(0, 8)}@example.com`,
): Promise<User> {
  const res = await expectOk(
    await call(base, origin, null, '/api/auth/sign-up/email', {
      json: {
        email,
        password: 'correct-horse-battery',
        name: role === 'funder' ? 'Frankie Funder' : 'Dana Dev',
      },
    }),
    `sign-up ${email}`,
  );
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const user: User = { id: '', email, cookie };
  if (role) {
    await expectOk(await call(base, origin, user, '/api/auth/set-role', { json: { role } }), 'set-role');
    await expectOk(
      await call(base, origin, user, '/api/auth/complete-profile', { json: profile(role) }),
      'complete-profile',
    );
  }
  const me = await expectOk(await call(base, origin, user, '/api/auth/me'), 'me');
  user.id = ((await me.json()) as { id: string }).id;
  return user;
}

/** A connection of the test's own to the cluster's schema, for what the in-process factories write directly. */
export function schemaPool(databaseUrl: string, schema: string) {
  return new pg.Pool({ connectionString: databaseUrl, max: 4, options: `-c search_path="${schema}"` });
}

/** An approved funder with an active subscription, and a published project with an approved access request. */
export async function makeConversation(db: pg.Pool, funder: User, developer: User) {
  await db.query(
    `update "user" set approved = true, subscription_status = 'active',
       subscription_period_end = now() + interval '1 month' where id = $1`,
    [funder.id],
  );
  const project = await insertProject(db, developer, { published: true });
  const { rows } = await db.query<{ id: string }>(
    `insert into access_request (funder_id, project_id, status, initial_message, approved_at)
     values ($1, $2, 'approved', 'We would like to see the feasibility study.', now()) returning id`,
    [funder.id, project],
  );
  // Signed, as every request made through the API is (decision 033).
  await db.query(
    `insert into undertaking_acceptance (access_request_id, funder_id, version, text_sha256, full_name)
     select $1, $2, version, sha256, 'Cluster Funder' from undertaking_version order by version desc limit 1`,
    [rows[0]!.id, funder.id],
  );
  return rows[0]!.id;
}

export async function insertProject(db: pg.Pool, owner: User, { published }: { published: boolean }) {
  const { rows } = await db.query<{ id: string }>(
    `insert into project (borrower_id, title, location, suburb, state, postcode, loan_amount,
       payment_status, visible, submission_status)
     values ($1, 'Harbour View Terraces', '8 Example Road, Newcastle NSW 2300', 'Newcastle', 'NSW', '2300',
       3500000, $2, $3, $4) returning id`,
    [owner.id, published ? 'paid' : 'unpaid', published, published ? 'submitted' : null],
  );
  return rows[0]!.id;
}

/** A PDF-headed file of `size` random bytes. */
export const pdfBytes = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);

/** A multipart body with one `documents` file and its `document_types`. */
export function uploadForm(file: Buffer, name: string, type: string) {
  const form = new FormData();
  form.set('document_types', JSON.stringify([type]));
  form.set('documents', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  return form;
}

export interface EventStream {
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Which server answered (HAProxy's x-served-by, or the instance's own name). */
  servedBy: string | null;
  close(): void;
}

/** GET /api/events read as it streams; `next` waits for a matching event. */
export async function openEventStream(base: string, origin: string, user: User): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { cookie: user.cookie, origin, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`event stream: ${res.status}`);
  const received: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(end + 2);
          if (data) received.push(JSON.parse(data) as LiveEvent);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted, or the server went away
    }
  })();
  return {
    servedBy: res.headers.get('x-served-by'),
    next(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = received.findIndex(match);
          if (index < 0) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received.splice(index, 1)[0]!);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(received)})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => abort.abort(),
  };
}

export interface SmtpSink {
  url: string;
  /** Every delivery: the envelope's sender and recipients, and the Subject header. */
  deliveries: { from: string; to: string[]; subject: string }[];
  /** Connection errors (a killed instance's session resets its socket). */
  errors: NodeJS.ErrnoException[];
  close(): Promise<void>;
}

/** A real SMTP server on a free port that accepts every message and records it. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const deliveries: SmtpSink['deliveries'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        deliveries.push({ from, to: session.envelope.rcptTo.map((r) => r.address), subject });
        callback();
      });
    },
  });
  // A connection dropped mid-session (an instance killed while it was sending) ends in a socket
  // error; without a listener the SMTP server would throw it out of the test process.
  const errors: NodeJS.ErrnoException[] = [];
  server.on('error', (error: NodeJS.ErrnoException) => errors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp sink: no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    deliveries,
    errors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
