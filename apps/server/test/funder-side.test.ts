import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funderSide, funderSidesOf } from '../src/modules/projects/funder-side';
import { MarketIndex } from '../src/modules/projects/market-index';
import { readFunderSides } from '../src/modules/projects/market-index.repository';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import {
  createFunder,
  financials,
  listedProject,
  market,
  requestAccessOk,
  writeBehindTheBack as writeBehindTheBackOf,
} from './support/marketplace';

// Issue 12 item 1 (decision 031): each server process keeps a funder's requests as the marketplace
// last read them, and every read's one statement sends them again exactly when one of them changed
// in a transaction the kept copy's snapshot could not see, whoever wrote it.

let t: TestApp;
let funder: TestUser;
let other: TestUser;
let owner: TestUser;
const ids: string[] = [];
let index: MarketIndex;

const writeBehindTheBack = (text: string, values: unknown[] = []) => writeBehindTheBackOf(t, text, values);
/** The funder-side statement for one funder, told the snapshot of the copy the caller keeps (if any). */
async function readOne(who: TestUser, known?: string) {
  const side = await readFunderSides(t.database.db, [{ funderId: who.id, known }], index.snapshot as string);
  return { ...side, requests: side.requests.get(who.id) };
}
const read = (known?: string) => readOne(funder, known);

beforeAll(async () => {
  t = await buildTestApp();
  funder = await createFunder(t, 'active');
  other = await createFunder(t, 'active');
  owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
  for (let i = 0; i < 4; i++) {
    ids.push((await listedProject(t, owner, financials(1_000_000 + i * 250_000, 150_000))).id);
  }
  index = new MarketIndex();
  await index.catchUp(t.database.db);
});
afterAll(() => t.close());

describe("a funder's requests kept for the marketplace", () => {
  it('are sent again only after one of them changed, by any writer', async () => {
    const pending = await requestAccessOk(t.app, funder, ids[0]!);
    const first = (await read()).requests;
    expect(first?.current.get(ids[0]!)).toEqual({ id: pending.id, status: 'pending', deal_id: null });
    expect([...first!.offMarket]).toEqual([ids[0]]);
    let kept = first!;
    expect((await read(kept.snapshot)).requests).toBeNull();

    // Another funder's request, and an edit the marketplace does not read: still current.
    await requestAccessOk(t.app, other, ids[1]!);
    await writeBehindTheBack(`update access_request set initial_message = 'Keen to talk' where id = $1`, [
      pending.id,
    ]);
    expect((await read(kept.snapshot)).requests).toBeNull();

    /** After a change: sent again, and current from the new copy's snapshot on. */
    const changed = async () => {
      const { requests } = await read(kept.snapshot);
      expect(requests).not.toBeNull();
      kept = requests!;
      expect((await read(kept.snapshot)).requests).toBeNull();
      return kept;
    };

    // Declined: the listing is back on their market.
    await writeBehindTheBack(`update access_request set status = 'declined' where id = $1`, [pending.id]);
    expect((await changed()).offMarket.size).toBe(0);
    expect(kept.current.get(ids[0]!)?.status).toBe('declined');

    // A request made behind its back, then granted with a deal: its card leads to the deal room.
    await writeBehindTheBack(
      `insert into access_request (project_id, funder_id, status) values ($1, $2, 'pending')`,
      [ids[2], funder.id],
    );
    expect([...(await changed()).offMarket]).toEqual([ids[2]]);
    const made = kept.current.get(ids[2]!)!;
    await writeBehindTheBack(`update access_request set status = 'approved' where id = $1`, [made.id]);
    await writeBehindTheBack(
      `insert into deal (project_id, access_request_id, borrower_id, funder_id) values ($1, $2, $3, $4)`,
      [ids[2], made.id, owner.id, funder.id],
    );
    const withDeal = (await changed()).current.get(ids[2]!);
    expect(withDeal).toMatchObject({ id: made.id, status: 'approved', deal_id: expect.any(String) });

    // Removed, as a listing's deletion removes its requests.
    await writeBehindTheBack('delete from access_request where id = $1', [made.id]);
    expect((await changed()).current.has(ids[2]!)).toBe(false);
  });

  it('are read once and then kept: the same copy until one changes', async () => {
    const db = t.database.db;
    const snapshot = index.snapshot as string;
    const first = await funderSide(db, other.id, snapshot);
    expect([...first.requests.offMarket]).toEqual([ids[1]]);
    const again = await funderSide(db, other.id, snapshot);
    expect(again.requests).toBe(first.requests);
    await requestAccessOk(t.app, other, ids[3]!);
    const after = await funderSide(db, other.id, snapshot);
    expect(after.requests).not.toBe(first.requests);
    expect([...after.requests.offMarket].sort()).toEqual([ids[1], ids[3]].sort());
  });

  it('reads asked in the same moment share one statement, each with its own funder’s requests', async () => {
    const sides = funderSidesOf(t.database.db);
    const alone = {
      funder: (await readOne(funder)).requests!,
      other: (await readOne(other)).requests!,
      owner: (await readOne(owner)).requests!,
    };
    const before = sides.statements;
    const who = [funder, other, owner];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        funderSide(t.database.db, who[i % 3]!.id, index.snapshot as string),
      ),
    );
    expect(sides.statements - before).toBe(1);
    answers.forEach((answer, i) => {
      const expected = [alone.funder, alone.other, alone.owner][i % 3]!;
      expect(answer.requests.current).toEqual(expected.current);
      expect(answer.requests.offMarket).toEqual(expected.offMarket);
    });
  });

  it('through the API: a request made on another server is on the funder’s cards on their next page read', async () => {
    // Each read a page not read before: a page once read is kept by the read cache until this
    // process hears of a write (decision 012; from another process, by notification).
    let limit = 100;
    const cards = async () =>
      new Map(
        (await market(t.app, funder, { limit: limit-- }))
          .json()
          .items.map((item: { id: string; access_status: string | null }) => [item.id, item.access_status]),
      );
    expect((await cards()).get(ids[3]!)).toBeNull();
    // Made by another server process: this one's change tracker never hears of it.
    await writeBehindTheBack(
      `insert into access_request (project_id, funder_id, status) values ($1, $2, 'pending')`,
      [ids[3], funder.id],
    );
    expect((await cards()).has(ids[3]!)).toBe(false);
  });
});

const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (postgresUrl) {
  describe("a funder's kept requests beside concurrent transactions (PostgreSQL)", () => {
    it('a request in a transaction still open when they were read is seen once it commits', async () => {
      const writer = await t.database.pool!.connect();
      try {
        await writer.query('begin');
        await writer.query(
          `update access_request set status = 'closed' where funder_id = $1 and project_id = $2`,
          [other.id, ids[3]],
        );
        const open = (await readOne(other)).requests!;
        expect(open.offMarket.has(ids[3]!)).toBe(true);
        const unchanged = await readOne(other, open.snapshot);
        expect(unchanged.requests).toBeNull();
        await writer.query('commit');
        const committed = await readOne(other, open.snapshot);
        expect(committed.requests?.offMarket.has(ids[3]!)).toBe(false);
        expect(committed.requests?.current.get(ids[3]!)?.status).toBe('closed');
      } finally {
        writer.release();
      }
    });

    it('a read that arrives while statements run waits for one sent after it: it sees what committed before it', async () => {
      const db = t.database.db;
      const sides = funderSidesOf(db);
      const snapshot = index.snapshot as string;
      const pool = t.database.pool!;
      const [holder, writer] = [await pool.connect(), await pool.connect()];
      try {
        // Every funder-side statement reads system_setting: while this lock is held, they wait.
        await holder.query('begin');
        await holder.query('lock table system_setting in access exclusive mode');
        const before = sides.statements;
        const first = [funderSide(db, funder.id, snapshot)];
        await new Promise((resolve) => setImmediate(resolve));
        first.push(funderSide(db, funder.id, snapshot));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(sides.statements - before).toBe(2);
        // Committed after those two were sent, and before the next reads arrive.
        const made = await writer.query(
          `insert into access_request (project_id, funder_id, status) values ($1, $2, 'pending') returning id`,
          [ids[1], funder.id],
        );
        const later = [funderSide(db, funder.id, snapshot), funderSide(db, funder.id, snapshot)];
        await new Promise((resolve) => setTimeout(resolve, 50));
        // Both slots are taken: the later reads wait, together.
        expect(sides.statements - before).toBe(2);
        await holder.query('commit');
        await Promise.all(first);
        for (const answer of await Promise.all(later)) {
          expect(answer.requests.current.get(ids[1]!)).toMatchObject({
            id: made.rows[0].id,
            status: 'pending',
          });
        }
        expect(sides.statements - before).toBe(3);
      } finally {
        await holder.query('rollback').catch(() => {});
        holder.release();
        writer.release();
      }
    });
  });
}
