import type { InjectOptions } from 'fastify';
import { as, createUser, type TestApp, type TestUser } from '../helpers';
import { acceptQuoteDirectly, completeDeal, createEngaged, type Engaged } from './deals';

/** Calls the API as `user` and fails loudly on an unexpected status. */
export async function call(t: TestApp, user: TestUser | null, options: InjectOptions, expected = 200) {
  const res = await as(t.app, user, options);
  if (res.statusCode !== expected)
    throw new Error(
      `${options.method} ${options.url}: expected ${expected}, got ${res.statusCode} ${res.body}`,
    );
  return res.json();
}

export interface FacilityWorld extends Engaged {
  facilityId: string;
  surveyor: TestUser;
  lines: Record<string, string>;
}

/** Signs up a surveyor invited to the facility, through the invite and the onboarding. */
export async function appointSurveyor(t: TestApp, funder: TestUser, facilityId: string) {
  const surveyor = await createUser(t.app, { name: 'Quinn Surveyor' });
  await call(
    t,
    funder,
    {
      method: 'POST',
      url: `/api/facilities/${facilityId}/parties`,
      payload: { role: 'surveyor', email: surveyor.email },
    },
    201,
  );
  await call(t, surveyor, {
    method: 'POST',
    url: '/api/surveyor/onboarding',
    payload: { company_name: 'Quantum QS', abn: '51 824 753 556', phone: '0298765432' },
  });
  return surveyor;
}

/**
 * Factory: a completed deal (accepted quote written directly), its facility with `terms`, a budget
 * of `budget` lines approved by the funder, a surveyor appointed through the invite, and the
 * facility activated.
 */
export async function createFacilityWorld(
  t: TestApp,
  options: {
    terms?: Record<string, unknown>;
    budget?: { code: string; name: string; category: string; amount_cents: number; funded_by: string }[];
    activate?: boolean;
    developer?: TestUser;
    funder?: TestUser;
    /** The project's state, the facility's SOP state (NSW by default). */
    state?: string;
  } = {},
): Promise<FacilityWorld> {
  const deal = await createEngaged(t, {
    ...(options.developer ? { developer: options.developer } : {}),
    ...(options.funder ? { funder: options.funder } : {}),
  });
  await acceptQuoteDirectly(t, deal);
  if (options.state)
    await t.database.db
      .updateTable('project')
      .set({ state: options.state as 'NSW' })
      .where('id', '=', deal.projectId)
      .execute();
  const done = await completeDeal(t.app, deal.developer, deal.dealId);
  if (done.statusCode !== 200) throw new Error(`complete failed: ${done.body}`);
  const facility = await call(
    t,
    deal.funder,
    {
      method: 'POST',
      url: `/api/deals/${deal.dealId}/facility`,
      payload: {
        limit_cents: 1_200_000_000,
        interest_rate_bps: 1000,
        line_fee_bps: 0,
        establishment_fee_cents: 0,
        close_date: '2026-01-01',
        maturity_date: '2027-06-30',
        latest_practical_completion_date: '2027-03-31',
        ...options.terms,
      },
    },
    201,
  );
  const budget = options.budget ?? [
    { code: 'L1', name: 'Land', category: 'land', amount_cents: 300_000_000, funded_by: 'debt' },
    {
      code: 'C1',
      name: 'Construction',
      category: 'construction',
      amount_cents: 600_000_000,
      funded_by: 'debt',
    },
    { code: 'X1', name: 'Contingency', category: 'contingency', amount_cents: 30_000_000, funded_by: 'debt' },
  ];
  const draft = await call(t, deal.developer, {
    method: 'PUT',
    url: `/api/facilities/${facility.id}/budget`,
    payload: { lines: budget },
  });
  await call(t, deal.funder, { method: 'POST', url: `/api/facilities/${facility.id}/budget/approve` });
  const surveyor = await appointSurveyor(t, deal.funder, facility.id);
  if (options.activate !== false)
    await call(t, deal.funder, { method: 'POST', url: `/api/facilities/${facility.id}/activate` });
  const lines = Object.fromEntries(
    (draft.lines as { code: string; id: string }[]).map((l) => [l.code, l.id]),
  );
  return { ...deal, facilityId: facility.id, surveyor, lines };
}

/** A draw drafted, submitted and certified as claimed (no delay), ready for the funder. */
export async function certifiedDraw(
  t: TestApp,
  w: FacilityWorld,
  claim: { line: string; claimed: number; certified?: number; ctc?: number; reason?: string }[],
  delayDays = 0,
) {
  const draft = await call(
    t,
    w.developer,
    {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/draws`,
      payload: {
        claim_served_at: '2026-01-05T09:00:00+11:00',
        lines: claim.map((c) => ({ budget_line_id: w.lines[c.line], claimed_cents: c.claimed })),
      },
    },
    201,
  );
  await call(t, w.developer, { method: 'POST', url: `/api/draws/${draft.id}/submit` });
  return call(t, w.surveyor, {
    method: 'POST',
    url: `/api/draws/${draft.id}/certify`,
    payload: {
      inspected_on: '2026-01-06',
      percent_complete: 10,
      delay_days: delayDays,
      lines: claim.map((c) => ({
        budget_line_id: w.lines[c.line],
        certified_cents: c.certified ?? c.claimed,
        cost_to_complete_cents: c.ctc ?? 0,
        reason: c.reason ?? '',
      })),
    },
  });
}
