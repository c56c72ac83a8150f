import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp } from './helpers';
import { createEngaged, createGranted } from './support/deals';
import { createFunder } from './support/marketplace';

// Issue 37 item 4: the funder dashboard's ACTIVE DEALS, its 'Your Active Deals' list and the
// portfolio count one thing, the domain's isActiveDeal: a revoked funder's room is not active.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('active deals: one definition for every count', () => {
  it('a revoked deal leaves ACTIVE DEALS and the portfolio count; an approved request without a room is not a deal', async () => {
    const developer = await createUser(t.app, {
      role: 'borrower',
      profile: 'default',
      name: 'Dana Developer',
    });
    const funder = await createFunder(t, 'active', { name: 'Ari Active' });
    const kept = await createEngaged(t, { developer, funder, title: 'Eastwood Rise' });
    const revoked = await createEngaged(t, { developer, funder, title: 'Brunswick Lane' });
    await createGranted(t, { developer, funder, title: 'Carlton Court' });

    const revoke = await as(t.app, developer, {
      method: 'PUT',
      url: `/api/access-requests/${revoked.accessRequestId}/revoke`,
      payload: { reason: 'Terms changed' },
    });
    expect(revoke.statusCode).toBe(200);

    const dashboard = await as(t.app, funder, { method: 'GET', url: '/api/dashboard/funder' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toMatchObject({ active_deals: 1, in_due_diligence: 1 });

    const portfolio = await as(t.app, funder, { method: 'GET', url: '/api/portfolio' });
    expect(portfolio.statusCode).toBe(200);
    const body = portfolio.json();
    expect(body.totals.active_deals).toBe(1);
    const open = body.items.filter((i: { deal_id: string | null }) => i.deal_id !== null);
    expect(open.map((i: { deal_id: string }) => i.deal_id)).toEqual([kept.dealId]);
  });
});
