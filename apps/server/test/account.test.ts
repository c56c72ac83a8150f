import { accountMessages, DELETED_USER_NAME, deletedUserEmail } from '@plinth/domain/account';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { as, BASE_URL, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { insertPayment, projectRow } from './support/admin';
import { buildAppsSharingOneSchema, listenOnFreePort } from './support/events';
import { createFunder, decide, listedProject, requestAccessOk } from './support/marketplace';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const deleteMe = (app: FastifyInstance, user: TestUser | null, payload: unknown = { confirm: 'DELETE' }) =>
  as(app, user, { method: 'DELETE', url: '/api/users/me', payload: payload as Record<string, unknown> });
const me = (app: FastifyInstance, user: TestUser) =>
  as(app, user, { method: 'GET', url: '/api/auth/me' }).then((r) => r.statusCode);
const signIn = (app: FastifyInstance, user: TestUser) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: BASE_URL },
    payload: { email: user.email, password: user.password },
  });

/** Every table's rows as text, the audit log included (its entries are erased in place: decision 024). */
async function tablesMentioning(database: Db, needle: string): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database);
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    if (table_name.startsWith('kysely_')) continue;
    const hit = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table_name)} t where t::text ilike ${`%${needle}%`}`.execute(
      database,
    );
    if ((hit.rows[0]?.n ?? 0) > 0) found.push(table_name);
  }
  return found;
}

describe('DELETE /api/users/me: refusals', () => {
  it('anonymous: 401; without the word DELETE: 400 with the message, nothing changed', async () => {
    expect((await deleteMe(t.app, null)).statusCode).toBe(401);
    const user = await createUser(t.app, { role: 'borrower', profile: 'default' });
    for (const payload of [{}, { confirm: 'delete' }, { confirm: 'yes' }]) {
      const res = await deleteMe(t.app, user, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(accountMessages.confirmRequired);
    }
    expect(await me(t.app, user)).toBe(200);
  });

  it('an admin account is closed by the operator: 403', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const res = await deleteMe(t.app, admin);
    expect(res.statusCode).toBe(403);
    expect(await me(t.app, admin)).toBe(200);
  });
});

describe('DELETE /api/users/me: a developer leaves', () => {
  it('erases name and e-mail everywhere, ends sessions, withdraws listings, closes requests with a note, keeps payments and audit', async () => {
    const name = 'Delia Departing';
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default', name });
    const funder = await createFunder(t, 'active');
    const project = await listedProject(t, owner, { title: 'Departing Towers' });
    const paymentId = await insertPayment(db(), {
      userId: owner.id,
      projectId: project.id,
      status: 'completed',
    });
    const request = await requestAccessOk(t.app, funder, project.id);
    // A message from the developer in the conversation, and one to the support team.
    await db()
      .insertInto('message')
      .values({ access_request_id: request.id, sender_id: owner.id, message: 'Happy to help' })
      .execute();
    const auditBefore = await db().selectFrom('audit_log').select('id').execute();
    // The log names them before they leave (they created the listing): after, it must not.
    expect(await tablesMentioning(db(), name)).toContain('audit_log');

    const res = await deleteMe(t.app, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(accountMessages.deleted);

    // Signed out at once and for good.
    expect(await me(t.app, owner)).toBe(401);
    expect((await signIn(t.app, owner)).statusCode).toBe(401);

    // The listing is off the market; payment and the request's history remain.
    expect((await projectRow(db(), project.id))?.visible).toBe(false);
    const payment = await db()
      .selectFrom('payment')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirst();
    expect(payment?.user_id).toBe(owner.id);
    const access = await db()
      .selectFrom('access_request')
      .select('status')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(access.status).toBe('closed');
    const note = accountMessages.closedNote('developer');
    const system = await db()
      .selectFrom('message')
      .select(['message', 'message_type'])
      .where('access_request_id', '=', request.id)
      .where('message_type', '=', 'system')
      .execute();
    expect(system).toEqual([{ message: note, message_type: 'system' }]);
    const toFunder = await db()
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', funder.id)
      .execute();
    expect(toFunder.map((n) => n.message)).toContain(note);

    // The user row is anonymised; the name and e-mail are gone from every table.
    const row = await db()
      .selectFrom('user')
      .selectAll()
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: DELETED_USER_NAME, email: deletedUserEmail(owner.id) });
    expect(row.deleted_at).not.toBeNull();
    expect(await tablesMentioning(db(), owner.email)).toEqual([]);
    expect(await tablesMentioning(db(), name)).toEqual([]);
    for (const table of ['session', 'account', 'profile'] as const) {
      const left = await db().selectFrom(table).select('user_id').where('user_id', '=', owner.id).execute();
      expect(left, table).toEqual([]);
    }

    // The audit log keeps every entry, adds one naming no one, and still verifies.
    const auditAfter = await db().selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(auditAfter.length).toBe(auditBefore.length + 1);
    expect(auditAfter.at(-1)).toMatchObject({
      action: 'account.deleted',
      target_id: owner.id,
      actor_name: DELETED_USER_NAME,
    });
    expect(JSON.stringify(auditAfter.at(-1))).not.toContain(owner.email);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
  });
});

describe('DELETE /api/users/me: a funder leaves', () => {
  it('their subscription ends and the developer is told in the conversation', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const funder = await createFunder(t, 'active', { name: 'Frank Leaving' });
    const project = await listedProject(t, owner);
    const request = await requestAccessOk(t.app, funder, project.id);

    expect((await deleteMe(t.app, funder)).statusCode).toBe(200);
    const row = await db()
      .selectFrom('user')
      .select(['subscription_status', 'approved'])
      .where('id', '=', funder.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ subscription_status: 'inactive', approved: false });
    const note = accountMessages.closedNote('funder');
    const toOwner = await db()
      .selectFrom('notification')
      .select('message')
      .where('user_id', '=', owner.id)
      .execute();
    expect(toOwner.map((n) => n.message)).toContain(note);
    const access = await db()
      .selectFrom('access_request')
      .select('status')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(access.status).toBe('closed');
    // The developer's listing stays on the market.
    expect((await projectRow(db(), project.id))?.visible).toBe(true);
    expect(await tablesMentioning(db(), funder.email)).toEqual([]);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
  });
});

describe('PUT /api/users/{id}/profile: an admin', () => {
  it('edits their name only (admins have no company profile)', async () => {
    const admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' });
    const res = await as(t.app, admin, {
      method: 'PUT',
      url: `/api/users/${admin.id}/profile`,
      payload: { name: 'Ada Administrator' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada Administrator', company_name: null });
    expect((await as(t.app, admin, { method: 'GET', url: '/api/auth/me' })).json().name).toBe(
      'Ada Administrator',
    );
  });
});

describe('GET /api/users/me/data', () => {
  it('anonymous: 401', async () => {
    expect((await as(t.app, null, { method: 'GET', url: '/api/users/me/data' })).statusCode).toBe(401);
  });

  it("answers only the person's own account, profile, projects, messages and payments", async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Olive Owner' });
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const funder = await createFunder(t, 'active');
    const mine = await listedProject(t, owner, { title: 'Mine' });
    await listedProject(t, other, { title: 'Not mine' });
    const request = await requestAccessOk(t.app, funder, mine.id);
    await db()
      .insertInto('message')
      .values({ access_request_id: request.id, sender_id: owner.id, message: 'My reply' })
      .execute();
    await insertPayment(db(), {
      userId: owner.id,
      projectId: mine.id,
      status: 'completed',
      amountCents: 49_900,
    });

    const res = await as(t.app, owner, { method: 'GET', url: '/api/users/me/data' });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.account).toMatchObject({ id: owner.id, name: 'Olive Owner', email: owner.email });
    expect(data.profile).toMatchObject({ company_name: 'Test Developments Pty Ltd' });
    expect(data.projects.map((p: { title: string }) => p.title)).toEqual(['Mine']);
    expect(data.messages.map((m: { message: string }) => m.message)).toEqual(['My reply']);
    expect(data.payments).toEqual([expect.objectContaining({ amount: 499, status: 'completed' })]);
    expect(data.access_requests).toEqual([]);

    const funderData = (await as(t.app, funder, { method: 'GET', url: '/api/users/me/data' })).json();
    // A pending request: the title belongs to the whole file, not yet the funder's (decision 047).
    expect(funderData.access_requests).toEqual([
      expect.objectContaining({ id: request.id, status: 'pending', project_title: null }),
    ]);
    expect(funderData.projects).toEqual([]);
    // Once granted, the request names its project, as the app does.
    expect((await decide(t.app, owner, request.id, 'approve')).statusCode).toBe(200);
    const granted = (await as(t.app, funder, { method: 'GET', url: '/api/users/me/data' })).json();
    expect(granted.access_requests).toEqual([expect.objectContaining({ project_title: 'Mine' })]);
  });
});

// A second server process on the same PostgreSQL: its cached session must end with the account.
const postgresUrl = process.env.PLINTH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (postgresUrl) {
  describe('DELETE /api/users/me across server processes (PostgreSQL)', () => {
    it('app B refuses the old cookie as soon as app A deletes the account', async () => {
      const { apps, close } = await buildAppsSharingOneSchema(postgresUrl, 2);
      try {
        const [appA, appB] = apps as [FastifyInstance, FastifyInstance];
        await listenOnFreePort(appA);
        await listenOnFreePort(appB);
        const user = await createUser(appA, { role: 'borrower', profile: 'default' });
        expect(await me(appB, user)).toBe(200);
        expect(await me(appB, user)).toBe(200);
        expect((await deleteMe(appA, user)).statusCode).toBe(200);
        await expect.poll(() => me(appB, user), { timeout: 2000 }).toBe(401);
      } finally {
        await close();
      }
    });
  });
}
