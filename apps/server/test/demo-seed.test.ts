import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBanner, seedDemoData } from '../src/db/seed/demo';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { listingAlertsJob } from '../src/modules/listing-alerts/listing-alerts.service';
import { as, buildTestApp, cookieFrom, type TestApp, type TestUser } from './helpers';

// `npm start`'s demo: the accounts, three listings published through the API, the active funder's
// paid, approved sandbox subscription, and that funder's two deal rooms with the demo developer;
// Brunswick's deal completed into a facility with three funded draws and a fourth with the surveyor.

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
  it('makes the seven demo accounts, and only once', async () => {
    expect(accounts?.isCreatedNow).toBe(true);
    expect(accounts?.accounts.map((a) => a.email)).toEqual([
      'admin@plinth.local',
      'developer@plinth.local',
      'developer.new@plinth.local',
      'funder.active@plinth.local',
      'funder.approved@plinth.local',
      'funder.pending@plinth.local',
      'surveyor@plinth.local',
    ]);
    expect(accounts?.accounts.find((a) => a.email === 'surveyor@plinth.local')).toMatchObject({
      role: 'surveyor',
      password: 'plinth-demo-2026',
    });
    expect(await seedDemoData(t.app)).toEqual({ ...accounts, isCreatedNow: false });
    expect((await t.database.db.selectFrom('user').select('id').execute()).length).toBe(7);
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

  it('the active demo funder finds the two listings still seeking finance in the marketplace (Brunswick is funded)', async () => {
    const funder = await signedIn('funder.active@plinth.local', 'plinth-demo-2026');
    const res = await as(t.app, funder, { method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((p: { suburb: string }) => p.suburb).sort()).toEqual(['Eastwood', 'Nundah']);
    expect(body.stats.total_capital_seeking).toBe(6_800_000 + 9_500_000);
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

  it("the developer's listings are published, documented and paid, each step audited; Brunswick's deal completed it to Funded", async () => {
    const developer = await signedIn('developer@plinth.local', 'plinth-demo-2026');
    const mine = (await as(t.app, developer, { method: 'GET', url: '/api/projects' })).json();
    expect(
      mine.items
        .map((p: { title: string; status_label: string }) => [p.title, p.status_label])
        .sort(([a]: string[], [b]: string[]) => a!.localeCompare(b!)),
    ).toEqual([
      ['Brunswick Makers Yard', 'Funded'],
      ['Eastwood Terraces', 'Published'],
      ['Nundah Village Shops', 'Published'],
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

  it('the active funder has two deal rooms: one in due diligence with a document asked for, one whose accepted quote was completed (funded)', async () => {
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
      ['Brunswick Makers Yard', 'funded'],
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

  it("Brunswick's facility: approved budget, three funded draws through the ledger, a fourth awaiting the surveyor, every party sees it", async () => {
    const funder = await signedIn('funder.active@plinth.local', 'plinth-demo-2026');
    const developer = await signedIn('developer@plinth.local', 'plinth-demo-2026');
    const surveyor = await signedIn('surveyor@plinth.local', 'plinth-demo-2026');
    const me = (await as(t.app, surveyor, { method: 'GET', url: '/api/auth/me' })).json();
    expect(me.role).toBe('surveyor');

    const list = (await as(t.app, funder, { method: 'GET', url: '/api/facilities' })).json();
    expect(list.items).toHaveLength(1);
    const facility = list.items[0];
    expect(facility).toMatchObject({
      project_title: 'Brunswick Makers Yard',
      state: 'VIC',
      status: 'active',
      limit_cents: 300_000_000,
      budget_status: 'approved',
      equity_received_cents: 40_000_000,
    });
    for (const user of [developer, surveyor]) {
      const seen = (await as(t.app, user, { method: 'GET', url: '/api/facilities' })).json();
      expect(seen.items.map((f: { id: string }) => f.id)).toEqual([facility.id]);
    }

    const budget = (
      await as(t.app, funder, { method: 'GET', url: `/api/facilities/${facility.id}/budget` })
    ).json();
    expect(budget.approved).toMatchObject({ status: 'approved', total_cents: 301_000_000 });
    expect(budget.draft).toBeNull();

    const draws = (
      await as(t.app, funder, { method: 'GET', url: `/api/facilities/${facility.id}/draws` })
    ).json();
    const byNumber = [...draws.items].sort((a, b) => a.number - b.number);
    expect(byNumber.map((d: { number: number; status: string }) => [d.number, d.status])).toEqual([
      [1, 'funded'],
      [2, 'funded'],
      [3, 'funded'],
      [4, 'submitted'],
    ]);
    // Claimed $378,000, $517,000, $435,000; the surveyor certified less on draws 1 and 3, with reasons.
    expect(byNumber.slice(0, 3).map((d: { certified_cents: number }) => d.certified_cents)).toEqual([
      35_400_000, 51_700_000, 40_900_000,
    ]);
    const first = (await as(t.app, surveyor, { method: 'GET', url: `/api/draws/${byNumber[0].id}` })).json();
    expect(first.lines.find((l: { reason: string | null }) => l.reason)?.reason).toBe(
      'Slab to units 5 and 6 not yet poured at inspection',
    );
    expect(facility.next_payment_schedule_due).toBe(byNumber[3].payment_schedule_due);

    // The money moved through the ledger: every journal balances and the draws were paid from it.
    const ledger = (
      await as(t.app, funder, { method: 'GET', url: `/api/facilities/${facility.id}/ledger?limit=100` })
    ).json();
    const kinds = ledger.items.map((j: { kind: string }) => j.kind);
    expect(kinds.filter((k: string) => k === 'draw_funded')).toHaveLength(3);
    for (const journal of ledger.items)
      expect(
        journal.postings.reduce((sum: number, p: { amount_cents: number }) => sum + p.amount_cents, 0),
      ).toBe(0);
    const inBalance = (
      await as(t.app, funder, { method: 'GET', url: `/api/facilities/${facility.id}/in-balance` })
    ).json();
    expect(inBalance.in_balance).toBe(true);
    expect(facility.drawn_cents).toBeGreaterThan(0);
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true });
  });
});
