import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS, runPrepared, statementNameOf } from '../src/db/prepared';
import { buildTestApp, createUser, type TestApp } from './helpers';

// Statements built once per shape and bound per request (db/prepared.ts, decision 029): the builder
// runs once, each call binds its own values, a value the statement needs cannot be left out, and
// on PostgreSQL a prepared statement is parsed once per connection under its own name.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['Ada Prepared', 'Ben Prepared', 'Cy Prepared']) {
    await createUser(t.app, { role: 'borrower', name });
  }
});
afterAll(() => t.close());

type Values = { name: string; limit: number; skip: string | undefined };

const byName = (db: TestApp['database']['db'], values: Values, calls: { n: number }, shape = 'by-name') =>
  runPrepared(
    db,
    shape,
    (slot) => {
      calls.n++;
      return db
        .selectFrom('user')
        .select('name')
        .where('name', 'like', slot('name'))
        .orderBy('name')
        .limit(slot('limit'));
    },
    values,
    { prepare: true },
  );

describe('runPrepared', () => {
  it('builds a shape once and binds each call’s own values', async () => {
    const calls = { n: 0 };
    const db = t.database.db;
    const first = await byName(db, { name: '%Prepared', limit: 2, skip: undefined }, calls);
    const second = await byName(db, { name: 'Cy%', limit: 5, skip: undefined }, calls);
    expect(first.map((r) => r.name)).toEqual(['Ada Prepared', 'Ben Prepared']);
    expect(second.map((r) => r.name)).toEqual(['Cy Prepared']);
    expect(calls.n).toBe(1);
  });

  it('refuses a call without a value its statement uses, before anything is sent', async () => {
    const calls = { n: 0 };
    await expect(
      byName(t.database.db, { name: undefined as unknown as string, limit: 1, skip: 'x' }, calls, 'missing'),
    ).rejects.toThrow('No value for slot name of statement missing');
  });

  it('names at most MAX_NAMED_STATEMENTS texts: past the cap a new shape still runs, unnamed', async () => {
    const db = t.database.db;
    const build = (n: number) => () =>
      db
        .selectFrom('user')
        .select(sql<number>`${sql.lit(n)}::int`.as('n'))
        .where('email', 'like', '%@%')
        .limit(1);
    for (let n = 0; n <= MAX_NAMED_STATEMENTS; n++) {
      const rows = await runPrepared(db, `capped-${n}`, build(n), {}, { prepare: true });
      expect(rows[0]?.n).toBe(n);
    }
    const names = Array.from({ length: MAX_NAMED_STATEMENTS + 1 }, (_, n) =>
      statementNameOf(build(n)().compile().sql),
    );
    expect(names.filter((name) => name !== undefined).length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
    expect(names.at(-1)).toBeUndefined();
  });

  it('is read-only to the change tracker: a prepared read leaves the read caches’ stamps alone', async () => {
    const stamp = t.database.changes.stamp(['user', 'project']);
    await byName(t.database.db, { name: '%', limit: 1, skip: undefined }, { n: 0 });
    expect(t.database.changes.stamp(['user', 'project'])).toBe(stamp);
  });
});

// Defined only in the PostgreSQL run: PGlite runs in this process and has no named statements.
if (process.env.PLINTH_TEST_DB === 'postgres') {
  describe('runPrepared on PostgreSQL', () => {
    it('sends a prepared statement under its name, parsed once on the connection', async () => {
      const calls = { n: 0 };
      const counts = await t.database.db.connection().execute(async (connection) => {
        await byName(connection, { name: 'Ada%', limit: 1, skip: undefined }, calls, 'on-one-connection');
        await byName(connection, { name: 'Ben%', limit: 1, skip: undefined }, calls, 'on-one-connection');
        const { rows } = await sql<{ name: string; statement: string }>`select name, statement
          from pg_prepared_statements`.execute(connection);
        return rows;
      });
      const compiled = t.database.db
        .selectFrom('user')
        .select('name')
        .where('name', 'like', 'x')
        .orderBy('name')
        .limit(1)
        .compile().sql;
      const name = statementNameOf(compiled);
      expect(name).toMatch(/^plinth_[0-9a-f]{20}$/);
      expect(counts.filter((row) => row.name === name)).toHaveLength(1);
      expect(calls.n).toBe(1);
    });

    it('sends a statement built without `prepare` unnamed: PostgreSQL plans it for its values', async () => {
      const db = t.database.db;
      const build = () => db.selectFrom('user').select('email').where('email', 'like', '%@%').limit(1);
      const rows = await runPrepared(db, 'unnamed', build, {}, { prepare: false });
      expect(rows).toHaveLength(1);
      expect(statementNameOf(build().compile().sql)).toBeUndefined();
    });
  });
}
