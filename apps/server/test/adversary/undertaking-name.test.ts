import { dataRoomReportCsvHeader } from '@plinth/domain/data-room-report';
import { undertakingMessages } from '@plinth/domain/undertaking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers';
import { parseCsv } from '../support/csv';
import { createFunder, listedProject } from '../support/marketplace';
import { insertAccessRequest } from '../support/messages';
import { pagesText } from '../support/watermark';

// Issue 29 finding 5, as an outsider would sign: the confidentiality undertaking's typed name made
// of nothing visible (it printed as '?'), one letter, too long; or someone else's name entirely,
// here the developer's own, from a funder's account. The first are refused; the last is taken (a
// person may sign with the name on their passport) but the developer sees, in the data-room report,
// its CSV and the signed PDF, that it is not the account holder's name, and whose account it was.

let t: TestApp;
let developer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Dana Developer' });
});
afterAll(() => t.close());

const requestWith = (funder: TestUser, projectId: string, fullName: string) =>
  as(t.app, funder, {
    method: 'POST',
    url: '/api/access-requests',
    payload: { project_id: projectId, undertaking: { accepted: true, full_name: fullName } },
  });
const requestsOf = (funderId: string) =>
  t.database.db.selectFrom('access_request').select('id').where('funder_id', '=', funderId).execute();
const get = (user: TestUser, url: string) => as(t.app, user, { method: 'GET', url });
const squeeze = (text: string) => text.replace(/\s+/g, '');

const refused: [string, string, string][] = [
  ['a zero-width space only', '\u200B', undertakingMessages.fullNameRequired],
  ['zero-width spaces around blanks', ' \u200B \u200B ', undertakingMessages.fullNameRequired],
  ['the Hangul filler U+3164', '\u3164', undertakingMessages.fullNameRequired],
  ['Hangul fillers as a "name"', '\u3164\u3164 \u3164\u3164', undertakingMessages.fullNameRequired],
  ['the braille blank U+2800', '\u2800\u2800\u2800', undertakingMessages.fullNameRequired],
  ['a lone combining accent', '\u0301', undertakingMessages.fullNameRequired],
  ['a byte-order mark and a soft hyphen', '\uFEFF\u00AD', undertakingMessages.fullNameRequired],
  ['one letter', 'J', undertakingMessages.fullNameLetters],
  ['one letter padded with invisible ones', '\u200BJ\u3164\u2800', undertakingMessages.fullNameLetters],
  ['digits and dots', '1. 2.', undertakingMessages.fullNameLetters],
  ['201 characters', 'a'.repeat(201), undertakingMessages.fullNameTooLong],
];

describe('the undertaking name (issue 29 finding 5)', () => {
  it.each(refused)(
    'with the request: %s is 400 with a clear message, nothing stored',
    async (_, name, message) => {
      const listing = await listedProject(t, developer, { title: 'Refused Names Rise' });
      const funder = await createFunder(t, 'active', { name: 'Nadia Nobody' });
      const res = await requestWith(funder, listing.id, name);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
      expect(await requestsOf(funder.id)).toEqual([]);
    },
  );

  it('signing a legacy request afterwards: the same names are refused there too', async () => {
    const listing = await listedProject(t, developer, { title: 'Legacy Names Rise' });
    const funder = await createFunder(t, 'active', { name: 'Lena Legacy' });
    const requestId = await insertAccessRequest(t.database.db, {
      funderId: funder.id,
      projectId: listing.id,
      undertaking: false,
    });
    for (const [label, name, message] of refused) {
      const res = await as(t.app, funder, {
        method: 'POST',
        url: `/api/access-requests/${requestId}/undertaking`,
        payload: { accepted: true, full_name: name },
      });
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error, label).toContain(message);
    }
    const stored = await t.database.db
      .selectFrom('undertaking_acceptance')
      .select('id')
      .where('access_request_id', '=', requestId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('invisible characters inside a real name are removed before it is stored and printed', async () => {
    const listing = await listedProject(t, developer, { title: 'Clean Name Court' });
    const funder = await createFunder(t, 'active', { name: 'Fiona Funder' });
    const res = await requestWith(funder, listing.id, ' Fi\u200Bona\u3164  FUNDER\u2800 ');
    expect(res.statusCode).toBe(201);
    expect(res.json().undertaking).toMatchObject({
      full_name: 'Fiona FUNDER',
      account_name: 'Fiona Funder',
      name_differs: false,
    });
  });

  it("a funder signing with the developer's name: accepted, and shown as differing beside the account name in the report, its CSV and the PDF", async () => {
    const listing = await listedProject(t, developer, { title: 'Borrowed Name Heights' });
    const funder = await createFunder(t, 'active', { name: 'Mallory Funder' });
    const honest = await createFunder(t, 'active', { name: 'Hana Honest' });
    const res = await requestWith(funder, listing.id, 'Dana Developer');
    expect(res.statusCode).toBe(201);
    const requestId = res.json().id as string;
    expect(res.json().undertaking).toMatchObject({
      full_name: 'Dana Developer',
      account_name: 'Mallory Funder',
      name_differs: true,
    });
    // The same name as the account, written otherwise, is not a difference.
    expect((await requestWith(honest, listing.id, '  hana   HONEST ')).statusCode).toBe(201);

    const line =
      "Signed as 'Dana Developer' by account holder Mallory Funder (name differs from the account)";

    const report = await get(developer, `/api/projects/${listing.id}/data-room-report`);
    expect(report.statusCode).toBe(200);
    const byName = new Map(
      (report.json().funders as { funder_name: string; undertaking: Record<string, unknown> }[]).map((f) => [
        f.funder_name,
        f.undertaking,
      ]),
    );
    expect(byName.get('Mallory Funder')).toMatchObject({
      full_name: 'Dana Developer',
      account_name: 'Mallory Funder',
      name_differs: true,
    });
    expect(byName.get('Hana Honest')).toMatchObject({
      full_name: 'hana HONEST',
      account_name: 'Hana Honest',
      name_differs: false,
    });

    const csv = await get(developer, `/api/projects/${listing.id}/data-room-report.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([...dataRoomReportCsvHeader]);
    const column = header!.indexOf('Undertaking name check');
    expect(column).toBeGreaterThan(header!.indexOf('Undertaking signed by'));
    const rowOf = (funder: string) => rows.find((r) => r[0] === funder)!;
    expect(rowOf('Mallory Funder')[header!.indexOf('Undertaking signed by')]).toBe('Dana Developer');
    expect(rowOf('Mallory Funder')[column]).toBe(line);
    expect(rowOf('Hana Honest')[column]).toBe('Same as the account name');

    const pdf = await get(developer, `/api/access-requests/${requestId}/undertaking.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pagesText(pdf.rawPayload)).join(' ');
    expect(squeeze(text)).toContain(squeeze(line));
    expect(text).toContain('Mallory Funder');
  });
});
