/**
 * The facility's state machine (issue 33, decision 054).
 *
 *   setting_up → active            activate: the funder, once the budget is approved (server checks)
 *   active → in_default            declare_default: the funder (default interest applies from that day)
 *   in_default → active            cure: the funder, when the default is remedied or waived
 *   active | in_default → repaid   repay: the funder, when everything owed is paid (final)
 *
 * Draws are submitted, certified and approved only while the facility is active; while in default the
 * developer may keep drafts but nothing moves money except the funder's own decisions (fund refused).
 */

export const facilityStatuses = ['setting_up', 'active', 'in_default', 'repaid'] as const;
export type FacilityStatus = (typeof facilityStatuses)[number];

export const facilityActions = ['activate', 'declare_default', 'cure', 'repay'] as const;
export type FacilityAction = (typeof facilityActions)[number];

export const facilityTransitions: Record<
  FacilityAction,
  { from: readonly FacilityStatus[]; to: FacilityStatus }
> = {
  activate: { from: ['setting_up'], to: 'active' },
  declare_default: { from: ['active'], to: 'in_default' },
  cure: { from: ['in_default'], to: 'active' },
  repay: { from: ['active', 'in_default'], to: 'repaid' },
};

export const facilityStatusLabels: Record<FacilityStatus, string> = {
  setting_up: 'Setting up',
  active: 'Active',
  in_default: 'In default',
  repaid: 'Repaid',
};

export type FacilityMove = { ok: true; status: FacilityStatus } | { ok: false; message: string };

const refusals: Record<FacilityAction, string> = {
  activate: 'Only a facility that is setting up can be activated',
  declare_default: 'Only an active facility can be declared in default',
  cure: 'Only a facility in default can be cured',
  repay: 'Only an active facility or one in default can be marked repaid',
};

export function nextFacilityStatus(status: FacilityStatus, action: FacilityAction): FacilityMove {
  const t = facilityTransitions[action];
  if (t.from.includes(status)) return { ok: true, status: t.to };
  if (status === 'repaid') return { ok: false, message: 'This facility is repaid and can no longer change' };
  return {
    ok: false,
    message: `${refusals[action]}; this facility is ${facilityStatusLabels[status].toLowerCase()}`,
  };
}

/** Whether a draw may move (submit, certify, approve, fund) under the facility's status. */
export const facilityAcceptsDraws = (status: FacilityStatus) => status === 'active';

/** The message when a draw action meets a facility that is not active. */
export const facilityNotActiveMessage = (status: FacilityStatus) =>
  `Draws move only while the facility is active; this facility is ${facilityStatusLabels[status].toLowerCase()}`;

/** The annual rate that applies: the default margin is added while the facility is in default. */
export const applicableRateBps = (
  status: FacilityStatus,
  terms: { interest_rate_bps: number; default_margin_bps: number },
) => (status === 'in_default' ? terms.interest_rate_bps + terms.default_margin_bps : terms.interest_rate_bps);
