import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers';
import { acceptQuoteDirectly, completeDeal, createEngaged, createGranted } from './support/deals';
import { createFunder } from './support/marketplace';

// GET /api/portfolio: a funder's granted access requests by stage, with their deals and the totals
// (spec 000 sections 2 and 9: total returns = funded amount x 12.5 %).

let t: TestApp;
let developer: TestUser;
let fiona: TestUser;
const projects: Record<string, string> = {};
const dealIds: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  developer = await createUser(t.app, { role: 'borrower', profile: 'default', name: 'Priya Developer' });
  fiona = await createFunder(t, 'active', { name: 'Fiona Funder' });
  const as_ = (title: string, status?: 'pending' | 'declined') =>
    createGranted(t, { developer, funder: fiona, title, status });
  projects.approved = (await as_('Approved Only Lofts')).projectId;
  projects.pending = (await as_('Pending Place', 'pending')).projectId;
  projects.declined = (await as_('Declined Docks', 'declined')).projectId;
  const dd = await createEngaged(t, { developer, funder: fiona, title: 'Diligence Duplexes' });
  Object.assign(projects, { dueDiligence: dd.projectId });
  dealIds.dueDiligence = dd.dealId;
  const ts = await createEngaged(t, { developer, funder: fiona, title: 'Term Sheet Towers' });
  await acceptQuoteDirectly(t, ts, 2_000_000);
  Object.assign(projects, { termSheet: ts.projectId });
  dealIds.termSheet = ts.dealId;
  const funded = await createEngaged(t, { developer, funder: fiona, title: 'Harbour Quote Terraces' });
  await acceptQuoteDirectly(t, funded, 2_400_000);
  expect((await completeDeal(t.app, developer, funded.dealId)).statusCode).toBe(200);
  Object.assign(projects, { funded: funded.projectId });
  dealIds.funded = funded.dealId;
});
afterAll(() => t.close());

const portfolio = (user: TestUser | null) => as(t.app, user, { method: 'GET', url: '/api/portfolio' });

describe('GET /api/portfolio', () => {
  it('portfolio: approved, due diligence, term sheet and funded, each with its deal; never the pending or declined', async () => {
    const res = await portfolio(fiona);
    expect(res.statusCode).toBe(200);
    const byTitle = Object.fromEntries(
      res.json().items.map((item: { project_title: string }) => [item.project_title, item]),
    );
    expect(Object.keys(byTitle).sort()).toEqual(
      ['Approved Only Lofts', 'Diligence Duplexes', 'Harbour Quote Terraces', 'Term Sheet Towers'].sort(),
    );
    expect(byTitle['Approved Only Lofts']).toEqual({
      access_request_id: expect.any(String),
      status: 'approved',
      project_id: projects.approved,
      project_title: 'Approved Only Lofts',
      suburb: 'Newcastle',
      state: 'NSW',
      loan_amount: 3_500_000,
      deal_id: null,
      deal_status: null,
      agreed_amount: null,
      updated_at: expect.any(String),
    });
    expect(byTitle['Diligence Duplexes']).toMatchObject({
      status: 'due_diligence',
      deal_id: dealIds.dueDiligence,
      deal_status: 'open',
      agreed_amount: null,
    });
    expect(byTitle['Term Sheet Towers']).toMatchObject({
      status: 'term_sheet',
      deal_id: dealIds.termSheet,
      deal_status: 'open',
      agreed_amount: 2_000_000,
    });
    expect(byTitle['Harbour Quote Terraces']).toMatchObject({
      status: 'funded',
      deal_id: dealIds.funded,
      deal_status: 'completed',
      agreed_amount: 2_400_000,
    });
    // Most recently changed first: the completion was the last change.
    expect(res.json().items[0].project_title).toBe('Harbour Quote Terraces');
  });

  it('portfolio: totals: four items, two active deals (the open rooms), one funded at the accepted $2,400,000, returns 12.5 % of it = $300,000', async () => {
    expect((await portfolio(fiona)).json().totals).toEqual({
      deals: 4,
      active_deals: 2,
      funded_count: 1,
      funded_amount: 2_400_000,
      total_returns: 300_000,
      average_return_percent: 12.5,
    });
  });

  it('portfolio: another funder sees only their own (here none), with zero totals', async () => {
    const other = await createFunder(t, 'active', { name: 'Gus Lender' });
    expect((await portfolio(other)).json()).toEqual({
      items: [],
      totals: {
        deals: 0,
        active_deals: 0,
        funded_count: 0,
        funded_amount: 0,
        total_returns: 0,
        average_return_percent: 12.5,
      },
    });
  });

  it('portfolio: a developer and an admin 403; anonymous 401; a funder without standing gets the marketplace gate', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    expect((await portfolio(developer)).statusCode).toBe(403);
    expect((await portfolio(admin)).statusCode).toBe(403);
    expect((await portfolio(null)).statusCode).toBe(401);
    expect((await portfolio(await createFunder(t, 'pending_approval'))).json().code).toBe(
      'ACCOUNT_PENDING_APPROVAL',
    );
    expect((await portfolio(await createFunder(t, 'unsubscribed'))).json().code).toBe(
      'SUBSCRIPTION_REQUIRED',
    );
  });

  it('dashboard: the funder counts open deals (2), access approved without a deal (1) and pending requests (1)', async () => {
    const res = await as(t.app, fiona, { method: 'GET', url: '/api/dashboard/funder' });
    expect(res.json()).toMatchObject({ active_deals: 2, in_due_diligence: 1, pending_requests: 1 });
  });
});
