import { createHash } from 'node:crypto';
import { UNDERTAKING_REQUIRED, undertakingMessages } from '@plinth/domain/undertaking';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { auditFor } from './support/admin';
import { engage } from './support/deals';
import { samples, uploadDocuments } from './support/documents';
import { createFunder, decide, listedProject, SIGNATORY, signedUndertaking } from './support/marketplace';
import { insertAccessRequest } from './support/messages';

/**
 * The confidentiality undertaking (issue 19 item 1, docs/decisions/033-undertaking.md): signed
 * with every access request, versioned by the admin, shown to the parties, downloadable as a PDF,
 * and asked of funders granted before it existed before they open a document or act in a room.
 */

let t: TestApp;
let developer: TestUser;
let otherDeveloper: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  [developer, otherDeveloper, admin] = await Promise.all([
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' }),
    createUser(t.app, { role: 'borrower', profile: 'default', name: 'Oscar Other' }),
    createUser(t.app, { role: 'admin', name: 'Ada Admin' }),
  ]);
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const current = async () =>
  (await as(t.app, developer, { method: 'GET', url: '/api/undertaking' })).json() as {
    version: number;
    text: string;
    sha256: string;
  };
const post = (funder: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  as(t.app, funder, { method: 'POST', url: '/api/access-requests', payload, headers });
const requestsOf = (funderId: string) =>
  t.database.db.selectFrom('access_request').select('id').where('funder_id', '=', funderId).execute();
const signatureRow = (accessRequestId: string) =>
  t.database.db
    .selectFrom('undertaking_acceptance')
    .selectAll()
    .where('access_request_id', '=', accessRequestId)
    .executeTakeFirst();
const get = (user: TestUser | null, url: string) => as(t.app, user, { method: 'GET', url });

/** The text of a PDF, page by page, read back with pdfjs (its legacy build runs in Node). */
async function pdfText(bytes: Buffer): Promise<string> {
  // pdf.js calls Promise.withResolvers, which Node has only from version 22.
  if (!('withResolvers' in Promise)) {
    Object.defineProperty(Promise, 'withResolvers', {
      configurable: true,
      value: <T>() => {
        let resolve!: (value: T) => void;
        let reject!: (reason?: unknown) => void;
        const promise = new Promise<T>((yes, no) => {
          resolve = yes;
          reject = no;
        });
        return { promise, resolve, reject };
      },
    });
  }
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const doc = await task.promise;
    let text = '';
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
    }
    return text;
  } finally {
    await task.destroy();
  }
}

describe('POST /api/access-requests with the undertaking', () => {
  it('stores the version, the SHA-256 of its text, the name, company, address and browser; audited', async () => {
    const project = await listedProject(t, developer, { title: 'Signed Towers' });
    const funder = await createFunder(t, 'active', { name: 'Fiona Funder' });
    const shown = await current();
    const res = await post(
      funder,
      {
        project_id: project.id,
        undertaking: { accepted: true, full_name: '  Fiona Q. Funder ', version: shown.version },
      },
      { 'user-agent': 'UndertakingTest/1.0 (Plinth)' },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(res.json().undertaking).toEqual({
      version: shown.version,
      full_name: 'Fiona Q. Funder',
      // Not the account's name (Fiona Funder): accepted, and shown as such (decision 047).
      account_name: 'Fiona Funder',
      name_differs: true,
      company_name: 'Test Capital',
      accepted_at: expect.any(String),
      text_sha256: sha256(shown.text),
    });
    expect(await signatureRow(id)).toMatchObject({
      funder_id: funder.id,
      version: shown.version,
      text_sha256: sha256(shown.text),
      full_name: 'Fiona Q. Funder',
      account_name: 'Fiona Funder',
      company_name: 'Test Capital',
      ip: '127.0.0.1',
      user_agent: 'UndertakingTest/1.0 (Plinth)',
    });
    const [entry] = await auditFor(t.database.db, id);
    expect(entry).toMatchObject({ action: 'access_request.created', actor_id: funder.id });
    const after = typeof entry!.after === 'string' ? JSON.parse(entry!.after) : entry!.after;
    expect(after.undertaking).toEqual({
      version: shown.version,
      sha256: sha256(shown.text),
      name: 'Fiona Q. Funder',
      company_name: 'Test Capital',
    });
  });

  it.each([
    ['left out', {}, undertakingMessages.required],
    ['null', { undertaking: null }, undertakingMessages.required],
    [
      'not ticked',
      { undertaking: { accepted: false, full_name: SIGNATORY } },
      undertakingMessages.mustAccept,
    ],
    ['without a name', { undertaking: { accepted: true } }, undertakingMessages.fullNameRequired],
    [
      'with a blank name',
      { undertaking: { accepted: true, full_name: '   ' } },
      undertakingMessages.fullNameRequired,
    ],
    [
      'with a name over 200 characters',
      { undertaking: { accepted: true, full_name: 'N'.repeat(201) } },
      undertakingMessages.fullNameTooLong,
    ],
    [
      'with an unknown field',
      { undertaking: { ...signedUndertaking, signature: 'x' } },
      'Unrecognized key: "signature"',
    ],
  ])('an undertaking %s is 400 with its message, and nothing is stored', async (_what, extra, message) => {
    const project = await listedProject(t, developer, { title: 'Refused Towers' });
    const funder = await createFunder(t);
    const res = await post(funder, { project_id: project.id, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: message });
    expect(res.json().details[0].field).toMatch(/^undertaking/);
    expect(await requestsOf(funder.id)).toEqual([]);
  });

  it('a version that is not the current one is 409: neither the request nor a signature is stored', async () => {
    const project = await listedProject(t, developer, { title: 'Stale Towers' });
    const funder = await createFunder(t);
    const { version } = await current();
    const res = await post(funder, {
      project_id: project.id,
      undertaking: { ...signedUndertaking, version: version + 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(undertakingMessages.changed);
    expect(await requestsOf(funder.id)).toEqual([]);
    const count = await t.database.db
      .selectFrom('undertaking_acceptance')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('funder_id', '=', funder.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('a failure later in the transaction leaves neither the request nor the signature', async () => {
    const project = await listedProject(t, developer, { title: 'Doomed Towers' });
    const funder = await createFunder(t);
    // The developer's notification is written after the signature, in the same transaction.
    await sql`alter table notification add constraint undertaking_test_fail check (message not like '%Doomed Towers%')`.execute(
      t.database.db,
    );
    try {
      const res = await post(funder, { project_id: project.id, undertaking: signedUndertaking });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`alter table notification drop constraint undertaking_test_fail`.execute(t.database.db);
    }
    expect(await requestsOf(funder.id)).toEqual([]);
    const signatures = await t.database.db
      .selectFrom('undertaking_acceptance')
      .select('id')
      .where('funder_id', '=', funder.id)
      .execute();
    expect(signatures).toEqual([]);
  });
});

describe('the admin edits the undertaking in Settings', () => {
  it('a new version applies from then on; requests already signed keep theirs', async () => {
    const project = await listedProject(t, developer, { title: 'Versioned Towers' });
    const before = await current();
    const earlier = await post(await createFunder(t), {
      project_id: project.id,
      undertaking: signedUndertaking,
    });
    const text = `${before.text}\n\n7. Version test clause.`;
    const res = await as(t.app, admin, { method: 'PUT', url: '/api/admin/undertaking', payload: { text } });
    expect(res.statusCode).toBe(200);
    expect(res.json().current).toMatchObject({ version: before.version + 1, text, sha256: sha256(text) });
    expect(res.json().versions[0]).toMatchObject({
      version: before.version + 1,
      created_by_name: 'Ada Admin',
    });
    expect(res.json().versions.at(-1)).toMatchObject({ version: 1, created_by_name: null });
    expect(await current()).toMatchObject({ version: before.version + 1, text });
    const [entry] = await auditFor(t.database.db, String(before.version + 1));
    expect(entry).toMatchObject({
      action: 'undertaking.updated',
      target_type: 'undertaking',
      actor_id: admin.id,
    });

    const later = await post(await createFunder(t), {
      project_id: project.id,
      undertaking: signedUndertaking,
    });
    expect(later.statusCode).toBe(201);
    expect(await signatureRow(later.json().id)).toMatchObject({
      version: before.version + 1,
      text_sha256: sha256(text),
    });
    expect(await signatureRow(earlier.json().id)).toMatchObject({
      version: before.version,
      text_sha256: before.sha256,
    });
    // The version a funder was shown before the edit is refused now.
    const stale = await post(await createFunder(t), {
      project_id: project.id,
      undertaking: { ...signedUndertaking, version: before.version },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('the same text again, an empty one or one too long is 400; other roles 403, anonymous 401', async () => {
    const put = (user: TestUser | null, payload: unknown) =>
      as(t.app, user, { method: 'PUT', url: '/api/admin/undertaking', payload: payload as object });
    const { text, version } = await current();
    expect((await put(admin, { text })).json()).toMatchObject({ error: undertakingMessages.unchanged });
    expect((await put(admin, { text: '  ' })).json()).toMatchObject({
      error: undertakingMessages.textRequired,
    });
    expect((await put(admin, { text: 'x'.repeat(20_001) })).statusCode).toBe(400);
    const funder = await createFunder(t);
    expect((await put(developer, { text: 'Mine now' })).statusCode).toBe(403);
    expect((await put(funder, { text: 'Mine now' })).statusCode).toBe(403);
    expect((await put(null, { text: 'Mine now' })).statusCode).toBe(401);
    expect((await get(developer, '/api/admin/undertaking')).statusCode).toBe(403);
    expect((await current()).version).toBe(version);
  });
});

describe('the signature on the request and its PDF', () => {
  async function signedRequest(name: string) {
    const project = await listedProject(t, developer, { title: `${name} Towers` });
    const funder = await createFunder(t, 'active', { name });
    const res = await post(funder, {
      project_id: project.id,
      undertaking: { accepted: true, full_name: name },
    });
    expect(res.statusCode).toBe(201);
    return { funder, id: res.json().id as string, projectId: project.id };
  }

  it('the developer, the funder and admins see it; anyone else is told the request does not exist', async () => {
    const { funder, id } = await signedRequest('Priya Parker');
    const url = `/api/access-requests/${id}/undertaking`;
    for (const user of [developer, funder, admin]) {
      const res = await get(user, url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ access_request_id: id, undertaking: { full_name: 'Priya Parker' } });
    }
    for (const user of [otherDeveloper, await createFunder(t)])
      expect((await get(user, url)).statusCode).toBe(404);
    const list = await get(developer, '/api/access-requests?status=pending');
    const item = list.json().items.find((r: { id: string }) => r.id === id);
    expect(item.undertaking).toMatchObject({ full_name: 'Priya Parker', company_name: 'Test Capital' });
  });

  it('the PDF holds the name, company, SHA-256, address and text; for the parties and admins only', async () => {
    const { funder, id } = await signedRequest('Priya Pdf');
    const url = `/api/access-requests/${id}/undertaking.pdf`;
    const res = await get(developer, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Confidentiality undertaking Priya Pdf/,
    );
    const text = await pdfText(res.rawPayload);
    const row = await signatureRow(id);
    expect(text).toContain('Priya Pdf');
    expect(text).toContain('Test Capital');
    expect(text).toContain(row!.text_sha256);
    expect(text).toContain('127.0.0.1');
    expect(text).toContain('CONFIDENTIALITY UNDERTAKING');
    for (const user of [funder, admin]) expect((await get(user, url)).statusCode).toBe(200);
    for (const user of [otherDeveloper, await createFunder(t)])
      expect((await get(user, url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
  });

  it('a name in another script still gives a PDF (characters the font lacks print as ?)', async () => {
    const { id } = await signedRequest('Zoë Łukasz 王芳');
    const res = await get(developer, `/api/access-requests/${id}/undertaking.pdf`);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Zoë ?ukasz ??');
  });
});

describe('funders granted before undertakings existed', () => {
  it('open no document until they sign; then the file opens', async () => {
    const project = await listedProject(t, developer, { title: 'Legacy Book' }, { state: 'draft' });
    const up = await uploadDocuments(t.app, developer, project.id, [
      { type: 'valuation_report', name: 'valuation.pdf', content: samples.pdf() },
    ]);
    const documentId = up.json().uploaded[0].id;
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'paid', visible: true, submission_status: 'submitted' })
      .where('id', '=', project.id)
      .execute();
    const funder = await createFunder(t);
    const requestId = await insertAccessRequest(t.database.db, {
      funderId: funder.id,
      projectId: project.id,
      undertaking: false,
    });
    const download = `/api/documents/${documentId}/download`;
    const refused = await get(funder, download);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: UNDERTAKING_REQUIRED,
      error: undertakingMessages.requiredBeforeAccess,
    });
    expect((await get(funder, `/api/documents/${documentId}/view`)).statusCode).toBe(403);
    // The developer is not held back by the funder's missing signature.
    expect((await get(developer, download)).statusCode).toBe(200);
    expect(
      (await get(funder, `/api/access-requests/${requestId}/undertaking`)).json().undertaking,
    ).toBeNull();
    expect((await get(developer, `/api/access-requests/${requestId}/undertaking.pdf`)).statusCode).toBe(404);

    const accept = (user: TestUser, payload: unknown) =>
      as(t.app, user, {
        method: 'POST',
        url: `/api/access-requests/${requestId}/undertaking`,
        payload: payload as object,
      });
    expect((await accept(funder, { accepted: false, full_name: 'Lee Legacy' })).json().error).toBe(
      undertakingMessages.mustAccept,
    );
    expect((await accept(funder, { accepted: true, full_name: '' })).statusCode).toBe(400);
    expect((await accept(await createFunder(t), { accepted: true, full_name: 'Not Me' })).statusCode).toBe(
      404,
    );
    expect((await accept(developer, { accepted: true, full_name: 'Dana' })).statusCode).toBe(403);
    const signed = await accept(funder, { accepted: true, full_name: 'Lee Legacy' });
    expect(signed.statusCode).toBe(201);
    expect(signed.json().undertaking).toMatchObject({
      full_name: 'Lee Legacy',
      company_name: 'Test Capital',
    });
    const entries = await auditFor(t.database.db, requestId);
    expect(entries.map((e) => e.action)).toContain('access_request.undertaking_accepted');
    const again = await accept(funder, { accepted: true, full_name: 'Lee Legacy' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(undertakingMessages.alreadyAccepted);
    expect((await get(funder, download)).statusCode).toBe(200);
  });

  it('act in no deal room until they sign (the developer still acts); a closed request has nothing to sign', async () => {
    const project = await listedProject(t, developer, { title: 'Legacy Room' });
    const funder = await createFunder(t);
    const requestId = await insertAccessRequest(t.database.db, {
      funderId: funder.id,
      projectId: project.id,
      undertaking: false,
    });
    const dealId = (
      await engage(t.app, funder, { project_id: project.id, access_request_id: requestId })
    ).json().deal_id as string;
    const comment = (user: TestUser) =>
      as(t.app, user, {
        method: 'POST',
        url: `/api/deals/${dealId}/comments`,
        payload: { comment: 'Hello' },
      });
    const refused = await comment(funder);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(UNDERTAKING_REQUIRED);
    expect((await comment(developer)).statusCode).toBe(201);
    // Reading the room is not an action: the funder sees it and is offered the undertaking there.
    expect((await get(funder, `/api/deals/${dealId}`)).statusCode).toBe(200);
    await as(t.app, funder, {
      method: 'POST',
      url: `/api/access-requests/${requestId}/undertaking`,
      payload: { accepted: true, full_name: 'Rory Room' },
    });
    expect((await comment(funder)).statusCode).toBe(201);

    const declinedProject = await listedProject(t, developer, { title: 'Declined Legacy' });
    const declinedId = await insertAccessRequest(t.database.db, {
      funderId: funder.id,
      projectId: declinedProject.id,
      status: 'pending',
      undertaking: false,
    });
    await decide(t.app, developer, declinedId, 'decline');
    const closed = await as(t.app, funder, {
      method: 'POST',
      url: `/api/access-requests/${declinedId}/undertaking`,
      payload: signedUndertaking,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(undertakingMessages.requestClosed);
  });
});
