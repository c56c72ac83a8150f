import type { TestApp } from '../helpers';
import { call, type FacilityWorld } from './facilities';

/**
 * One draw through every party's step over HTTP (issue 33 item 3): the developer drafts and submits
 * the claim served on `served`, the surveyor certifies it as claimed with the cost to complete of each
 * line after it and the delay they report, the funder approves and (unless `fund` is false) funds it
 * on `fundedOn`. Returns the draw's id.
 */
export async function drawThrough(
  t: TestApp,
  w: FacilityWorld,
  draw: {
    served: string;
    lines: { line: string; cents: number; costToCompleteCents: number }[];
    delayDays?: number;
    approve?: boolean;
    fundedOn?: string;
  },
): Promise<string> {
  const draft = await call(
    t,
    w.developer,
    {
      method: 'POST',
      url: `/api/facilities/${w.facilityId}/draws`,
      payload: {
        claim_served_at: `${draw.served}T10:00:00+10:00`,
        lines: draw.lines.map((l) => ({ budget_line_id: w.lines[l.line], claimed_cents: l.cents })),
      },
    },
    201,
  );
  await call(t, w.developer, { method: 'POST', url: `/api/draws/${draft.id}/submit` });
  await call(t, w.surveyor, {
    method: 'POST',
    url: `/api/draws/${draft.id}/certify`,
    payload: {
      inspected_on: draw.served,
      percent_complete: 50,
      delay_days: draw.delayDays ?? 0,
      lines: draw.lines.map((l) => ({
        budget_line_id: w.lines[l.line],
        certified_cents: l.cents,
        cost_to_complete_cents: l.costToCompleteCents,
        reason: '',
      })),
    },
  });
  if (draw.approve === false) return draft.id;
  await call(t, w.funder, { method: 'POST', url: `/api/draws/${draft.id}/approve` });
  if (draw.fundedOn)
    await call(t, w.funder, {
      method: 'POST',
      url: `/api/draws/${draft.id}/fund`,
      payload: { funded_on: draw.fundedOn },
    });
  return draft.id;
}
