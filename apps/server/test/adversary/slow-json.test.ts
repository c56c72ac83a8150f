import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../helpers';
import type { DealRoom } from '../support/deal-room';
import {
  connectionsOf,
  lateOrFailed,
  otherPeoplesRequest,
  startSlowClientWorld,
  stopSlowClientWorld,
  type Trickle,
  timedRequests,
  trickle,
} from '../support/slow-client';

// Issue 29 finding 2, with a JSON body: a keyed write whose body trickles in for about 10 s must not
// hold a database connection (or a lock) while it arrives (decision 046). Fastify reads a JSON body
// before any preHandler, so the request transaction begins once it is complete; this proves that
// nothing earlier (the session check, the fingerprint) waits on it either. As with uploads, two more
// trickling requests than the database has connections.

const PIECES = 20;
const EVERY_MS = 500;
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

describe('a keyed JSON write whose body trickles in for 10 s', () => {
  it("20 other people's requests answer at once while it arrives (health and the bell under 1 s, a sign-in under 3 s); then it acts once", async () => {
    let othersDone!: () => void;
    const holdLast = new Promise<void>((resolve) => {
      othersDone = resolve;
    });
    const writes = connectionsOf(t) + 2;
    const names = Array.from({ length: writes }, (_, i) => `Slowly sent request ${i}`);
    const slow = names.map((name) =>
      trickle({
        port,
        path: `/api/deals/${room.dealId}/document-requests`,
        headers: {
          'content-type': 'application/json',
          cookie: room.funder.cookie,
          'idempotency-key': randomUUID(),
        },
        body: Buffer.from(JSON.stringify({ document_name: name, description: 'Sent over a slow link.' })),
        pieces: PIECES,
        everyMs: EVERY_MS,
        holdLast,
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

    expect(timings).toHaveLength(OTHERS);
    expect(lateOrFailed(timings), JSON.stringify(timings)).toEqual([]);

    for (const answer of answers) expect(answer.status, answer.body).toBe(201);
    const stored = await t.database.db
      .selectFrom('document_request')
      .select('document_name')
      .where('deal_id', '=', room.dealId)
      .execute();
    expect(stored.map((r) => r.document_name).sort()).toEqual([...names].sort());
  });
});
