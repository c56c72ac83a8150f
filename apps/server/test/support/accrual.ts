import type { TestApp } from '../helpers';
import { call, certifiedDraw, type FacilityWorld } from './facilities';

/** A draw on the construction line certified, approved and funded on `fundedOn` (the accrual tests). */
export async function fundDraw(t: TestApp, w: FacilityWorld, claimed: number, fundedOn: string) {
  const draw = await certifiedDraw(t, w, [{ line: 'C1', claimed, ctc: 100_000_000 }]);
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${draw.id}/approve` });
  await call(t, w.funder, {
    method: 'POST',
    url: `/api/draws/${draw.id}/fund`,
    payload: { funded_on: fundedOn },
  });
}
