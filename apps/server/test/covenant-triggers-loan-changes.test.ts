import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseRetentionOnSchedule } from '../src/modules/variations/retention.service';
import { as, buildTestApp, type TestApp } from './helpers';
import { covenantTestsOf, setCovenants as setCovenantsOf } from './support/covenant-tests';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { createWorldPresale, presaleBody } from './support/presale-world';
import { completeWithPeriod, worldWithRetention } from './support/retention-world';
import { createVariationWorld } from './support/variation-world';

// Issue 34 item 5, "tested on every event that can move them" (decision 067), for the writes
// covenant-triggers.test.ts does not cover: a reallocation approved, practical completion (the first
// half of retention), the second half released by the schedule, a presale CSV import and a
// settlement. Each write keeps exactly one new test per covenant, with its trigger, made inside its
// own transaction: without the re-test call in that write the new test is missing.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setCovenants = (w: FacilityWorld, covenants: Record<string, unknown>[]) =>
  setCovenantsOf(t, w, covenants);
const testsOf = (w: FacilityWorld, kind: string) => covenantTestsOf(t, w, kind);

// Loan to cost: the $12,000,000 limit over the approved budget; always measured once a budget is approved.
const loanToCost = { kind: 'loan_to_cost', threshold: 15_000, frequency: 'monthly', cure_days: 30 };
const presaleCover = { kind: 'presale_cover', threshold: 500, frequency: 'monthly', cure_days: 30 };

describe('covenants re-tested by the other loan changes', () => {
  it('a reallocation approved (not when proposed or rejected): a test with the trigger variation', async () => {
    const w = await createFacilityWorld(t);
    await setCovenants(w, [loanToCost]);
    const { reallocationId } = await createVariationWorld(t, w);
    expect((await testsOf(w, 'loan_to_cost')).map((r) => r.trigger)).toEqual(['covenants_set']);
    await call(t, w.funder, { method: 'POST', url: `/api/reallocations/${reallocationId}/approve` });
    const tests = await testsOf(w, 'loan_to_cost');
    // $12,000,000 ÷ $9,300,000 = 129.03 %: the total does not move, the test is kept all the same.
    expect(tests).toEqual([
      { trigger: 'variation', status: 'pass', value: 12_903 },
      { trigger: 'covenants_set', status: 'pass', value: 12_903 },
    ]);
    const other = await call(
      t,
      w.developer,
      {
        method: 'POST',
        url: `/api/facilities/${w.facilityId}/reallocations`,
        payload: { from_line_id: w.lines.X1, to_line_id: w.lines.C1, amount_cents: 100_000, reason: 'Again' },
      },
      201,
    );
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/reallocations/${other.id}/reject`,
      payload: { reason: 'No' },
    });
    expect(await testsOf(w, 'loan_to_cost')).toHaveLength(2);
  });

  it('practical completion and the second half of retention each keep a test', async () => {
    const w = await worldWithRetention(t);
    await setCovenants(w, [{ kind: 'in_balance', threshold: 0, frequency: 'monthly', cure_days: 30 }]);
    expect((await testsOf(w, 'in_balance')).map((r) => r.trigger)).toEqual(['covenants_set']);
    await completeWithPeriod(t, w, '2026-06-30', 3);
    expect((await testsOf(w, 'in_balance')).map((r) => r.trigger)).toEqual(['variation', 'covenants_set']);
    expect(await releaseRetentionOnSchedule(t.app.deps, w.facilityId, '2026-09-30')).toMatchObject({
      outcome: 'released',
    });
    expect((await testsOf(w, 'in_balance')).map((r) => r.trigger)).toEqual([
      'variation',
      'variation',
      'covenants_set',
    ]);
  });

  it('the second half released on demand by the funder keeps a test', async () => {
    const w = await worldWithRetention(t);
    await completeWithPeriod(t, w, '2026-06-30', 3);
    await setCovenants(w, [{ kind: 'in_balance', threshold: 0, frequency: 'monthly', cure_days: 30 }]);
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/retention-release`,
      payload: { released_on: '2026-09-30' },
    });
    expect((await testsOf(w, 'in_balance')).map((r) => r.trigger)).toEqual(['variation', 'covenants_set']);
  });

  it('a presale CSV import: presale cover rises with the lots imported', async () => {
    const w = await createFacilityWorld(t);
    await setCovenants(w, [presaleCover]);
    // No presale yet: 0 %, a breach within its cure period.
    expect((await testsOf(w, 'presale_cover'))[0]).toMatchObject({ status: 'breach', value: 0 });
    const row = (lot: string) => {
      const p = presaleBody({ lot });
      return [
        p.lot,
        p.purchaser_name,
        p.price_ex_gst_cents,
        p.deposit_cents,
        p.deposit_form,
        '',
        'no',
        p.exchanged_on,
        p.sunset_on,
      ].join(',');
    };
    const csv = `lot,purchaser_name,price_ex_gst_cents,deposit_cents,deposit_form,bond_expiry,related_party,exchanged_on,sunset_on\n${row('1')}\n${row('2')}\n`;
    const res = await as(t.app, w.developer, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/presales/import`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(201);
    // 2 × $900,000 ÷ $12,000,000 = 15 %: the import's test cures the breach.
    expect(await testsOf(w, 'presale_cover')).toEqual([
      { trigger: 'presale', status: 'pass', value: 1500 },
      { trigger: 'covenants_set', status: 'breach', value: 0 },
    ]);
  });

  it('a settlement: the settled lot leaves the cover', async () => {
    const w = await createFacilityWorld(t);
    const d = await certifiedDraw(t, w, [{ line: 'L1', claimed: 100_000_000 }]);
    await call(t, w.funder, { method: 'POST', url: `/api/draws/${d.id}/approve` });
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/draws/${d.id}/fund`,
      payload: { funded_on: '2026-01-01' },
    });
    const lot = await createWorldPresale(t, w, { lot: 'A' });
    await createWorldPresale(t, w, { lot: 'B' });
    await setCovenants(w, [presaleCover]);
    expect((await testsOf(w, 'presale_cover'))[0]).toMatchObject({ trigger: 'covenants_set', value: 1500 });
    await call(
      t,
      w.funder,
      {
        method: 'POST',
        url: `/api/presales/${lot}/settlement`,
        payload: { settled_on: '2026-02-01', gross_cents: 10_000_000, selling_costs_cents: 0 },
      },
      201,
    );
    expect((await testsOf(w, 'presale_cover'))[0]).toEqual({
      trigger: 'settlement',
      status: 'pass',
      value: 750,
    });
  });
});
