import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketIndex } from '../src/modules/projects/market-index';
import { buildTestApp, createUser, type TestApp } from './helpers';
import { financials, listedProject, writeBehindTheBack } from './support/marketplace';

// Issue 31: a catch-up that finds nothing committed since the index's snapshot (another catch-up got
// there first, or nothing was written) is no reason to build the whole index again. Under bench:load
// such catch-ups rebuilt the index every few seconds (20,000 listings each time).

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
  for (let i = 0; i < 5; i++)
    await listedProject(t, owner, { ...financials(1_000_000 + i * 10_000, 150_000) });
});
afterAll(() => t.close());

describe('a catch-up with nothing new', () => {
  it('keeps the index it has: no build, the same snapshot', async () => {
    const index = new MarketIndex();
    await index.catchUp(t.database.db);
    expect(index.builds).toBe(1);
    const snapshot = index.snapshot;
    // Nothing written in between: the catch-up's snapshot is the index's own.
    await index.catchUp(t.database.db);
    await index.catchUp(t.database.db);
    expect(index.builds).toBe(1);
    expect(index.snapshot).toBe(snapshot);
  });

  it('a catch-up queued behind one that already applied the change builds nothing either', async () => {
    const index = new MarketIndex();
    await index.catchUp(t.database.db);
    const size = index.size;
    await writeBehindTheBack(
      t,
      `update project set visible = false where id = (select id from project
      where payment_status = 'paid' and visible and funded_at is null order by id limit 1)`,
      [],
    );
    // The first applies the change; the second, asked while the first runs, finds nothing new.
    const first = index.catchUp(t.database.db);
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    const second = index.catchUp(t.database.db);
    await Promise.all([first, second]);
    expect(index.size).toBe(size - 1);
    expect(index.builds).toBe(1);
  });
});
