import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBanner, seedDemoData } from '../src/db/seed/demo';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { listingAlertsJob } from '../src/modules/listing-alerts/listing-alerts.service';
import { as, buildTestApp, cookieFrom, type TestApp, type TestUser } from './helpers';

// `npm start`'s demo: the accounts, three listings published through the API, the active funder's
// paid, approved sandbox subscription, and that funder's two deal rooms with the demo developer.

let t: TestApp;
let accounts: Awaited<ReturnType<typeof seedDemoData>>;
beforeAll(async () => {
  t = await buildTestApp();
  accounts = await seedDemoData(t.app);
});
afterAll(() => t.close());

async function signedIn(email: string, password: string): Promise<TestUser> {
  const { headers, response } = await t.app.deps.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  return { id: response.user.id, email, password, cookie: cookieFrom(headers.getSetCookie()) };
}

describe('the demo seed', () => {
  it('makes the six demo accounts, and only once', async () => {
    expect(accounts?.isCreatedNow).toBe(true);
    expect(accounts?.accounts.map((a) => a.email)).toEqual([
      'admin@plinth.local',
      'developer@plinth.local',
      'developer.new@plinth.local',
      'funder.active@plinth.local',
      'funder.approved@plinth.local',
      'funder.pending@plinth.local',
    ]);
    expect(await seedDemoData(t.app)).toEqual({ ...accounts, isCreatedNow: false });
    expect((await t.database.db.selectFrom('user').select('id').execute()).length).toBe(6);
    expect((await t.database.db.selectFrom('project').select('id').execute()).length).toBe(3);
  });

  it('the start banner says whether the accounts were made at this start or an earlier one', () => {
    const first = demoBanner(accounts!);
    expect(first).toContain('Demo accounts (created now, on an empty database):');
    expect(first).toContain('funder.active@plinth.local');
    const later = demoBanner({ ...accounts!, isCreatedNow: false });
    expect(later).toContain('Demo accounts (created at an earlier start');
    expect(later).not.toContain('created now');
    expect(later).toContain('admin@plinth.local');
  });

  it('the active demo funder finds the three published listings in the marketplace', async () => {
    const funder = await signedIn('funder.active@plinth.local', 'plinth-demo-2026');
    const res = await as(t.app, funder, { method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((p: { suburb: string }) => p.suburb).sort()).toEqual([
      'Brunswick',
      'Eastwood',
      'Nundah',
    ]);
    expect(body.stats.total_capital_seeking).toBe(6_800_000 + 3_200_000 + 9_500_000);
  });

  it('the active funder saved lending criteria first, so the two listings they meet reach them as alerts', async () => {
    const funder = await signedIn('funder.active@plinth.local', 'plinth-demo-2026');
    // The fan-out jobs wait for the workers (`npm start` starts them after the seed).
    await t.app.jobs.drain(listingAlertsJob);
    const res = await as(t.app, funder, { method: 'GET', url: '/api/notifications' });
    const alerts = (res.json().items as { type: string; message: string }[]).filter(
      (n) => n.type === 'listing_match',
    );
    expect(alerts.map((n) => n.message).sort()).toEqual([
      'New listing matches your criteria: Mixed Use, Nundah QLD, $9.5m',
      'New listing matches your criteria: Residential, Eastwood NSW, $6.8m',
    ]);
  });

  it("the active funder's subscription was paid in the sandbox and approved, so it renews", async () => {
    const funder = await signedIn('funder.active@plinth.local', 'plinth-demo-2026');
    const me = (await as(t.app, funder, { method: 'GET', url: '/api/auth/me' })).json();
    expect(me).toMatchObject({ approved: true, subscription_status: 'active' });
    const payments = await t.database.db
      .selectFrom('payment')
      .select(['type', 'status', 'amount_cents'])
      .where('user_id', '=', funder.id)
      .execute();
    expect(payments).toEqual([{ type: 'subscription', status: 'completed', amount_cents: 29_900 }]);
  });

  it("the developer's listings are published, documented and paid, each step audited", async () => {
    const developer = await signedIn('developer@plinth.local', 'plinth-demo-2026');
    const mine = (await as(t.app, developer, { method: 'GET', url: '/api/projects' })).json();
    expect(mine.items.map((p: { status_label: string }) => p.status_label)).toEqual([
      'Published',
      'Published',
      'Published',
    ]);
    for (const project of mine.items) expect(project.documents_complete).toBe(true);
    const listingFees = await t.database.db
      .selectFrom('payment')
      .select('status')
      .where('type', '=', 'project_listing')
      .execute();
    expect(listingFees.map((p) => p.status)).toEqual(['completed', 'completed', 'completed']);
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true });
  });

  it('the active funder has two deal rooms: one in due diligence with a document asked for, one whose quote was accepted', async () => {
    const funder = await signedIn('funder.active@plinth.local', 'plinth-demo-2026');
    const developer = await signedIn('developer@plinth.local', 'plinth-demo-2026');
    const portfolio = (await as(t.app, funder, { method: 'GET', url: '/api/portfolio' })).json();
    const rooms = portfolio.items
      .filter((i: { deal_id: string | null }) => i.deal_id)
      .map((i: { project_title: string; status: string; deal_id: string }) => [
        i.project_title,
        i.status,
        i.deal_id,
      ]);
    expect(rooms.map(([title, status]: string[]) => [title, status]).sort()).toEqual([
      ['Brunswick Makers Yard', 'term_sheet'],
      ['Eastwood Terraces', 'due_diligence'],
    ]);
    const dealOf = (title: string) => rooms.find(([t]: string[]) => t === title)![2] as string;

    // Both parties can walk in.
    for (const user of [funder, developer]) {
      const deal = await as(t.app, user, { method: 'GET', url: `/api/deals/${dealOf('Eastwood Terraces')}` });
      expect(deal.statusCode).toBe(200);
    }
    const requests = (
      await as(t.app, developer, {
        method: 'GET',
        url: `/api/deals/${dealOf('Eastwood Terraces')}/document-requests`,
      })
    ).json();
    expect(requests.items).toEqual([
      expect.objectContaining({
        document_name: 'Signed fixed-price construction contract',
        status: 'pending',
      }),
    ]);

    const proposals = (
      await as(t.app, developer, {
        method: 'GET',
        url: `/api/deals/${dealOf('Brunswick Makers Yard')}/proposal`,
      })
    ).json();
    expect(proposals.proposal).toMatchObject({
      status: 'accepted',
      loan_amount: 3_000_000,
      interest_rate: 10.25,
    });
    expect(proposals.history).toEqual([
      expect.objectContaining({ status: 'declined', decline_reason: expect.stringContaining('under 10.5%') }),
    ]);
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true });
  });
});
