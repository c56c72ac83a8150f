import { randomUUID } from 'node:crypto';
import { documentRequestMessages, MAX_FILES_PER_UPLOAD } from '@plinth/domain/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type TestApp, type TestUser } from '../helpers';
import { type DealRoom, dealUploadBody } from '../support/deal-room';
import { samples, spoolFolders } from '../support/documents';
import {
  connectionsOf,
  lateOrFailed,
  otherPeoplesRequest,
  startSlowClientWorld,
  stopSlowClientWorld,
  type Trickle,
  timedRequests,
  trickle,
  until,
} from '../support/slow-client';

// Issue 29 finding 2, as an outsider on a slow link does it: a multipart upload to a deal room
// whose body trickles in for about 10 s. Before the fix a keyed upload held its request
// transaction, and so PGlite's only connection, while the body streamed, and health, sign-in and
// every other person's reads waited for it. No request may hold a connection while it reads a body
// (decision 046): uploads are read to temporary files first.
//
// On PostgreSQL one upload holds one connection of the pool, so the test sends two more trickling
// uploads than the pool has connections: held connections would leave the others none.

/** Pieces of each trickling body and the pause between them: about 10 s per upload. */
const PIECES = 20;
const EVERY_MS = 500;
/** Other people's requests while the uploads trickle, one every 450 ms (budgets: TimedRequest). */
const OTHERS = 20;

let t: TestApp;
let port: number;
let room: DealRoom;
let people: TestUser[];
const trickles: Trickle[] = [];

beforeAll(async () => {
  ({ t, port, room, people } = await startSlowClientWorld());
});
afterAll(() => stopSlowClientWorld(t, trickles));

const documentsOf = (dealId: string) =>
  t.database.db.selectFrom('deal_document').select('id').where('deal_id', '=', dealId).execute();

/**
 * `uploads` deal-room uploads by the funder trickle in at once while 20 other people's requests
 * are timed; then the bodies complete. Answers the timings and the uploads' answers.
 */
async function whileUploadsTrickle(uploads: number, keyed: boolean) {
  let othersDone!: () => void;
  const holdLast = new Promise<void>((resolve) => {
    othersDone = resolve;
  });
  const slow = await Promise.all(
    Array.from({ length: uploads }, async (_, i) => {
      const body = dealUploadBody([{ name: `slow-${i}.pdf`, content: samples.pdf() }]);
      return trickle({
        port,
        path: `/api/deals/${room.dealId}/documents`,
        headers: {
          ...body.headers,
          cookie: room.funder.cookie,
          ...(keyed ? { 'idempotency-key': randomUUID() } : {}),
        },
        body: Buffer.concat(await body.payload.toArray()),
        pieces: PIECES,
        everyMs: EVERY_MS,
        holdLast,
      });
    }),
  );
  trickles.push(...slow);
  await Promise.all(slow.map((s) => s.started));
  const timings = await timedRequests({
    port,
    count: OTHERS,
    everyMs: 450,
    make: (i) => otherPeoplesRequest(people, i),
  });
  othersDone();
  const answers = await Promise.all(slow.map((s) => s.answer));
  return { timings, answers };
}

describe('a deal-room upload trickling in for 10 s', () => {
  for (const keyed of [true, false]) {
    it(`${keyed ? 'with' : 'without'} an Idempotency-Key: 20 other people's requests answer at once while it arrives (health and the bell under 1 s, a sign-in under 3 s); then it is stored`, async () => {
      const before = (await documentsOf(room.dealId)).length;
      const uploads = connectionsOf(t) + 2;
      const { timings, answers } = await whileUploadsTrickle(uploads, keyed);

      // Every one of them was timed while the bodies were still arriving: their last pieces waited.
      expect(timings).toHaveLength(OTHERS);
      expect(lateOrFailed(timings), JSON.stringify(timings)).toEqual([]);

      for (const answer of answers) expect(answer.status, answer.body).toBe(201);
      expect(await documentsOf(room.dealId)).toHaveLength(before + uploads);
    });
  }
});

describe('the temporary files an upload is read into', () => {
  it('are gone however it ends: stored, replayed, 422, too many files, cut short, or abandoned halfway; a body that never arrived whole keeps nothing under its key', async () => {
    const dataDir = t.app.deps.config.DATA_DIR;
    const url = `/api/deals/${room.dealId}/documents`;
    const encode = async (count = 1) => {
      const body = dealUploadBody(
        Array.from({ length: count }, (_, i) => ({ name: `file-${i}.pdf`, content: samples.pdf() })),
      );
      return { headers: body.headers, bytes: Buffer.concat(await body.payload.toArray()) };
    };
    const send = (body: { headers: Record<string, string>; bytes: Buffer }, key: string) =>
      as(t.app, room.funder, {
        method: 'POST',
        url,
        headers: { ...body.headers, 'idempotency-key': key },
        payload: body.bytes,
      });
    const before = (await documentsOf(room.dealId)).length;
    const body = await encode();
    const key = randomUUID();

    expect((await send(body, key)).statusCode).toBe(201);
    expect(spoolFolders(dataDir)).toEqual([]);
    expect((await send(body, key)).headers['idempotent-replayed']).toBe('true');
    expect(spoolFolders(dataDir)).toEqual([]);
    expect((await send(await encode(), key)).statusCode).toBe(422);
    expect(spoolFolders(dataDir)).toEqual([]);

    const tooMany = await send(await encode(MAX_FILES_PER_UPLOAD + 1), randomUUID());
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toBe(documentRequestMessages.tooManyFiles);
    expect(spoolFolders(dataDir)).toEqual([]);

    // Cut short (no closing boundary): refused before anything runs, so the key keeps nothing and
    // the whole body sent again under it acts.
    const cutKey = randomUUID();
    const cut = await send(
      { headers: body.headers, bytes: body.bytes.subarray(0, body.bytes.length - 60) },
      cutKey,
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error).toBe(documentRequestMessages.malformedUpload);
    expect(spoolFolders(dataDir)).toEqual([]);
    const whole = await send(body, cutKey);
    expect(whole.statusCode).toBe(201);
    expect(whole.headers['idempotent-replayed']).toBeUndefined();

    // Abandoned halfway over a real socket, as a dropped connection leaves it; the retry acts.
    const abandonedKey = randomUUID();
    const abandoned = trickle({
      port,
      path: url,
      headers: { ...body.headers, cookie: room.funder.cookie, 'idempotency-key': abandonedKey },
      body: body.bytes,
      pieces: 4,
      everyMs: 100,
      holdLast: new Promise(() => {}),
    });
    trickles.push(abandoned);
    await abandoned.started;
    await until(() => spoolFolders(dataDir).length === 1, 10_000, 'the body is being read into a folder');
    abandoned.destroy();
    await until(() => spoolFolders(dataDir).length === 0, 10_000, "the abandoned body's folder is removed");
    const retried = await send(body, abandonedKey);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();

    expect(await documentsOf(room.dealId)).toHaveLength(before + 3);
    expect(spoolFolders(dataDir)).toEqual([]);
  });
});
