import { memoComparable } from '@plinth/domain/broker-ai/memo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createProject, createUser, type TestApp, type TestUser } from './helpers';
import { createFunder, decide, listedProject, previewKeys, requestAccessOk } from './support/marketplace';

// The deal memo of a project-bound chat ("analyse this deal", GET .../memo): ratios beside norms,
// stress tests, comparables from the marketplace, and nothing the asker may not see.
//
// The subject (validProjectBody): loan 4.0m, land 2.5m, cost 6.0m, profit 1.8m → revenue 7.8m,
// equity 1.5m, 9.5 % over 18 months, in Marrickville (-33.911, 151.155).
//   LVR on land 4.0 / 2.5 = 160 %; loan / GRV 4.0 / 7.8 = 51.3 % (pass); loan / TDC 4.0 / 6.0 = 66.7 %
//   (pass); margin 1.8 / 6.0 = 30 % (pass); debt / equity 2.67x.
//   Stress (hurdle 15 %): base 30 %; cost +10 % 1.2 / 6.6 = 18.2 %; revenue −10 % 1.02 / 6.0 = 17 %;
//   delay: 4.0m x 9.5 % / 12 x 6 = 190,000 → 1.61 / 6.19 = 26 %; combined 0.23 / 6.79 = 3.4 % (fails).
// Comparables (Residential, on the market): Newtown 2.7 km, Parramatta 17.8 km, Hawthorn (VIC), and
// a Commercial listing next door and a draft in Newtown that must not appear.
let t: TestApp;
let developer: TestUser;
let rival: TestUser;
let funder: TestUser;
let subjectId: string;
const SUBJECT_TITLE = 'Marrickville Memo Townhouses';

const at = (suburb: string, state: string, latitude: number, longitude: number, loan: number) => ({
  title: `${suburb} Rival Estate`,
  suburb,
  state,
  latitude,
  longitude,
  loan_amount: loan,
  total_project_cost: Math.round(loan * 1.5),
  equity_contribution: Math.round(loan * 0.45),
});

beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Devi Developer' });
  rival = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Rival Builder' });
  funder = await createFunder(t, 'active');
  subjectId = (
    await listedProject(t, developer, { title: SUBJECT_TITLE, latitude: -33.911, longitude: 151.155 })
  ).id;
  await listedProject(t, rival, at('Parramatta', 'NSW', -33.815, 151.003, 5_000_000));
  await listedProject(t, rival, at('Newtown', 'NSW', -33.897, 151.179, 3_000_000));
  await listedProject(t, rival, at('Hawthorn', 'VIC', -37.822, 145.035, 4_000_000));
  await listedProject(t, rival, {
    ...at('Enmore', 'NSW', -33.9, 151.17, 4_000_000),
    property_type: 'Commercial',
  });
  await createProject(t.app, rival, at('Newtown', 'NSW', -33.897, 151.179, 4_000_000));
});
afterAll(() => t.close());

const sessionOn = async (user: TestUser, projectId: string | null) =>
  (
    await as(t.app, user, {
      method: 'POST',
      url: '/api/ai-chat/sessions',
      payload: { project_id: projectId },
    })
  ).json().id as string;
const memoOf = (user: TestUser, sessionId: string) =>
  as(t.app, user, { method: 'GET', url: `/api/ai-chat/sessions/${sessionId}/memo` });

describe('GET /api/ai-chat/sessions/:id/memo', () => {
  it("memo: the developer's own deal, each ratio beside its norm with a rating", async () => {
    const res = await memoOf(developer, await sessionOn(developer, subjectId));
    expect(res.statusCode).toBe(200);
    const memo = res.json();
    expect(memo.view).toBe('full');
    const byLabel = Object.fromEntries(memo.ratios.map((r: { label: string }) => [r.label, r]));
    expect(byLabel['LVR on land (Plinth)'].value).toBeCloseTo(160, 6);
    expect(byLabel['Loan / GRV ex GST']).toMatchObject({ display: '51.3%', rating: 'pass' });
    expect(byLabel['Loan / TDC']).toMatchObject({ display: '66.7%', rating: 'pass' });
    expect(byLabel['Margin on cost']).toMatchObject({ display: '30%', rating: 'pass' });
    expect(
      memo.stress.map((s: { name: string; margin_on_cost: number }) => [
        s.name,
        Math.round(s.margin_on_cost * 10) / 10,
      ]),
    ).toEqual([
      ['base', 30],
      ['cost +10%', 18.2],
      ['revenue −10%', 17],
      ['6-month delay', 26],
      ['combined', 3.4],
    ]);
    expect(memo.questions.length).toBeGreaterThanOrEqual(3);
    expect(memo.text).toContain('General information only, not financial advice.');
  });
  it('memo: comparables are same-type listings on the market, nearest first, preview fields only', async () => {
    const memo = (await memoOf(developer, await sessionOn(developer, subjectId))).json();
    expect(memo.comparables.map((c: { suburb: string }) => c.suburb)).toEqual([
      'Newtown',
      'Parramatta',
      'Hawthorn',
    ]);
    expect(memo.comparables[0].distance_km).toBeCloseTo(2.7, 0);
    for (const c of memo.comparables)
      expect(Object.keys(c).sort()).toEqual(Object.keys(memoComparable.shape).sort());
    expect(JSON.stringify(memo)).not.toContain('Rival Builder');
    expect(JSON.stringify(memo)).not.toContain('Rival Estate'); // no comparable's title
  });
  it('memo: a funder without access gets the preview view: no ratio, no confidential field, no developer', async () => {
    const memo = (await memoOf(funder, await sessionOn(funder, subjectId))).json();
    expect(memo.view).toBe('preview');
    expect(memo.ratios).toEqual([]);
    expect(memo.stress).toBeNull();
    const text = JSON.stringify(memo);
    for (const secret of [
      SUBJECT_TITLE,
      'Devi Developer',
      '2,500,000',
      '2500000',
      '6,000,000',
      '160%',
      '1,800,000',
    ])
      expect(text).not.toContain(secret);
    const allowed = new Set([...previewKeys, 'distance_km']);
    for (const c of memo.comparables) for (const key of Object.keys(c)) expect(allowed).toContain(key);
  });
  it("send: 'analyse this deal' in the funder's chat answers the same preview memo", async () => {
    const sessionId = await sessionOn(funder, subjectId);
    const res = await as(t.app, funder, {
      method: 'POST',
      url: `/api/ai-chat/sessions/${sessionId}/messages`,
      payload: { message: 'Analyse this deal' },
    });
    const reply = res.json().ai_response as string;
    expect(reply).toContain('Deal memo');
    expect(reply).toContain('preview only');
    for (const secret of [SUBJECT_TITLE, 'Devi Developer', '160%', '$2,500,000'])
      expect(reply).not.toContain(secret);
  });
  it('memo: once the developer grants access the funder gets the full memo', async () => {
    const request = await requestAccessOk(t.app, funder, subjectId);
    expect((await decide(t.app, developer, request.id, 'approve')).statusCode).toBe(200);
    const memo = (await memoOf(funder, await sessionOn(funder, subjectId))).json();
    expect(memo.view).toBe('full');
    expect(memo.ratios.length).toBeGreaterThan(0);
  });
  it("memo: a free session answers 404, and someone else's session 404", async () => {
    expect((await memoOf(developer, await sessionOn(developer, null))).statusCode).toBe(404);
    expect((await memoOf(rival, await sessionOn(developer, subjectId))).statusCode).toBe(404);
  });
});
