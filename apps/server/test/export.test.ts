import { calendarDay } from '@plinth/domain/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFileName } from '../src/modules/admin/export.service';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, insertPayment, projectIn } from './support/admin';
import { createFunder, requestAccessOk } from './support/marketplace';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Erin Export' });
});
afterAll(() => t.close());

const exportAll = (user: TestUser | null) => adminCall(t.app, user, 'GET', '/export-all-data');

describe('GET /api/admin/export-all-data', () => {
  it('the file is named with the day in Sydney (issue 37 item 13): 1:30 am on the 29th there is the 29th', () => {
    expect(exportFileName(new Date('2026-11-28T14:30:00Z'))).toBe('plinth-export-2026-11-29.json');
  });

  it('401 to anonymous, 403 to a developer, an active funder and an unapproved funder', async () => {
    expect((await exportAll(null)).statusCode).toBe(401);
    expect(
      (await exportAll(await createUser(t.app, { role: 'borrower', profile: 'default' }))).statusCode,
    ).toBe(403);
    expect((await exportAll(await createFunder(t, 'active'))).statusCode).toBe(403);
    expect((await exportAll(await createFunder(t, 'pending_approval'))).statusCode).toBe(403);
  });

  it('every readable table as JSON named plinth-export-YYYY-MM-DD.json, with no password hash, token or secret; audited', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Pia Project' });
    const funder = await createFunder(t, 'active');
    const project = await projectIn(t.app, owner, 'published', { title: 'Exported Listing' });
    await requestAccessOk(t.app, funder, project.id);
    await insertPayment(t.database.db, { userId: owner.id, projectId: project.id, status: 'completed' });
    // A verification token and an e-mail in the outbox, which must not leave the server.
    await t.database.db
      .insertInto('verification')
      .values({
        id: 'v1',
        identifier: owner.email,
        value: 'verification-token-secret',
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();

    const res = await exportAll(admin);
    expect(res.statusCode).toBe(200);
    const today = calendarDay(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="plinth-export-${today}.json"`);
    expect(res.headers['content-type']).toContain('application/json');
    const data = JSON.parse(res.body);
    expect(Object.keys(data.tables)).toEqual(
      expect.arrayContaining(['user', 'project', 'payment', 'audit_log', 'access_request']),
    );
    for (const table of ['session', 'account', 'verification', 'outbox'])
      expect(Object.keys(data.tables), table).not.toContain(table);
    expect(data.tables.project.map((p: { title: string }) => p.title)).toContain('Exported Listing');
    expect(data.tables.user.map((u: { email: string }) => u.email)).toContain(owner.email);

    // Every secret the database holds, searched for in the whole file.
    const secrets = [
      ...(await t.database.db.selectFrom('account').select('password').execute()).map((a) => a.password),
      ...(await t.database.db.selectFrom('session').select('token').execute()).map((s) => s.token),
      'verification-token-secret',
    ].filter((s): s is string => !!s);
    expect(secrets.length).toBeGreaterThan(3);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    for (const word of [
      '"password"',
      '"token"',
      '"access_token"',
      '"refresh_token"',
      '"id_token"',
      'client_secret',
    ])
      expect(res.body).not.toContain(word);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'platform.exported')
      .execute();
    expect(audit.map((a) => a.actor_id)).toEqual([admin.id]);
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true });
  });

  it('pages through a table larger than one page without repeating or losing a row', async () => {
    const owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const rows = Array.from({ length: 1_203 }, (_, i) => ({
      user_id: owner.id,
      type: 'system',
      related_id: null,
      message: `bulk ${i}`,
    }));
    await t.database.db.insertInto('notification').values(rows).execute();
    const res = await as(t.app, admin, { method: 'GET', url: '/api/admin/export-all-data' });
    const mine = JSON.parse(res.body).tables.notification.filter(
      (n: { user_id: string }) => n.user_id === owner.id,
    );
    expect(mine.length).toBe(1_203);
    expect(new Set(mine.map((n: { id: string }) => n.id)).size).toBe(1_203);
  });
});
