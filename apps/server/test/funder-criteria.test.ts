import { funderCriteriaMessages } from '@plinth/domain/funder-criteria';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, borrowerProfile, buildTestApp, createUser, funderProfile, type TestApp } from './helpers';

// Issue 22 item 1: GET and PUT /api/funder-criteria, a funder's lending criteria.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (user: Parameters<typeof as>[1]) =>
  as(t.app, user, { method: 'GET', url: '/api/funder-criteria' });
const put = (user: Parameters<typeof as>[1], payload: Record<string, unknown>) =>
  as(t.app, user, { method: 'PUT', url: '/api/funder-criteria', payload });

const full = {
  property_types: ['Residential', 'Mixed Use'],
  states: ['NSW', 'VIC'],
  development_stages: ['Pre-Construction', 'Construction'],
  min_loan: 2_000_000,
  max_loan: 12_000_000,
  max_loan_to_grv: 65,
  max_lvr: 180,
  min_margin_on_cost: 17.5,
};

describe('GET /api/funder-criteria', () => {
  it('prefills from the onboarding profile until first saved', async () => {
    const funder = await createUser(t.app, { role: 'funder', approved: true, profile: funderProfile });
    const res = await get(funder);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      property_types: ['Residential'],
      states: null,
      development_stages: null,
      min_loan: 1_000_000,
      max_loan: 10_000_000,
      max_loan_to_grv: null,
      max_lvr: null,
      min_margin_on_cost: null,
      is_saved: false,
      confirmed_at: null,
    });
  });

  it('prefills nothing for a funder focused on all property types', async () => {
    const funder = await createUser(t.app, {
      role: 'funder',
      profile: { ...funderProfile, investment_focus: 'All Property Types', typical_deal_size_max: null },
    });
    expect((await get(funder)).json()).toMatchObject({
      property_types: null,
      min_loan: 1_000_000,
      max_loan: null,
    });
  });
});

describe('PUT /api/funder-criteria', () => {
  it('saves every criterion, answers them and keeps them, confirmed now, audited before and after', async () => {
    const funder = await createUser(t.app, { role: 'funder', approved: true, profile: funderProfile });
    const started = Date.now();
    const res = await put(funder, full);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ...full, is_saved: true });
    expect(Date.parse(body.confirmed_at)).toBeGreaterThanOrEqual(started - 5_000);
    expect((await get(funder)).json()).toEqual(body);

    const second = await put(funder, { states: ['QLD'] });
    expect(second.json()).toMatchObject({
      property_types: null,
      states: ['QLD'],
      min_loan: null,
      max_lvr: null,
    });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'before', 'after'])
      .where('action', '=', 'funder_criteria.updated')
      .where('target_id', '=', funder.id)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ target_type: 'user', before: null, after: { states: ['NSW', 'VIC'] } });
    expect(audit[1]).toMatchObject({ before: { max_lvr: 180 }, after: { states: ['QLD'], max_lvr: null } });
  });

  it('takes an empty body as any, and an empty list as any', async () => {
    const funder = await createUser(t.app, { role: 'funder', profile: funderProfile });
    const res = await put(funder, { property_types: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      property_types: null,
      min_loan: null,
      max_loan: null,
      is_saved: true,
    });
  });

  it.each([
    [{ min_loan: 5_000_000, max_loan: 4_000_000 }, funderCriteriaMessages.loanRangeOrder],
    [{ min_loan: -1 }, funderCriteriaMessages.loanAmount],
    [{ max_loan: 1_500_000.5 }, funderCriteriaMessages.loanAmount],
    [{ max_loan_to_grv: 120 }, funderCriteriaMessages.maxLoanToGrv],
    [{ max_lvr: 0 }, funderCriteriaMessages.maxLvr],
    [{ min_margin_on_cost: 101 }, funderCriteriaMessages.minMarginOnCost],
  ])('refuses %j with its message, and writes nothing', async (payload, message) => {
    const funder = await createUser(t.app, { role: 'funder', profile: funderProfile });
    const res = await put(funder, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(res.json())).toContain(message);
    expect((await get(funder)).json().is_saved).toBe(false);
  });

  it('refuses unknown states, types and keys', async () => {
    const funder = await createUser(t.app, { role: 'funder', profile: funderProfile });
    expect((await put(funder, { states: ['Narnia'] })).statusCode).toBe(400);
    expect((await put(funder, { property_types: ['Castle'] })).statusCode).toBe(400);
    expect((await put(funder, { max_loan_to_value: 60 })).statusCode).toBe(400);
  });
});

describe('who may keep criteria', () => {
  it('refuses a developer, an admin and an anonymous caller', async () => {
    const developer = await createUser(t.app, { role: 'borrower', profile: borrowerProfile });
    const admin = await createUser(t.app, { role: 'admin' });
    for (const user of [developer, admin]) {
      expect((await get(user)).statusCode).toBe(403);
      expect((await put(user, full)).statusCode).toBe(403);
    }
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, full)).statusCode).toBe(401);
    const rows = await t.database.db.selectFrom('funder_criteria').select('user_id').execute();
    expect(rows.map((r) => r.user_id)).not.toContain(developer.id);
  });

  it('keeps each funder’s criteria their own', async () => {
    const a = await createUser(t.app, { role: 'funder', profile: funderProfile });
    const b = await createUser(t.app, { role: 'funder', profile: funderProfile });
    await put(a, { states: ['WA'] });
    expect((await get(b)).json()).toMatchObject({ states: null, is_saved: false });
  });
});
