import { describe, expect, it } from 'vitest';
import {
  applicableRateBps,
  type FacilityStatus,
  facilityAcceptsDraws,
  facilityActions,
  facilityNotActiveMessage,
  facilityStatuses,
  nextFacilityStatus,
} from '../../src/facility/facility-machine';

const legal: Record<string, FacilityStatus> = {
  'setting_up activate': 'active',
  'active declare_default': 'in_default',
  'active repay': 'repaid',
  'in_default cure': 'active',
  'in_default repay': 'repaid',
};

describe('nextFacilityStatus', () => {
  for (const status of facilityStatuses)
    for (const action of facilityActions) {
      const to = legal[`${status} ${action}`];
      it(`${status} + ${action}: ${to ? `moves to ${to}` : 'refused'}`, () => {
        const move = nextFacilityStatus(status, action);
        if (to) expect(move).toEqual({ ok: true, status: to });
        else {
          expect(move.ok).toBe(false);
          if (!move.ok) expect(move.message).toMatch(/^(Only|This facility is repaid)/);
        }
      });
    }
  it('messages', () => {
    expect(nextFacilityStatus('setting_up', 'repay')).toEqual({
      ok: false,
      message: 'Only an active facility or one in default can be marked repaid; this facility is setting up',
    });
    expect(nextFacilityStatus('repaid', 'cure')).toEqual({
      ok: false,
      message: 'This facility is repaid and can no longer change',
    });
  });
  it('draws move only while active; default interest adds the margin', () => {
    expect(facilityStatuses.filter(facilityAcceptsDraws)).toEqual(['active']);
    expect(facilityNotActiveMessage('in_default')).toBe(
      'Draws move only while the facility is active; this facility is in default',
    );
    const terms = { interest_rate_bps: 1000, default_margin_bps: 400 };
    expect(applicableRateBps('active', terms)).toBe(1000);
    expect(applicableRateBps('in_default', terms)).toBe(1400);
  });
});
