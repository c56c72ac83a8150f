import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cluster,
  call,
  insertProject,
  makeConversation,
  openEventStream,
  pdfBytes,
  type SmtpSink,
  schemaPool,
  signUp,
  startCluster,
  startSmtpSink,
  type User,
  uploadForm,
} from './client';

/**
 * Two built server processes on one PostgreSQL schema and one object store, behind HAProxy
 * (scripts/cluster.mjs), driven over real HTTP: live messages across instances, an upload through
 * one read through the other, the outbox sending each e-mail once, and an instance killed with
 * SIGKILL under load. Needs TEST_DATABASE_URL and HAProxy (npm test installs it as root).
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('The cluster test needs PostgreSQL: set TEST_DATABASE_URL');

let cluster: Cluster;
let smtp: SmtpSink;
let db: pg.Pool;
let a: string;
let b: string;
let origin: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  cluster = await startCluster({
    databaseUrl,
    echo: process.env.CLUSTER_ECHO === '1',
    env: {
      SMTP_URL: smtp.url,
      // Every request reaches the instances from HAProxy's address (trustProxy is off), so Better
      // Auth's per-address limits would count the whole test as one client.
      AUTH_RATE_LIMIT: 'off',
    },
    // Each instance signs its e-mails differently, so the sink can tell which worker sent what.
    instanceEnv: { a: { MAIL_FROM: 'Plinth <a@plinth.local>' }, b: { MAIL_FROM: 'Plinth <b@plinth.local>' } },
  });
  [a, b] = cluster.instances.map((i) => i.url) as [string, string];
  origin = cluster.url;
  db = schemaPool(databaseUrl, cluster.schema);
});

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await smtp?.close();
});

const sha256 = (bytes: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex');

const postMessage = (base: string, user: User, accessRequestId: string, message: string, key?: string) =>
  call(base, origin, user, `/api/access-requests/${accessRequestId}/messages`, {
    json: { message },
    headers: key ? { 'idempotency-key': key } : {},
  });

/** What one attempt of a write came to: its status, or the network error that lost its answer. */
interface Attempt {
  status: number | null;
  replayed: boolean;
  error?: string;
}

const lostAnswer = (a: Attempt) => a.status === null || a.status >= 500 || a.status === 409; // 409: the first attempt still runs

/**
 * A write as the web app sends it (lib/idempotent-fetch.ts): one Idempotency-Key for the action,
 * and a lost answer (network error, 5xx, 409 in use) sent again with the same key, with back-off.
 */
async function keyedWrite(base: string, user: User, accessRequestId: string, text: string) {
  const key = randomUUID();
  const attempts: Attempt[] = [];
  for (let n = 0; n < 6; n++) {
    if (n > 0) await new Promise((r) => setTimeout(r, 100 * 2 ** n));
    try {
      const res = await postMessage(base, user, accessRequestId, text, key);
      await res.arrayBuffer();
      attempts.push({ status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true' });
    } catch (error) {
      attempts.push({ status: null, replayed: false, error: String((error as Error).cause ?? error) });
    }
    if (!lostAnswer(attempts.at(-1)!)) break;
  }
  return attempts;
}

describe('two instances behind HAProxy', () => {
  it('a funder on instance A and a developer on instance B see each other’s messages live, and through the balancer', async () => {
    // Signed up on different instances: the session lives in the database, valid on either.
    const funder = await signUp(a, origin, 'funder');
    const developer = await signUp(b, origin, 'borrower');
    const accessRequestId = await makeConversation(db, funder, developer);

    // Milliseconds from sending a message to the other party's stream delivering it.
    const latencies: number[] = [];
    const funderStream = await openEventStream(a, origin, funder);
    const developerStream = await openEventStream(b, origin, developer);
    try {
      let sent = Date.now();
      const fromA = await postMessage(a, funder, accessRequestId, 'Sent by the funder through A');
      expect(fromA.status).toBe(201);
      const fromAId = ((await fromA.json()) as { id: string }).id;
      expect(
        await developerStream.next((e) => e.type === 'message' && e.message_id === fromAId),
      ).toMatchObject({ access_request_id: accessRequestId });
      latencies.push(Date.now() - sent);

      sent = Date.now();
      const fromB = await postMessage(b, developer, accessRequestId, 'Answered by the developer through B');
      expect(fromB.status).toBe(201);
      const fromBId = ((await fromB.json()) as { id: string }).id;
      expect(await funderStream.next((e) => e.type === 'message' && e.message_id === fromBId)).toMatchObject({
        access_request_id: accessRequestId,
      });
      latencies.push(Date.now() - sent);
    } finally {
      funderStream.close();
      developerStream.close();
    }

    // The same through HAProxy: streams tunnelled by the balancer, posts balanced round-robin.
    const viaBalancer = [
      await openEventStream(cluster.url, origin, funder),
      await openEventStream(cluster.url, origin, developer),
    ];
    try {
      expect(new Set(viaBalancer.map((s) => s.servedBy))).toEqual(new Set(['a', 'b']));
      for (let i = 0; i < 4; i++) {
        const [writer, reader] = i % 2 ? [developer, viaBalancer[0]!] : [funder, viaBalancer[1]!];
        const sent = Date.now();
        const res = await postMessage(cluster.url, writer, accessRequestId, `Through the balancer ${i}`);
        expect(res.status).toBe(201);
        const id = ((await res.json()) as { id: string }).id;
        await reader.next((e) => e.type === 'message' && e.message_id === id);
        latencies.push(Date.now() - sent);
      }
    } finally {
      for (const stream of viaBalancer) stream.close();
    }

    // No sticky sessions: successive reads with one cookie land on both instances and agree.
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const res = await call(
        cluster.url,
        origin,
        developer,
        `/api/access-requests/${accessRequestId}/messages`,
      );
      expect(res.status).toBe(200);
      servedBy.add(res.headers.get('x-served-by'));
      expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(6);
    }
    expect(servedBy).toEqual(new Set(['a', 'b']));
    console.info(
      `[cluster] live messages across instances: post → other party's stream ${latencies.join(', ')} ms`,
    );
  });

  it('a document uploaded through A downloads through B (and the balancer) byte for byte', async () => {
    const developer = await signUp(a, origin, 'borrower');
    const projectId = await insertProject(db, developer, { published: false });
    const file = pdfBytes(3 * 1024 * 1024);
    const upload = await call(a, origin, developer, `/api/projects/${projectId}/documents`, {
      body: uploadForm(file, 'Feasibility.pdf', 'feasibility_study'),
    });
    expect(upload.status).toBe(200);
    const { uploaded } = (await upload.json()) as { uploaded: { id: string }[] };
    expect(uploaded).toHaveLength(1);

    for (const base of [b, cluster.url, cluster.url]) {
      const res = await call(base, origin, developer, `/api/documents/${uploaded[0]!.id}/download`);
      expect(res.status).toBe(200);
      expect(sha256(await res.arrayBuffer())).toBe(sha256(file));
    }
    // The bytes are in the shared bucket, not on A's disk.
    const listing = await fetch(`${cluster.s3.endpoint}/${cluster.s3.bucket}?list-type=2`);
    expect(await listing.text()).toContain('<Key>');
  });

  it('access revoked through A: the funder is answered 404 through B at once (project, documents, deal room)', async () => {
    const funder = await signUp(a, origin, 'funder');
    const developer = await signUp(a, origin, 'borrower');
    const accessRequestId = await makeConversation(db, funder, developer);
    const { rows } = await db.query<{ project_id: string }>(
      'select project_id from access_request where id = $1',
      [accessRequestId],
    );
    const projectId = rows[0]!.project_id;
    const engaged = await call(b, origin, funder, '/api/deals', {
      json: { project_id: projectId, access_request_id: accessRequestId },
    });
    expect(engaged.status).toBe(201);
    const dealId = ((await engaged.json()) as { deal_id: string }).deal_id;
    const reads = [
      `/api/projects/${projectId}`,
      `/api/projects/${projectId}/documents`,
      `/api/deals/${dealId}`,
    ];
    // Read through B first, so anything B keeps about this funder is warm.
    for (const path of reads) expect((await call(b, origin, funder, path)).status, path).toBe(200);

    const revoked = await call(a, origin, developer, `/api/access-requests/${accessRequestId}/revoke`, {
      method: 'PUT',
      json: { reason: 'Revoked through instance A' },
    });
    expect(revoked.status).toBe(200);
    // At once: the next request through B, with no wait for a notification's trip.
    for (const path of reads) expect((await call(b, origin, funder, path)).status, path).toBe(404);
    // The developer still reads the room through B, marked revoked.
    const room = await call(b, origin, developer, `/api/deals/${dealId}`);
    expect(((await room.json()) as { access_revoked: { reason: string } }).access_revoked.reason).toBe(
      'Revoked through instance A',
    );
  });

  it('the outbox sends each e-mail exactly once with both instances’ workers draining it', async () => {
    const before = smtp.deliveries.length;
    // Confirmation e-mails from sign-ups balanced over both instances …
    const signUps: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = `outbox-${cluster.schema}-${i}@example.com`;
      await signUp(cluster.url, origin, null, email);
      signUps.push(email);
    }
    // … and a burst queued at once, for both workers to race over.
    const burst = Array.from({ length: 200 }, (_, i) => `burst-${cluster.schema}-${i}@example.com`);
    await db.query(
      `insert into outbox (kind, payload) select 'email', jsonb_build_object('to', t, 'subject', 'Burst', 'text', 'Hello')
       from unnest($1::text[]) as t`,
      [burst],
    );
    const expected = [...signUps, ...burst];
    // Only this test's own addresses count: e-mails of the earlier tests' people (a message
    // notification, say) may still be draining, and one person may rightly get two of those. Each
    // address here has exactly one outbox row (checked below), so two deliveries to it are a duplicate.
    const mine = new Set(expected);
    const deliveredHere = () => smtp.deliveries.slice(before).filter((d) => d.to.some((to) => mine.has(to)));
    const started = Date.now();
    await expect
      .poll(() => deliveredHere().length, { timeout: 60_000, interval: 250 })
      .toBeGreaterThanOrEqual(expected.length);
    const drainedMs = Date.now() - started;
    // Two more polling rounds of both workers: a duplicate would arrive now.
    await new Promise((r) => setTimeout(r, 2500));

    const counts = new Map<string, number>();
    const senders = new Map<string, number>();
    for (const d of deliveredHere()) {
      for (const to of d.to) if (mine.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
      senders.set(d.from, (senders.get(d.from) ?? 0) + 1);
    }
    const duplicates = [...counts].filter(([, n]) => n > 1);
    const missing = expected.filter((to) => !counts.has(to));
    const delivered = expected.filter((to) => counts.has(to)).length;
    expect({ duplicates, missing, delivered }).toEqual({
      duplicates: [],
      missing: [],
      delivered: expected.length,
    });
    const { rows } = await db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from outbox where payload->>'to' = any($1) group by status`,
      [expected],
    );
    expect(rows).toEqual([{ status: 'done', n: expected.length }]);
    // Both workers took part.
    expect(senders.get('a@plinth.local')).toBeGreaterThan(0);
    expect(senders.get('b@plinth.local')).toBeGreaterThan(0);
    console.info(
      `[cluster] outbox: ${expected.length} e-mails (10 sign-ups, 200 queued at once) delivered once each in ${drainedMs} ms, 0 duplicates; sent by ${JSON.stringify(Object.fromEntries(senders))}`,
    );
  });

  it('instance A killed with SIGKILL under load: after HAProxy notices, no 5xx, no write lost, none stored twice', async () => {
    const funder = await signUp(cluster.url, origin, 'funder');
    const developer = await signUp(cluster.url, origin, 'borrower');
    const accessRequestId = await makeConversation(db, funder, developer);

    type Outcome = { write: boolean; start: number; end: number; status: number | null; error?: string };
    const outcomes: Outcome[] = [];
    const retried: { text: string; status: number | string | null }[] = [];
    const acknowledged = new Set<string>();
    const attempted = new Set<string>();
    const clients = 20;
    const runMs = 10_000;
    const t0 = Date.now();
    let killedAt = 0;
    let downAt = 0;

    async function read(user: User): Promise<Outcome> {
      const start = Date.now();
      try {
        const res = await call(
          cluster.url,
          origin,
          user,
          `/api/access-requests/${accessRequestId}/messages?limit=20`,
        );
        await res.arrayBuffer();
        return { write: false, start, end: Date.now(), status: res.status };
      } catch (error) {
        return {
          write: false,
          start,
          end: Date.now(),
          status: null,
          error: String((error as Error).cause ?? error),
        };
      }
    }

    async function client(n: number) {
      const user = n % 2 ? developer : funder;
      for (let seq = 0; Date.now() - t0 < runMs; seq++) {
        if (seq % 2 === 1) {
          outcomes.push(await read(user));
          continue;
        }
        const text = `load c${n} #${seq}`;
        attempted.add(text);
        const start = Date.now();
        const attempts = await keyedWrite(cluster.url, user, accessRequestId, text);
        const [first, ...again] = attempts;
        outcomes.push({ write: true, start, end: Date.now(), status: first!.status, error: first!.error });
        // A write whose answer was lost was sent again with its key, as the web app does.
        if (again.length) retried.push({ text, status: again.at(-1)!.status ?? again.at(-1)!.error ?? null });
        if (attempts.at(-1)!.status === 201) acknowledged.add(text);
      }
    }

    async function killMidway() {
      await new Promise((r) => setTimeout(r, runMs / 2));
      killedAt = Date.now();
      cluster.kill('a', 'SIGKILL');
      for (;;) {
        const status = await cluster.serverStatus();
        if (status.a?.startsWith('DOWN')) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      downAt = Date.now();
    }

    await Promise.all([killMidway(), ...Array.from({ length: clients }, (_, n) => client(n))]);

    const failed = (o: Outcome) => o.status === null || o.status >= 500;
    // HAProxy logs only what was not normal (dontlog-normal): status and termination state of each.
    const balancerLog = cluster.logs
      .filter((line) => line.startsWith('[haproxy]'))
      .map((line) => / (-?\d+) \d+ - - (\S{4}) /.exec(line))
      .filter((m) => m !== null)
      .map((m) => `${m[1]} ${m[2]}`);
    const afterNoticed = outcomes.filter((o) => o.start >= downAt);
    const inWindow = outcomes.filter((o) => o.start < downAt && o.end >= killedAt && failed(o));
    const before = outcomes.filter((o) => o.end < killedAt && failed(o));
    const { rows } = await db.query<{ message: string; n: number }>(
      `select message, count(*)::int as n from message where access_request_id = $1 and message like 'load %' group by message`,
      [accessRequestId],
    );
    const stored = new Map(rows.map((r) => [r.message, r.n]));
    const lostAcknowledged = [...acknowledged].filter((t) => !stored.has(t));
    const lost = [...attempted].filter((t) => !stored.has(t));
    const duplicated = [...stored].filter(([, n]) => n > 1).map(([t]) => t);
    const figures = {
      clients,
      requests: outcomes.length + retried.length,
      writes: attempted.size,
      reads: outcomes.filter((o) => !o.write).length,
      noticedMs: downAt - killedAt,
      failedBeforeKill: before.length,
      failedInKillWindow: inWindow.length,
      failedInKillWindowKinds: [...new Set(inWindow.map((o) => o.status ?? o.error))],
      retriedWrites: retried.length,
      retriesSucceeded: retried.filter((r) => r.status === 201).length,
      retriesFailed: retried.filter((r) => r.status !== 201).map((r) => r.status),
      requestsAfterNoticed: afterNoticed.length,
      failedAfterNoticed: afterNoticed.filter(failed).length,
      lostAcknowledged: lostAcknowledged.length,
      lostAfterRetry: lost.length,
      duplicatedByRetry: duplicated.length,
      balancerAbnormal: Object.fromEntries(
        [...new Set(balancerLog)].map((k) => [k, balancerLog.filter((x) => x === k).length]),
      ),
    };
    console.info(`[cluster] SIGKILL under load: ${JSON.stringify(figures)}`);

    expect(figures.failedBeforeKill).toBe(0);
    expect(figures.noticedMs).toBeLessThan(3000);
    expect(figures.requestsAfterNoticed).toBeGreaterThan(100);
    expect(figures.failedAfterNoticed).toBe(0);
    expect(lostAcknowledged).toEqual([]);
    expect(lost).toEqual([]);
    // Retried with their keys, writes whose first answer was lost are stored once (decision 037).
    expect(duplicated).toEqual([]);
    expect(await cluster.serverStatus()).toMatchObject({ a: expect.stringMatching(/^DOWN/), b: 'UP' });
  });

  it('ten SIGKILLs under keyed writes retried as the web app retries: none stored twice, no acknowledged write lost', async () => {
    const funder = await signUp(cluster.url, origin, 'funder');
    const developer = await signUp(cluster.url, origin, 'borrower');
    const accessRequestId = await makeConversation(db, funder, developer);
    const runs = 10;
    const clients = 12;
    const attempted = new Set<string>();
    const acknowledged = new Set<string>();
    let retriedWrites = 0;
    let replayed = 0;
    let inUse = 0;
    for (let run = 0; run < runs; run++) {
      await cluster.restart('a');
      const t0 = Date.now();
      // The kill lands at a different moment of each run: 0.8 s to 1.7 s into 2.5 s of writes.
      const killAfterMs = 800 + run * 100;
      const runMs = 2_500;
      const client = async (n: number) => {
        const user = n % 2 ? developer : funder;
        for (let seq = 0; Date.now() - t0 < runMs; seq++) {
          const text = `kill r${run} c${n} #${seq}`;
          attempted.add(text);
          const attempts = await keyedWrite(cluster.url, user, accessRequestId, text);
          if (attempts.length > 1) retriedWrites++;
          replayed += attempts.filter((a) => a.replayed).length;
          inUse += attempts.filter((a) => a.status === 409).length;
          if (attempts.at(-1)!.status === 201) acknowledged.add(text);
        }
      };
      const kill = async () => {
        await new Promise((r) => setTimeout(r, killAfterMs));
        cluster.kill('a', 'SIGKILL');
      };
      await Promise.all([kill(), ...Array.from({ length: clients }, (_, n) => client(n))]);
    }
    const { rows } = await db.query<{ message: string; n: number }>(
      `select message, count(*)::int as n from message where access_request_id = $1 and message like 'kill %' group by message`,
      [accessRequestId],
    );
    const stored = new Map(rows.map((r) => [r.message, r.n]));
    const figures = {
      runs,
      writes: attempted.size,
      acknowledged: acknowledged.size,
      retriedWrites,
      answeredByReplay: replayed,
      toldStillRunning: inUse,
      storedTwice: [...stored.values()].filter((n) => n > 1).length,
      acknowledgedLost: [...acknowledged].filter((t) => !stored.has(t)).length,
      neverAcknowledged: [...attempted].filter((t) => !acknowledged.has(t)).length,
      smtpSessionsCutOff: smtp.errors.length,
    };
    console.info(`[cluster] ${runs} SIGKILLs under keyed writes: ${JSON.stringify(figures)}`);
    expect(figures.writes).toBeGreaterThan(runs * clients);
    expect(figures.storedTwice).toBe(0);
    expect(figures.acknowledgedLost).toBe(0);
    // Every write got its answer in the end: retried with its key, none was given up.
    expect(figures.neverAcknowledged).toBe(0);
    expect([...stored.keys()].sort()).toEqual([...acknowledged].sort());
    // The only SMTP errors are sessions of a killed instance cut off mid-way.
    expect(smtp.errors.filter((e) => e.code !== 'ECONNRESET' && e.code !== 'EPIPE')).toEqual([]);
  });
});
