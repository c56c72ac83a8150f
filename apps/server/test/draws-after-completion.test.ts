import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineFigures } from '../src/modules/facilities/facility-figures';
import { buildTestApp, type TestApp } from './helpers';
import { call, certifiedDraw, createFacilityWorld, type FacilityWorld } from './support/facilities';
import { certificateOf } from './support/retention-world';

// A draw funded after practical completion (decision 061's consequence, wired in draw-moves): the
// retention it withholds never takes a line's holding above the cap after practical completion —
// in Queensland 2.5 % of the line (QBCC Act Part 4A), where before it the draw module's 5 % applied.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function fund(w: FacilityWorld, claim: Parameters<typeof certifiedDraw>[2], fundedOn: string) {
  const draw = await certifiedDraw(t, w, claim);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${draw.id}/approve` });
  return call(t, w.funder, {
    method: 'POST',
    url: `/api/draws/${draw.id}/fund`,
    payload: { funded_on: fundedOn },
  });
}

/** The construction line's retention held (withheld less released) and its budget, as the ledger keeps them. */
const heldOnC1 = async (w: FacilityWorld) => {
  const line = (await lineFigures(t.database.db, w.facilityId)).find((l) => l.code === 'C1')!;
  return { held: Number(line.retention_held_cents), budget: Number(line.budget_cents) };
};

describe('retention on a draw funded after practical completion', () => {
  it('Queensland: the line never holds more than 2.5 % once practical completion is recorded', async () => {
    const w = await createFacilityWorld(t, { state: 'QLD' });
    // $4,000,000 certified on the $6,000,000 construction line: 5 %, $200,000, held.
    const first = await fund(w, [{ line: 'C1', claimed: 400_000_000, ctc: 200_000_000 }], '2026-01-10');
    expect(first.retention_cents).toBe(20_000_000);
    const pc = await call(t, w.funder, {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/practical-completion`,
      payload: { date: '2026-06-30', certificate_document_id: await certificateOf(t, w) },
    });
    // Half released ($100,000), which leaves $100,000: under the 2.5 % ($150,000) cap.
    expect(pc.retention_held_cents).toBe(10_000_000);
    // $1,500,000 more: 5 % would be $75,000 and take the holding to $175,000 (2.92 %). Only the
    // $50,000 left under the 2.5 % cap is withheld.
    const after = await fund(w, [{ line: 'C1', claimed: 150_000_000, ctc: 50_000_000 }], '2026-07-10');
    expect(after.retention_cents).toBe(5_000_000);
    const { held, budget } = await heldOnC1(w);
    expect(held).toBe(15_000_000);
    expect(held * 10_000).toBeLessThanOrEqual(budget * 250);
    const retention = await call(t, w.funder, {
      method: 'GET',
      url: `/api/facilities/${w.facilityId}/retention`,
    });
    expect(retention.retention_held_cents).toBe(15_000_000);
    // A line already at the cap withholds nothing more.
    const atCap = await fund(w, [{ line: 'C1', claimed: 10_000_000, ctc: 40_000_000 }], '2026-07-20');
    expect(atCap.retention_cents).toBe(0);
    expect((await heldOnC1(w)).held).toBe(15_000_000);
  });
});
