import { addDays } from '@plinth/domain/facility/dates';
import { sydneyDate } from '@plinth/domain/proposals';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * The demo's loan administration (issue 33 item 8), made the way people make it: through the app's
 * own API (app.inject), so every step goes through the facility and draw services — the ledger's
 * journals, the audit entries, the notifications and the Security of Payment clock are real. The
 * developer completes Brunswick Makers Yard's deal; its funder sets up the facility from the accepted
 * quote, adds the demo quantity surveyor, the developer budgets it and pays
 * in equity, the funder approves and opens it; three monthly draws are claimed, certified and funded,
 * and a fourth claim waits for the surveyor.
 */

interface Person {
  email: string;
  password: string;
}

export interface DemoFacilityPeople {
  developer: Person;
  funder: Person;
  surveyor: Person;
}

/** Brunswick's budget from close ($3,010,000): the land was settled before with the developer's equity. */
const budgetLines = [
  { code: 'C01', name: 'Site works and demolition', category: 'construction', amount_cents: 18_000_000 },
  { code: 'C02', name: 'Substructure and slab', category: 'construction', amount_cents: 42_000_000 },
  { code: 'C03', name: 'Structure and roof', category: 'construction', amount_cents: 76_000_000 },
  { code: 'C04', name: 'Services', category: 'construction', amount_cents: 52_000_000 },
  { code: 'C05', name: 'Fit-out and mezzanines', category: 'construction', amount_cents: 38_000_000 },
  { code: 'C06', name: 'External works', category: 'construction', amount_cents: 14_000_000 },
  { code: 'K01', name: 'Construction contingency', category: 'contingency', amount_cents: 12_000_000 },
  { code: 'P01', name: 'Professional fees', category: 'professional_fees', amount_cents: 16_000_000 },
  { code: 'S01', name: 'Council and long service levy', category: 'statutory', amount_cents: 4_500_000 },
  { code: 'M01', name: 'Marketing and sales', category: 'marketing', amount_cents: 3_500_000 },
  { code: 'F01', name: 'Interest and fees', category: 'finance', amount_cents: 25_000_000 },
].map((line) => ({ ...line, funded_by: 'debt' }));

/**
 * Each month's claim by budget line code ($): claimed, and what the surveyor certified where it is
 * less (with the reason). Draw 4 is claimed and waits for the surveyor.
 */
const monthlyClaims: {
  lines: Record<string, number>;
  certifiedLess?: Record<string, [number, string]>;
  percentComplete: number;
  note: string;
}[] = [
  {
    lines: { C01: 165_000, C02: 120_000, P01: 48_000, S01: 45_000 },
    certifiedLess: { C02: [96_000, 'Slab to units 5 and 6 not yet poured at inspection'] },
    percentComplete: 14,
    note: 'Progress claim 1: site establishment, demolition and footings.',
  },
  {
    lines: { C01: 15_000, C02: 300_000, C03: 180_000, P01: 22_000 },
    percentComplete: 31,
    note: 'Progress claim 2: slab complete, steel frame started.',
  },
  {
    lines: { C02: 0, C03: 310_000, C04: 95_000, P01: 18_000, M01: 12_000 },
    certifiedLess: { C03: [284_000, 'Roof sheeting to the northern bay incomplete'] },
    percentComplete: 47,
    note: 'Progress claim 3: frame complete, roof and rough-in services.',
  },
  {
    lines: { C03: 200_000, C04: 140_000, C05: 60_000, P01: 15_000 },
    percentComplete: 0,
    note: 'Progress claim 4: roof complete, services rough-in and mezzanine framing.',
  },
];

/** The claim's service time: 10 am in Melbourne on that day (the project is in Victoria). */
const servedAt = (day: string) => `${day}T10:00:00+10:00`;

export async function seedDemoFacility(app: FastifyInstance, people: DemoFacilityPeople) {
  const origin = app.deps.config.BASE_URL;
  const signIn = async (who: Person) => {
    const { headers } = await app.deps.auth.api.signInEmail({ body: who, returnHeaders: true });
    return headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const call = async (cookie: string, options: InjectOptions & { url: string }, expected = 200) => {
    const res = await app.inject({ ...options, headers: { origin, cookie, ...options.headers } });
    if (res.statusCode !== expected) {
      throw new Error(`demo seed: ${options.method} ${options.url} answered ${res.statusCode}: ${res.body}`);
    }
    return res.json();
  };
  const [developer, funder] = await Promise.all([signIn(people.developer), signIn(people.funder)]);

  const portfolio = await call(funder, { method: 'GET', url: '/api/portfolio' });
  const room = (portfolio.items as { project_title: string; deal_id: string | null }[]).find(
    (i) => i.project_title === 'Brunswick Makers Yard' && i.deal_id,
  );
  if (!room?.deal_id) throw new Error('demo seed: Brunswick Makers Yard has no deal room');
  await call(developer, { method: 'PUT', url: `/api/deals/${room.deal_id}/complete` });

  // Closed four months ago, so three monthly draws are behind it and the fourth claim is this week's.
  const today = sydneyDate();
  const close = addDays(today, -120);
  const facility = await call(
    funder,
    {
      method: 'POST',
      url: `/api/deals/${room.deal_id}/facility`,
      payload: {
        close_date: close,
        latest_practical_completion_date: addDays(close, 365),
        line_fee_bps: 50,
      },
    },
    201,
  );
  const facilityId = facility.id as string;

  // The lender's quantity surveyor, already signed up as one: added at once.
  await call(
    funder,
    {
      method: 'POST',
      url: `/api/facilities/${facilityId}/parties`,
      payload: { role: 'surveyor', email: people.surveyor.email },
    },
    201,
  );
  const surveyor = await signIn(people.surveyor);

  await call(developer, {
    method: 'PUT',
    url: `/api/facilities/${facilityId}/budget`,
    payload: { lines: budgetLines },
  });
  const budget = await call(funder, { method: 'POST', url: `/api/facilities/${facilityId}/budget/approve` });
  const lineIdOf = new Map<string, string>(
    (budget.lines as { id: string; code: string }[]).map((l) => [l.code, l.id]),
  );
  await call(funder, { method: 'POST', url: `/api/facilities/${facilityId}/activate` });
  await call(
    developer,
    {
      method: 'POST',
      url: `/api/facilities/${facilityId}/equity`,
      payload: { amount_cents: 40_000_000, received_on: close },
    },
    201,
  );

  const certifiedSoFar = new Map<string, number>();
  for (const [index, claim] of monthlyClaims.entries()) {
    const isLast = index === monthlyClaims.length - 1;
    const served = isLast ? addDays(today, -2) : addDays(close, 25 + 30 * index);
    const lines = Object.entries(claim.lines)
      .filter(([, dollars]) => dollars > 0)
      .map(([code, dollars]) => ({ budget_line_id: lineIdOf.get(code)!, claimed_cents: dollars * 100 }));
    const draw = await call(
      developer,
      {
        method: 'POST',
        url: `/api/facilities/${facilityId}/draws`,
        payload: { claim_served_at: servedAt(served), lines, note: claim.note },
      },
      201,
    );
    await call(developer, { method: 'POST', url: `/api/draws/${draw.id}/submit` });
    if (isLast) break;
    await call(surveyor, {
      method: 'POST',
      url: `/api/draws/${draw.id}/certify`,
      payload: {
        inspected_on: addDays(served, 3),
        percent_complete: claim.percentComplete,
        delay_days: 0,
        lines: Object.entries(claim.lines)
          .filter(([, dollars]) => dollars > 0)
          .map(([code, dollars]) => {
            const less = claim.certifiedLess?.[code];
            const certified = (less?.[0] ?? dollars) * 100;
            const line = budgetLines.find((l) => l.code === code)!;
            const cumulative = (certifiedSoFar.get(code) ?? 0) + certified;
            certifiedSoFar.set(code, cumulative);
            return {
              budget_line_id: lineIdOf.get(code)!,
              certified_cents: certified,
              // The surveyor's view of what the line still needs after this claim.
              cost_to_complete_cents: Math.max(0, line.amount_cents - cumulative),
              reason: less?.[1] ?? '',
            };
          }),
      },
    });
    await call(funder, { method: 'POST', url: `/api/draws/${draw.id}/approve` });
    await call(funder, {
      method: 'POST',
      url: `/api/draws/${draw.id}/fund`,
      payload: { funded_on: addDays(served, 8) },
    });
  }
  return { facilityId };
}
