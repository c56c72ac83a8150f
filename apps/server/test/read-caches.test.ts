import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ALL_TABLES, ChangeTracker, SILENT_AFTER_MS } from '../src/db/change-tracker';
import { createReadCache } from '../src/db/read-cache';
import { as, buildTestApp, createUser, type TestApp } from './helpers';
import { buildAppsSharingOneSchema, listenOnFreePort } from './support/events';
import { createFunder, listedProject, market, requestAccessOk } from './support/marketplace';
import { settled as settledApp } from './support/read-caches';

// The read caches (docs/decisions/012-read-caches.md): sessions, a funder's standing and
// marketplace pages are served from memory until a table they depend on is written. These tests
// hold them to that: every write, through the API or straight to the database, is seen by the
// next read, and a write that lands during a read never leaves the older answer behind.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const tracker = () => t.database.changes;
const settled = () => settledApp(t);

describe('the change tracker of a database', () => {
  it('moves the stamp of a table written through the app, and of no other table', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const project = await listedProject(t, owner);
    await settled();
    const before = { project: tracker().stamp(['project']), user: tracker().stamp(['user']) };
    await db().selectFrom('project').selectAll().execute();
    expect(tracker().stamp(['project'])).toBe(before.project);
    await db().updateTable('project').set({ title: 'Renamed' }).where('id', '=', project.id).execute();
    expect(tracker().stamp(['project'])).toBeGreaterThan(before.project);
    expect(tracker().stamp(['user'])).toBe(before.user);
  });

  it('moves it again when a transaction commits, so a read started inside the transaction is not kept', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const project = await listedProject(t, owner);
    let insideStamp = 0;
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('project')
          .set({ title: 'In a transaction' })
          .where('id', '=', project.id)
          .execute();
        insideStamp = tracker().stamp(['project']);
      });
    expect(tracker().stamp(['project'])).toBeGreaterThan(insideStamp);
  });

  it('a rolled-back transaction also moves it (harmless: the cache reads again)', async () => {
    const before = tracker().stamp(['user']);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('user').set({ name: 'Never' }).where('id', '=', 'nobody').execute();
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    expect(tracker().stamp(['user'])).toBeGreaterThan(before + 1);
  });
});

describe('a read cache', () => {
  it('serves a hit without loading, and loads again after a write to a table it depends on', async () => {
    const changes = new ChangeTracker();
    const cache = createReadCache<{ n: number }>(changes, { tables: ['project'], max: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    changes.touch(['user']);
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    changes.touch(['project']);
    expect(await cache.get('k', load)).toEqual({ n: 2 });
    changes.touch([ALL_TABLES]);
    expect(await cache.get('k', load)).toEqual({ n: 3 });
  });

  it('lookup says whether the value was a hit', async () => {
    const changes = new ChangeTracker();
    const cache = createReadCache<{ n: number }>(changes, { tables: ['project'], max: 10, ttlMs: 60_000 });
    const load = async () => ({ n: 1 });
    expect(await cache.lookup('k', load)).toEqual({ value: { n: 1 }, hit: false });
    expect(await cache.lookup('k', load)).toEqual({ value: { n: 1 }, hit: true });
    changes.touch(['project']);
    expect((await cache.lookup('k', load)).hit).toBe(false);
  });

  it('does not keep what was read while a write landed', async () => {
    const changes = new ChangeTracker();
    const cache = createReadCache<{ v: string }>(changes, { tables: ['project'], max: 10, ttlMs: 60_000 });
    const first = await cache.get('k', async () => {
      changes.touch(['project']); // another request's write commits while this read runs
      return { v: 'read before the write' };
    });
    expect(first.v).toBe('read before the write');
    expect(await cache.get('k', async () => ({ v: 'read after the write' }))).toEqual({
      v: 'read after the write',
    });
  });

  it('shares one load between concurrent misses of one key', async () => {
    const changes = new ChangeTracker();
    const cache = createReadCache<{ n: number }>(changes, { tables: ['project'], max: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { n: ++loads };
    };
    const results = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(results).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(loads).toBe(1);
  });

  it('keeps only what `keep` accepts, and no more than `maxSize` in all', async () => {
    const changes = new ChangeTracker();
    const cache = createReadCache<{ text: string }>(changes, {
      tables: ['session'],
      max: 100,
      ttlMs: 60_000,
      keep: (value) => value.text !== 'refused',
      maxSize: { total: 10, sizeOf: (value) => value.text.length },
    });
    let loads = 0;
    const load = (text: string) => async () => {
      loads++;
      return { text };
    };
    await cache.get('a', load('refused'));
    await cache.get('a', load('refused'));
    expect(loads).toBe(2);
    await cache.get('b', load('123456'));
    await cache.get('b', load('123456'));
    expect(loads).toBe(3);
    // Six and six characters are more than ten: the older entry leaves.
    await cache.get('c', load('abcdef'));
    await cache.get('b', load('123456'));
    expect(loads).toBe(5);
  });

  it('keeps nothing while other processes cannot be heard', async () => {
    const changes = new ChangeTracker();
    const cache = createReadCache<{ n: number }>(changes, { tables: ['project'], max: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    changes.setDeaf(true);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(2);
    changes.setDeaf(false);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(3);
    expect(changes.reconnects).toBe(1);
  });

  it('keeps nothing once the LISTEN connection has gone unheard for SILENT_AFTER_MS, until it is heard again', async () => {
    const changes = new ChangeTracker();
    const cache = createReadCache<{ n: number }>(changes, { tables: ['project'], max: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    changes.heard();
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(1);
    // No notification and no ping: what was kept, and what is read now, is not trusted.
    await new Promise((resolve) => setTimeout(resolve, SILENT_AFTER_MS + 100));
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(3);
    // A ping came back: kept again from the next read on.
    changes.heard();
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(4);
  });

  it('with pings, silence is a ping unanswered for SILENT_AFTER_MS beyond how late the timers ran, not a busy process', async () => {
    const changes = new ChangeTracker();
    const cache = createReadCache<{ n: number }>(changes, { tables: ['project'], max: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const wait = () => new Promise((resolve) => setTimeout(resolve, SILENT_AFTER_MS + 100));
    changes.heard();
    changes.pingSent(0);
    changes.heard(true);
    await cache.get('k', load);
    // Nothing heard for longer than SILENT_AFTER_MS, but every ping sent was answered (a process
    // whose timer did not get to send the next): still trusted.
    await wait();
    await cache.get('k', load);
    expect(loads).toBe(1);
    // A ping left unanswered for SILENT_AFTER_MS: nothing is trusted, until it is answered.
    changes.pingSent(0);
    await wait();
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(3);
    changes.heard(true);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(4);
    // Sent by a timer that ran SILENT_AFTER_MS late: its answer may be waiting unread that long.
    changes.pingSent(SILENT_AFTER_MS);
    await wait();
    await cache.get('k', load);
    expect(loads).toBe(4);
    // Pings of a lost connection do not count against the next one.
    changes.pingSent(0);
    changes.setDeaf(true);
    changes.setDeaf(false);
    changes.heard();
    await cache.get('k', load);
    await wait();
    await cache.get('k', load);
    expect(loads).toBe(5);
  });
});

describe('the API through its caches', () => {
  it('a marketplace page follows a listing changed straight in the database, and a request the funder makes', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const funder = await createFunder(t, 'active');
    const project = await listedProject(t, owner, { loan_amount: 3_000_000 });
    const amountOf = async () => {
      const res = await market(t.app, funder, { limit: 100 });
      expect(res.statusCode).toBe(200);
      return res.json().items.find((item: { id: string }) => item.id === project.id)?.loan_amount;
    };
    expect(await amountOf()).toBe(3_000_000);
    expect(await amountOf()).toBe(3_000_000);
    await db().updateTable('project').set({ loan_amount: 3_500_000 }).where('id', '=', project.id).execute();
    expect(await amountOf()).toBe(3_500_000);
    await requestAccessOk(t.app, funder, project.id);
    expect(await amountOf()).toBeUndefined();
  });

  it('a marketplace page says x-read-cache: miss when read, hit when served again, miss after a write', async () => {
    const funder = await createFunder(t, 'active');
    const header = async () => (await market(t.app, funder, { state: 'TAS' })).headers['x-read-cache'];
    expect(await header()).toBe('miss');
    expect(await header()).toBe('hit');
    await sql`update project set visible = visible where false`.execute(db());
    expect(await header()).toBe('miss');
  });

  it("the gate follows a funder's standing changed straight in the database", async () => {
    const funder = await createFunder(t, 'active');
    expect((await market(t.app, funder)).statusCode).toBe(200);
    await db().updateTable('user').set({ approved: false }).where('id', '=', funder.id).execute();
    const refused = await market(t.app, funder);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_PENDING_APPROVAL');
  });

  it('a session ended straight in the database is refused on the next request', async () => {
    const user = await createUser(t.app, { role: 'borrower', profile: 'default' });
    expect((await as(t.app, user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    await db().deleteFrom('session').where('user_id', '=', user.id).execute();
    expect((await as(t.app, user, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it("a role changed straight in the database is the one the next request's guard sees", async () => {
    const user = await createUser(t.app, { role: 'funder', profile: 'default' });
    expect((await as(t.app, user, { method: 'POST', url: '/api/projects', payload: {} })).statusCode).toBe(
      403,
    );
    await db().updateTable('user').set({ role: 'borrower' }).where('id', '=', user.id).execute();
    // Past the guard now: the empty body is the next thing refused.
    expect((await as(t.app, user, { method: 'POST', url: '/api/projects', payload: {} })).statusCode).toBe(
      400,
    );
  });
});

// Two server processes on one PostgreSQL: what one writes, the other's caches hear through the
// change triggers and LISTEN. Defined only in the PostgreSQL run (an embedded PGlite has a single
// process), like the live-events test across processes.
const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (postgresUrl) {
  describe('read caches across server processes (PostgreSQL)', () => {
    it("app B's cached page, standing and session follow what app A writes", async () => {
      const { apps, close } = await buildAppsSharingOneSchema(postgresUrl, 2);
      try {
        const [appA, appB] = apps as [typeof t.app, typeof t.app];
        await listenOnFreePort(appA);
        await listenOnFreePort(appB);
        const shared = { app: appA, database: { db: appA.deps.db } } as unknown as TestApp;
        const owner = await createUser(appA, { role: 'borrower', profile: 'default' });
        const funder = await createFunder(shared, 'active');
        const project = await listedProject(shared, owner, { loan_amount: 2_000_000 });
        const idsOnB = async () => {
          const res = await market(appB, funder, { limit: 100 });
          return res.statusCode === 200
            ? res.json().items.map((item: { id: string }) => item.id)
            : res.statusCode;
        };

        // Cached on B, then the funder asks for access through A: gone from B's page.
        expect(await idsOnB()).toEqual([project.id]);
        expect(await idsOnB()).toEqual([project.id]);
        await requestAccessOk(appA, funder, project.id);
        await expect.poll(idsOnB, { timeout: 2000 }).toEqual([]);

        // B's cached standing follows an approval withdrawn through A's database.
        await appA.deps.db.updateTable('user').set({ approved: false }).where('id', '=', funder.id).execute();
        await expect.poll(idsOnB, { timeout: 2000 }).toBe(403);

        // Signed out through A: B's cached session is refused.
        const me = () =>
          as(appB, owner, { method: 'GET', url: '/api/auth/me' }).then((res) => res.statusCode);
        expect(await me()).toBe(200);
        const signOut = await as(appA, owner, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
        expect(signOut.statusCode).toBe(200);
        await expect.poll(me, { timeout: 2000 }).toBe(401);
      } finally {
        await close();
      }
    });
  });
}

describe('READ_CACHE=off', () => {
  it('config: READ_CACHE accepts on and off only, and is on by default', () => {
    expect(loadConfig({}).READ_CACHE).toBe(true);
    expect(loadConfig({ READ_CACHE: 'off' }).READ_CACHE).toBe(false);
    expect(() => loadConfig({ READ_CACHE: 'no' })).toThrow(/READ_CACHE/);
  });

  it('a tracker with caching off makes every read a miss, so nothing is served from memory', async () => {
    const cache = createReadCache<{ n: number }>(new ChangeTracker(false), {
      tables: ['project'],
      max: 10,
      ttlMs: 60_000,
    });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });

  it('an app started with READ_CACHE=off keeps no read: its tracker never gives the same stamp twice', async () => {
    await settled();
    expect(tracker().stamp(['user', 'session'])).toBe(tracker().stamp(['user', 'session']));
    const off = await buildTestApp({ READ_CACHE: 'off' });
    try {
      expect(off.app.deps.config.READ_CACHE).toBe(false);
      const changes = off.database.changes;
      expect(changes.stamp(['user', 'session'])).not.toBe(changes.stamp(['user', 'session']));
      // and the app still answers, every time from the database
      const funder = await createUser(off.app, { role: 'funder' });
      for (let i = 0; i < 2; i++) {
        const me = await as(off.app, funder, { method: 'GET', url: '/api/auth/me' });
        expect(me.statusCode).toBe(200);
      }
    } finally {
      await off.close();
    }
  });
});
