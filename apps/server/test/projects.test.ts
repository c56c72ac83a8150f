import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  buildTestApp,
  createProject,
  createUser,
  type TestApp,
  type TestUser,
  validProjectBody,
} from './helpers';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, { role: 'borrower', profile: 'default' });
});
afterAll(() => t.close());

describe('POST /api/projects', () => {
  it('create: a valid project is an unpaid draft with derived figures and an audit entry', async () => {
    const res = await as(t.app, owner, { method: 'POST', url: '/api/projects', payload: validProjectBody() });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      borrower_id: owner.id,
      payment_status: 'unpaid',
      visible: false,
      status_label: 'Draft',
      documents_complete: false,
      loan_amount: 4_000_000,
      interest_rate: 9.5,
    });
    // Hand-worked: LVR 4.0m / 2.5m = 160 %; monthly interest 4.0m x 9.5 % / 12 = 31,666.67;
    // ICR 1.8m / 1.5 y / 380k = 3.158; D/E 4.0m / 1.5m = 2.667; margin 1.8m / 6.0m = 30 %.
    expect(p.lvr).toBeCloseTo(160, 6);
    expect(p.monthly_interest).toBeCloseTo(31_666.6667, 3);
    expect(p.icr).toBeCloseTo(3.1579, 3);
    expect(p.debt_to_equity).toBeCloseTo(2.6667, 3);
    expect(p.profit_margin).toBeCloseTo(30, 6);
    expect(p.risk_profile).toBe('low');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', p.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['project.created']);
  });

  it('create: empty enumerations take the spec defaults (Residential, Planning, Not Started, medium risk)', async () => {
    const p = await createProject(t.app, owner, {
      property_type: null,
      development_stage: null,
      planning_permit_status: null,
      market_risk_rating: null,
      construction_risk_rating: undefined,
      location_risk_rating: undefined,
    });
    expect(p).toMatchObject({
      property_type: 'Residential',
      development_stage: 'Planning',
      planning_permit_status: 'Not Started',
      market_risk_rating: 'medium',
      risk_profile: 'medium',
    });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no title', { title: ' ' }, 'Project title is required'],
    ['no location', { location: null }, 'Location is required'],
    ['no suburb', { suburb: '' }, 'Suburb is required'],
    ['no loan amount', { loan_amount: null }, 'Loan amount is required'],
    ['a loan under $100,000', { loan_amount: 99_999 }, 'Minimum loan amount is $100,000'],
    ['an interest rate of 50.1', { interest_rate: 50.1 }, 'Interest rate must be between 0% and 50%'],
    ['a term of 121 months', { loan_term: 121 }, 'Loan term must be between 1 and 120 months'],
    ['a 3-digit postcode', { postcode: '204' }, 'Postcode must be 4 digits'],
    ['an unknown state', { state: 'XX' }, 'State must be an Australian state or territory'],
    ['no total cost', { total_project_cost: null }, 'Total project cost is required'],
    ['no equity', { equity_contribution: null }, 'Equity contribution is required'],
    [
      'equity + loan over 110 % of cost',
      { equity_contribution: 2_700_000 },
      'Equity + Loan exceeds total project cost',
    ],
    ['equity under 10 % of cost', { equity_contribution: 599_999 }, 'Minimum 10% equity required'],
    [
      'completion before start',
      { expected_completion_date: '2027-01-01' },
      'Completion date must be after start date',
    ],
  ];
  for (const [what, overrides, message] of invalid) {
    it(`create: ${what} answers 400 '${message}' and writes nothing`, async () => {
      const before = await t.database.db.selectFrom('project').select('id').execute();
      const res = await as(t.app, owner, {
        method: 'POST',
        url: '/api/projects',
        payload: validProjectBody(overrides),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.split(', ')).toContain(message);
      const after = await t.database.db.selectFrom('project').select('id').execute();
      expect(after).toHaveLength(before.length);
    });
  }

  it("create: a required key left out answers 400 with the spec's message for each (decision 080)", async () => {
    const body = validProjectBody();
    for (const key of [
      'title',
      'location',
      'suburb',
      'loan_amount',
      'total_project_cost',
      'equity_contribution',
    ])
      delete (body as Record<string, unknown>)[key];
    const res = await as(t.app, owner, { method: 'POST', url: '/api/projects', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details).toEqual([
      { field: 'title', message: 'Project title is required' },
      { field: 'location', message: 'Location is required' },
      { field: 'suburb', message: 'Suburb is required' },
      { field: 'loan_amount', message: 'Loan amount is required' },
      { field: 'total_project_cost', message: 'Total project cost is required' },
      { field: 'equity_contribution', message: 'Equity contribution is required' },
    ]);
  });

  it('create: a funder, an admin and an anonymous caller are refused (403, 403, 401)', async () => {
    const funder = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
    const admin = await createUser(t.app, { role: 'admin' });
    for (const [user, status] of [
      [funder, 403],
      [admin, 403],
      [null, 401],
    ] as const) {
      const res = await as(t.app, user, {
        method: 'POST',
        url: '/api/projects',
        payload: validProjectBody(),
      });
      expect(res.statusCode).toBe(status);
    }
  });
});

describe('GET /api/projects/{id}', () => {
  it('read: the owner and an admin read a draft; another developer and a funder get 404; anonymous 401', async () => {
    const p = await createProject(t.app, owner);
    const admin = await createUser(t.app, { role: 'admin' });
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const funder = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
    expect((await as(t.app, owner, { method: 'GET', url: `/api/projects/${p.id}` })).statusCode).toBe(200);
    expect((await as(t.app, admin, { method: 'GET', url: `/api/projects/${p.id}` })).statusCode).toBe(200);
    expect((await as(t.app, other, { method: 'GET', url: `/api/projects/${p.id}` })).statusCode).toBe(404);
    expect((await as(t.app, funder, { method: 'GET', url: `/api/projects/${p.id}` })).statusCode).toBe(404);
    expect((await as(t.app, null, { method: 'GET', url: `/api/projects/${p.id}` })).statusCode).toBe(401);
  });

  it('read: a malformed id answers 400, an unknown one 404', async () => {
    expect((await as(t.app, owner, { method: 'GET', url: '/api/projects/not-a-uuid' })).statusCode).toBe(400);
    const unknown = await as(t.app, owner, {
      method: 'GET',
      url: '/api/projects/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /api/projects/{id}', () => {
  it('edit: the owner edits a draft; the same rules apply', async () => {
    const p = await createProject(t.app, owner);
    const ok = await as(t.app, owner, {
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      payload: validProjectBody({ title: 'Renamed', loan_amount: 3_500_000 }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Renamed', loan_amount: 3_500_000 });
    const bad = await as(t.app, owner, {
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      payload: validProjectBody({ loan_amount: 50_000 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Minimum loan amount is $100,000');
  });

  it('edit: another developer gets 404, an admin 403, a funder 403, and the project is unchanged', async () => {
    const p = await createProject(t.app, owner);
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const admin = await createUser(t.app, { role: 'admin' });
    const funder = await createUser(t.app, { role: 'funder', approved: true, profile: 'default' });
    const body = validProjectBody({ title: 'Hijacked' });
    expect(
      (await as(t.app, other, { method: 'PUT', url: `/api/projects/${p.id}`, payload: body })).statusCode,
    ).toBe(404);
    expect(
      (await as(t.app, admin, { method: 'PUT', url: `/api/projects/${p.id}`, payload: body })).statusCode,
    ).toBe(403);
    expect(
      (await as(t.app, funder, { method: 'PUT', url: `/api/projects/${p.id}`, payload: body })).statusCode,
    ).toBe(403);
    expect(
      (await as(t.app, null, { method: 'PUT', url: `/api/projects/${p.id}`, payload: body })).statusCode,
    ).toBe(401);
    const row = await t.database.db
      .selectFrom('project')
      .select('title')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Twelve Townhouses, Marrickville');
  });

  it('edit: a project under review or live answers 409', async () => {
    for (const state of [
      { payment_status: 'payment_pending' as const, visible: false },
      { payment_status: 'paid' as const, visible: true },
    ]) {
      const p = await createProject(t.app, owner);
      await t.database.db.updateTable('project').set(state).where('id', '=', p.id).execute();
      const res = await as(t.app, owner, {
        method: 'PUT',
        url: `/api/projects/${p.id}`,
        payload: validProjectBody(),
      });
      expect(res.statusCode).toBe(409);
    }
  });
});

describe('POST /api/projects/{id}/resubmit', () => {
  it('resubmit: a rejected listing goes back under review, audited; a draft cannot be resubmitted (409)', async () => {
    const draft = await createProject(t.app, owner);
    expect(
      (await as(t.app, owner, { method: 'POST', url: `/api/projects/${draft.id}/resubmit` })).statusCode,
    ).toBe(409);

    const rejected = await createProject(t.app, owner);
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'paid', visible: false, submission_status: 'rejected' })
      .where('id', '=', rejected.id)
      .execute();
    const edit = await as(t.app, owner, {
      method: 'PUT',
      url: `/api/projects/${rejected.id}`,
      payload: validProjectBody({ title: 'Fixed after feedback' }),
    });
    expect(edit.statusCode).toBe(200);
    const res = await as(t.app, owner, { method: 'POST', url: `/api/projects/${rejected.id}/resubmit` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      payment_status: 'payment_pending',
      status_label: 'Under Review',
      submission_status: 'submitted',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', rejected.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('project.resubmitted');
  });

  it('resubmit: a listing an admin set to paid_unpublished (the developer sees Rejected) goes back under review', async () => {
    const hidden = await createProject(t.app, owner);
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'paid', visible: false, submission_status: 'submitted' })
      .where('id', '=', hidden.id)
      .execute();
    const res = await as(t.app, owner, { method: 'POST', url: `/api/projects/${hidden.id}/resubmit` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ payment_status: 'payment_pending', status_label: 'Under Review' });
  });

  it("resubmit: someone else's project answers 404", async () => {
    const p = await createProject(t.app, owner);
    const other = await createUser(t.app, { role: 'borrower', profile: 'default' });
    expect(
      (await as(t.app, other, { method: 'POST', url: `/api/projects/${p.id}/resubmit` })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/projects (my projects)', () => {
  it("list: tabs, counts, sorts, pages and stats are computed over the owner's projects only", async () => {
    const me = await createUser(t.app, { role: 'borrower', profile: 'default' });
    const a = await createProject(t.app, me, { title: 'Bravo', loan_amount: 2_000_000 });
    const b = await createProject(t.app, me, {
      title: 'alpha',
      loan_amount: 5_000_000,
      equity_contribution: 1_000_000,
    });
    const c = await createProject(t.app, me, { title: 'Charlie', loan_amount: 1_000_000 });
    await createProject(t.app, owner, { title: 'Not mine' });
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'paid', visible: true })
      .where('id', '=', b.id)
      .execute();
    await t.database.db
      .updateTable('project')
      .set({ payment_status: 'payment_pending' })
      .where('id', '=', c.id)
      .execute();

    const all = (await as(t.app, me, { method: 'GET', url: '/api/projects' })).json();
    expect(all.counts).toEqual({ all: 3, published: 1, drafts: 1 });
    expect(all.stats).toEqual({ active_projects: 1, total_funding_sought: 5_000_000, drafts: 1 });
    expect(all.items.map((p: { id: string }) => p.id)).toEqual([c.id, b.id, a.id]);

    const byLoan = (await as(t.app, me, { method: 'GET', url: '/api/projects?sort=loan_amount' })).json();
    expect(byLoan.items.map((p: { title: string }) => p.title)).toEqual(['alpha', 'Bravo', 'Charlie']);
    const byTitle = (await as(t.app, me, { method: 'GET', url: '/api/projects?sort=title' })).json();
    expect(byTitle.items.map((p: { title: string }) => p.title)).toEqual(['alpha', 'Bravo', 'Charlie']);

    const drafts = (await as(t.app, me, { method: 'GET', url: '/api/projects?tab=drafts' })).json();
    expect(drafts.items.map((p: { id: string }) => p.id)).toEqual([a.id]);
    expect(drafts.total).toBe(1);
    const page2 = (await as(t.app, me, { method: 'GET', url: '/api/projects?limit=2&page=2' })).json();
    expect(page2.items.map((p: { id: string }) => p.id)).toEqual([a.id]);

    const tooMany = await as(t.app, me, { method: 'GET', url: '/api/projects?limit=101' });
    expect(tooMany.statusCode).toBe(400);
  });
});
