import { settingMessages } from '@plinth/domain/system-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { adminCall, auditFor } from './support/admin';
import { createFunder } from './support/marketplace';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Sam Settings' });
});
afterAll(() => t.close());

const put = (user: TestUser | null, key: string, payload: unknown) =>
  adminCall(t.app, user, 'PUT', `/system-settings/${key}`, payload as Record<string, unknown>);

describe('system settings: who may call them', () => {
  it('401 to anonymous, 403 to a developer, an active funder and an unapproved funder, before the body is read', async () => {
    const callers: [TestUser | null, number][] = [
      [null, 401],
      [await createUser(t.app, { role: 'borrower', profile: 'default' }), 403],
      [await createFunder(t, 'active'), 403],
      [await createFunder(t, 'pending_approval'), 403],
    ];
    for (const [user, status] of callers) {
      expect((await adminCall(t.app, user, 'GET', '/system-settings')).statusCode).toBe(status);
      expect((await adminCall(t.app, user, 'GET', '/system-settings/required_documents')).statusCode).toBe(
        status,
      );
      expect((await put(user, 'required_documents', { value: 42 })).statusCode).toBe(status);
    }
  });
});

describe('system settings', () => {
  it('lists every setting with its value and description', async () => {
    const res = await adminCall(t.app, admin, 'GET', '/system-settings');
    expect(res.statusCode).toBe(200);
    const keys = res.json().items.map((s: { key: string }) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['required_documents', 'required_document_descriptions']));
    const required = res.json().items.find((s: { key: string }) => s.key === 'required_documents');
    expect(JSON.parse(required.value)).toContain('feasibility_study');
  });

  it('a value that does not fit its key is 400 with the reason; an unknown key 404; nothing stored', async () => {
    const before = (await adminCall(t.app, admin, 'GET', '/system-settings/required_documents')).json().value;
    const bad: [string, string, string][] = [
      ['required_documents', 'not json', settingMessages.invalidJson],
      ['required_documents', '{"a":1}', settingMessages.requiredDocuments],
      ['required_documents', '["Title Search"]', settingMessages.requiredDocuments],
      ['required_documents', '[]', settingMessages.requiredDocumentsEmpty],
      ['required_documents', '["title_search","title_search"]', settingMessages.requiredDocumentsDuplicate],
      ['required_document_descriptions', '["x"]', settingMessages.descriptions],
    ];
    for (const [key, value, message] of bad) {
      const res = await put(admin, key, { value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await put(admin, 'no_such_setting', { value: '1' })).statusCode).toBe(404);
    expect((await put(admin, 'required_documents', {})).statusCode).toBe(400);
    expect((await adminCall(t.app, admin, 'GET', '/system-settings/required_documents')).json().value).toBe(
      before,
    );
    expect(await auditFor(t.database.db, 'required_documents')).toEqual([]);
  });

  it('a saved value is audited with before and after, and the app uses it at once (required documents)', async () => {
    const before = (await adminCall(t.app, admin, 'GET', '/system-settings/required_documents')).json().value;
    const value = JSON.stringify(['feasibility_study', 'title_search']);
    const res = await put(admin, 'required_documents', { value });
    expect(res.statusCode).toBe(200);
    expect(res.json().setting).toMatchObject({
      key: 'required_documents',
      value,
      updated_by_name: 'Sam Settings',
    });
    const developer = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const required = await as(t.app, developer, { method: 'GET', url: '/api/required-documents' });
    expect(required.json().required_documents).toEqual(['feasibility_study', 'title_search']);
    expect(
      (await auditFor(t.database.db, 'required_documents')).map((a) => [
        a.action,
        a.actor_id,
        a.before,
        a.after,
      ]),
    ).toEqual([['setting.updated', admin.id, { value: before }, { value }]]);
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true });
    // Put back for any later test.
    expect((await put(admin, 'required_documents', { value: before })).statusCode).toBe(200);
  });
});
