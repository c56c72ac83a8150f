import { outOfBalanceMessage } from '@plinth/domain/facility/in-balance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, type TestApp } from './helpers';
import { call, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { drawThrough } from './support/worked-example';

// Issue 33 item 4's worked example through HTTP alone (decision 070): limit $19,000,000; after draw 7
// the undrawn limit of $7,260,000 meets construction to complete + retention $5,710,000, contingency
// $350,000, soft costs $390,000 and finance $810,000 (shortfall 0); the surveyor reports a two-month
// delay that lifts the forecast finance to $1,060,000 (shortfall $250,000); funding is refused with the
// domain's words until $250,000 of equity is received, and then goes through.
//
// The terms are ones that give those figures exactly (7.86 % interest, a 1.5 % line fee, an
// establishment fee of $181,410.64, closed 1 January 2026, latest practical completion and maturity
// 16 August 2026, draws fortnightly; the equity paid in is what the draws then need beside the debt). No accrual
// job runs: the finance forecast starts on the first day not accrued (the close) and each draw bears
// interest from the day it was funded, as the accrual will charge it.

let t: TestApp;
let w: FacilityWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createFacilityWorld(t, {
    terms: {
      limit_cents: 1_900_000_000,
      interest_rate_bps: 786,
      line_fee_bps: 150,
      default_margin_bps: 400,
      establishment_fee_cents: 18_141_064,
      close_date: '2026-01-01',
      maturity_date: '2026-08-16',
      latest_practical_completion_date: '2026-08-16',
    },
    budget: [
      { code: 'LAND', name: 'Land', category: 'land', amount_cents: 400_000_000, funded_by: 'equity' },
      {
        code: 'BUILD',
        name: 'Construction',
        category: 'construction',
        amount_cents: 1_369_000_000,
        funded_by: 'debt',
      },
      {
        code: 'CONT',
        name: 'Contingency',
        category: 'contingency',
        amount_cents: 70_000_000,
        funded_by: 'debt',
      },
      {
        code: 'SOFT',
        name: 'Soft costs',
        category: 'professional_fees',
        amount_cents: 90_000_000,
        funded_by: 'debt',
      },
      {
        code: 'FIN',
        name: 'Interest and fees',
        category: 'finance',
        amount_cents: 150_000_000,
        funded_by: 'debt',
      },
    ],
  });
});
afterAll(() => t.close());

type Line = { key: string; required_cents: number; basis: string };
const inBalance = () =>
  call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}/in-balance` });
const required = (ib: { lines: Line[] }, key: string) => ib.lines.find((l) => l.key === key)?.required_cents;

/** Seven fortnightly draws: the land and $1,200,000 of construction in each (5 % retention), soft costs, contingency. */
const draws: { served: string; fundedOn: string; soft: number; cont: number }[] = [
  { served: '2026-01-02', fundedOn: '2026-01-05', soft: 15_000_000, cont: 0 },
  { served: '2026-01-16', fundedOn: '2026-01-19', soft: 11_584_925, cont: 0 },
  { served: '2026-01-30', fundedOn: '2026-02-02', soft: 6_000_000, cont: 0 },
  { served: '2026-02-13', fundedOn: '2026-02-16', soft: 6_000_000, cont: 0 },
  { served: '2026-02-27', fundedOn: '2026-03-02', soft: 6_000_000, cont: 10_000_000 },
  { served: '2026-03-13', fundedOn: '2026-03-16', soft: 6_000_000, cont: 10_000_000 },
  { served: '2026-03-27', fundedOn: '2026-03-30', soft: 415_075, cont: 15_000_000 },
];

describe("issue 33's worked example, through the API", () => {
  it('after draw 7: $7,260,000 undrawn against $7,260,000 required, finance $810,000, shortfall 0', async () => {
    await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/equity`,
        payload: { amount_cents: 128_141_064, received_on: '2026-01-02' },
      },
      201,
    );
    const spent = { BUILD: 0, CONT: 0, SOFT: 0 };
    for (const [i, d] of draws.entries()) {
      spent.BUILD += 120_000_000;
      spent.SOFT += d.soft;
      spent.CONT += d.cont;
      await drawThrough(t, w, {
        served: d.served,
        fundedOn: d.fundedOn,
        lines: [
          ...(i === 0 ? [{ line: 'LAND', cents: 400_000_000, costToCompleteCents: 0 }] : []),
          { line: 'BUILD', cents: 120_000_000, costToCompleteCents: 1_369_000_000 - spent.BUILD },
          { line: 'SOFT', cents: d.soft, costToCompleteCents: 90_000_000 - spent.SOFT },
          ...(d.cont > 0
            ? [{ line: 'CONT', cents: d.cont, costToCompleteCents: 70_000_000 - spent.CONT }]
            : []),
        ],
      });
    }
    const facility = await call(t, w.funder, { method: 'GET', url: `/api/facilities/${w.facilityId}` });
    expect(facility.undrawn_cents).toBe(726_000_000);
    const ib = await inBalance();
    expect(ib).toMatchObject({
      available_cents: 726_000_000,
      required_cents: 726_000_000,
      shortfall_cents: 0,
    });
    expect(required(ib, 'retention')! + required(ib, w.lines.BUILD!)!).toBe(571_000_000);
    expect(required(ib, w.lines.CONT!)).toBe(35_000_000);
    expect(required(ib, w.lines.SOFT!)).toBe(39_000_000);
    expect(required(ib, 'finance')).toBe(81_000_000);
    expect(ib.finance_end_date).toBe('2026-08-16');
  });

  it("the surveyor's two-month delay lifts finance to $1,060,000: funding refused with the shortfall until $250,000 of equity", async () => {
    // Draw 8 is certified on time and approved while the loan is in balance.
    const eighth = await drawThrough(t, w, {
      served: '2026-04-13',
      lines: [{ line: 'BUILD', cents: 120_000_000, costToCompleteCents: 409_000_000 }],
    });
    expect((await inBalance()).shortfall_cents).toBe(0);
    // The surveyor's next report, on draw 9, moves practical completion two months: 16 October.
    const ninth = await drawThrough(t, w, {
      served: '2026-04-27',
      approve: false,
      delayDays: 61,
      lines: [{ line: 'SOFT', cents: 1_000_000, costToCompleteCents: 38_000_000 }],
    });
    const delayed = await inBalance();
    expect(required(delayed, 'finance')).toBe(106_000_000);
    expect(delayed.finance_end_date).toBe('2026-10-16');
    expect(delayed).toMatchObject({
      available_cents: 726_000_000,
      required_cents: 751_000_000,
      shortfall_cents: 25_000_000,
    });
    const refused = await as(t.app, w.funder, {
      method: 'POST',
      url: `/api/draws/${eighth}/fund`,
      payload: { funded_on: '2026-04-15' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'The loan is out of balance by $250,000: equity of $250,000 is needed first',
    );
    expect(refused.json().error).toBe(outOfBalanceMessage(25_000_000n));
    const approve = await as(t.app, w.funder, { method: 'POST', url: `/api/draws/${ninth}/approve` });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toBe(outOfBalanceMessage(25_000_000n));
    const draw = await call(t, w.funder, { method: 'GET', url: `/api/draws/${eighth}` });
    expect(draw.status).toBe('approved');
    // $250,000 of equity received: in balance again, and draw 8 is funded.
    await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/equity`,
        payload: { amount_cents: 25_000_000, received_on: '2026-04-14' },
      },
      201,
    );
    expect((await inBalance()).shortfall_cents).toBe(0);
    const funded = await call(t, w.funder, {
      method: 'POST',
      url: `/api/draws/${eighth}/fund`,
      payload: { funded_on: '2026-04-15' },
    });
    expect(funded).toMatchObject({ status: 'funded', funded_on: '2026-04-15' });
  });
});
