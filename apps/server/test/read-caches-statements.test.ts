import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TABLES, ChangeTracker, tablesWrittenBy } from '../src/db/change-tracker';
import { listingAlertsJob } from '../src/modules/listing-alerts/listing-alerts.service';
import { buildTestApp, createUser, type TestApp } from './helpers';
import { settled as settledApp } from './support/read-caches';

// The read caches' first question (docs/decisions/012-read-caches.md): which tables a statement
// writes, and so which cached answers it makes stale. A statement the tracker cannot read marks
// everything; one it can read marks only its tables, and a delete only what its foreign keys reach.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const tracker = () => t.database.changes;
const settled = () => settledApp(t);

describe('which tables a statement writes', () => {
  it('reads write nothing; inserts and updates their table; deletes of unknown reach, raw writes and writing CTEs everything', () => {
    expect(tablesWrittenBy(db().selectFrom('project').selectAll().compile())).toEqual([]);
    expect(
      tablesWrittenBy(
        db()
          .insertInto('notification')
          .values({ user_id: 'x', type: 'system', title: 't', message: 'm' } as never)
          .compile(),
      ),
    ).toEqual(['notification']);
    expect(tablesWrittenBy(db().updateTable('user').set({ name: 'n' }).compile())).toEqual(['user']);
    expect(tablesWrittenBy(db().updateTable('project as p').set({ visible: true }).compile())).toEqual([
      'project',
    ]);
    // A delete can cascade along foreign keys to tables it does not name: without the schema's keys, everything.
    expect(tablesWrittenBy(db().deleteFrom('user').where('id', '=', 'x').compile())).toEqual([ALL_TABLES]);
    expect(
      tablesWrittenBy(
        db().deleteFrom('project_document').where('id', '=', 'x').compile(),
        new ChangeTracker(),
      ),
    ).toEqual([ALL_TABLES]);
    expect(tablesWrittenBy(sql`select 1`.compile(db()))).toEqual([]);
    expect(tablesWrittenBy(sql`  SELECT pg_notify('a', 'b')`.compile(db()))).toEqual([]);
    expect(tablesWrittenBy(sql`select pg_advisory_xact_lock(5301, hashtext(${'x'}))`.compile(db()))).toEqual(
      [],
    );
    expect(tablesWrittenBy(sql`update project set visible = true`.compile(db()))).toEqual([ALL_TABLES]);
    // A select can still write: through a function, a second statement, or EXPLAIN ANALYZE.
    expect(tablesWrittenBy(sql`select marketplace_summary_rebuild()`.compile(db()))).toEqual([ALL_TABLES]);
    expect(tablesWrittenBy(sql`select 1; delete from session`.compile(db()))).toEqual([ALL_TABLES]);
    expect(tablesWrittenBy(sql`explain analyze delete from session`.compile(db()))).toEqual([ALL_TABLES]);
    expect(
      tablesWrittenBy(
        db()
          .with('gone', (qb) => qb.deleteFrom('access_request').returning('id'))
          .insertInto('notification')
          .values({ user_id: 'x', type: 'system', title: 't', message: 'm' } as never)
          .compile(),
      ),
    ).toEqual([ALL_TABLES]);
    expect(
      tablesWrittenBy(
        db()
          .with('gone', (qb) => qb.updateTable('project').set({ visible: false }).returning('id'))
          .selectFrom('gone')
          .selectAll()
          .compile(),
      ),
    ).toEqual([ALL_TABLES]);
  });
});

describe("what a delete marks, once the schema's foreign keys are learnt", () => {
  const deleteFrom = (table: 'user' | 'project_document' | 'message') =>
    tablesWrittenBy(db().deleteFrom(table).where('id', '=', 'x').compile(), tracker());

  it('a replaced document marks its own table, never the sessions or the people', () => {
    const written = deleteFrom('project_document');
    expect(written).toContain('project_document');
    expect(written).not.toContain(ALL_TABLES);
    for (const table of ['session', 'user', 'project', 'access_request'])
      expect(written).not.toContain(table);
  });

  it('a deleted person marks every table their rows cascade to, through more than one key', () => {
    const written = deleteFrom('user');
    // session → user directly; message → access_request → user; project_document → project → user.
    for (const table of [
      'user',
      'session',
      'account',
      'project',
      'access_request',
      'message',
      'project_document',
    ])
      expect(written).toContain(table);
    expect(written).not.toContain(ALL_TABLES);
  });

  it('a table nothing references marks only itself', () => {
    expect(deleteFrom('message')).toEqual(['message']);
  });

  it('a delete through USING, whose reach is not one table, still marks everything', () => {
    const query = db()
      .deleteFrom('project_document')
      .using('project')
      .whereRef('project.id', '=', 'project_document.project_id')
      .compile();
    expect(tablesWrittenBy(query, tracker())).toEqual([ALL_TABLES]);
  });

  it('a job queued in a transaction (pg-boss, raw SQL in its own schema) leaves the session cache current', async () => {
    await settled();
    const sessions = tracker().stamp(['session', 'user']);
    await db()
      .transaction()
      .execute((trx) =>
        t.app.jobs.send(trx, listingAlertsJob, { projectId: '00000000-0000-4000-8000-000000000000' }),
      );
    expect(tracker().stamp(['session', 'user'])).toBe(sessions);
    // The same raw insert, unmarked, still counts as a write to every table.
    const queued = await t.app.jobs.queued(listingAlertsJob);
    expect(queued.length).toBeGreaterThan(0);
    await db().executeQuery(
      CompiledQuery.raw(`delete from ${t.app.jobs.schema}.job where name = $1`, [listingAlertsJob.name]),
    );
    expect(tracker().stamp(['session', 'user'])).not.toBe(sessions);
  });

  it("the market index's catch-up read (pg_snapshot_xmax) writes nothing", () => {
    expect(
      tablesWrittenBy(
        sql`select market_change.xid >= pg_snapshot_xmax(pg_current_snapshot()) as foreign_xid from market_change`.compile(
          db(),
        ),
      ),
    ).toEqual([]);
  });

  it('a session read stays current across a deleted document, and not across a deleted person', async () => {
    await settled();
    const sessions = tracker().stamp(['session', 'user']);
    await db()
      .deleteFrom('project_document')
      .where('id', '=', '00000000-0000-4000-8000-000000000000')
      .execute();
    expect(tracker().stamp(['session', 'user'])).toBe(sessions);
    const other = await createUser(t.app, { role: 'funder' });
    await settled();
    const before = tracker().stamp(['session']);
    await db().deleteFrom('user').where('id', '=', other.id).execute();
    expect(tracker().stamp(['session'])).toBeGreaterThan(before);
  });
});
