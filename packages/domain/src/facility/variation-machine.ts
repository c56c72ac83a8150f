/**
 * The variation's state machine (issue 34 item 1, decision 061): a change to the work — a budget
 * line's cost and the programme's days — proposed by the developer, assessed by the lender's
 * quantity surveyor, approved by the developer and, where the facility needs it, consented to by the
 * lender; then incorporated into a new approved budget version.
 *
 *   proposed → assessed → developer_approved → lender_approved → incorporated
 *                                        ↘ lender_rejected
 *   developer_approved → incorporated                 (no lender consent needed)
 *   proposed | assessed | developer_approved → withdrawn   (the developer)
 *
 * incorporated, lender_rejected and withdrawn are final. lender_approved is incorporated in the same
 * step (the server writes both moves in one transaction), so it is never left standing. Every other
 * move is refused with a message the server answers as 409.
 */

export const variationStates = [
  'proposed',
  'assessed',
  'developer_approved',
  'lender_approved',
  'lender_rejected',
  'incorporated',
  'withdrawn',
] as const;
export type VariationState = (typeof variationStates)[number];

/** The events a person sends (`POST /api/variations/{id}/events`), and the one the server applies. */
export const variationEventTypes = [
  'assess',
  'approve',
  'lender_approve',
  'lender_reject',
  'withdraw',
] as const;
export type VariationEventType = (typeof variationEventTypes)[number];
export type VariationAction = VariationEventType | 'incorporate';

export type VariationActor = 'developer' | 'surveyor' | 'funder' | 'system';

/** Who may take each action (the server also checks the person is that party to the facility). */
export const variationActionActor: Record<VariationAction, VariationActor> = {
  assess: 'surveyor',
  approve: 'developer',
  lender_approve: 'funder',
  lender_reject: 'funder',
  withdraw: 'developer',
  incorporate: 'system',
};

export const variationTransitions: Record<
  VariationAction,
  { from: readonly VariationState[]; to: VariationState }
> = {
  assess: { from: ['proposed'], to: 'assessed' },
  approve: { from: ['assessed'], to: 'developer_approved' },
  lender_approve: { from: ['developer_approved'], to: 'lender_approved' },
  lender_reject: { from: ['developer_approved'], to: 'lender_rejected' },
  withdraw: { from: ['proposed', 'assessed', 'developer_approved'], to: 'withdrawn' },
  incorporate: { from: ['developer_approved', 'lender_approved'], to: 'incorporated' },
};

export const finalVariationStates: readonly VariationState[] = [
  'incorporated',
  'lender_rejected',
  'withdrawn',
];
export const isFinalVariationState = (state: VariationState) => finalVariationStates.includes(state);
/** Still open: the developer may withdraw it. */
export const isOpenVariationState = (state: VariationState) =>
  variationTransitions.withdraw.from.includes(state);

export const variationStateLabels: Record<VariationState, string> = {
  proposed: 'Proposed',
  assessed: 'Assessed by the quantity surveyor',
  developer_approved: 'Approved by the developer',
  lender_approved: 'Approved by the lender',
  lender_rejected: 'Rejected by the lender',
  incorporated: 'Incorporated in the budget',
  withdrawn: 'Withdrawn',
};

const stateWords: Record<VariationState, string> = {
  proposed: 'proposed',
  assessed: 'assessed',
  developer_approved: 'approved by the developer',
  lender_approved: 'approved by the lender',
  lender_rejected: 'rejected by the lender',
  incorporated: 'incorporated',
  withdrawn: 'withdrawn',
};

const refusals: Record<VariationAction, string> = {
  assess: 'Only a proposed variation can be assessed',
  approve: 'Only a variation the quantity surveyor has assessed can be approved by the developer',
  lender_approve: "Only a variation awaiting the lender's consent can be approved by the lender",
  lender_reject: "Only a variation awaiting the lender's consent can be rejected by the lender",
  withdraw: 'Only an open variation (proposed, assessed or awaiting the lender) can be withdrawn',
  incorporate: 'Only an approved variation can be incorporated',
};

export type VariationMove = { ok: true; state: VariationState } | { ok: false; message: string };

/** The legal actions from a state, in the order of the API's event types. */
export const legalVariationActions = (state: VariationState): VariationAction[] =>
  (Object.keys(variationTransitions) as VariationAction[]).filter((action) =>
    variationTransitions[action].from.includes(state),
  );

/**
 * The state after `action`, or why it cannot happen, e.g.
 * 'This variation is incorporated and can no longer change' or
 * 'Only a proposed variation can be assessed; this variation is assessed'.
 */
export function nextVariationState(state: VariationState, action: VariationAction): VariationMove {
  const transition = variationTransitions[action];
  if (transition.from.includes(state)) return { ok: true, state: transition.to };
  if (isFinalVariationState(state))
    return { ok: false, message: `This variation is ${stateWords[state]} and can no longer change` };
  return { ok: false, message: `${refusals[action]}; this variation is ${stateWords[state]}` };
}

/** The message when a person of the wrong part sends an event (the server's 403). */
export const variationActorMessage: Record<VariationEventType, string> = {
  assess: "Only the facility's quantity surveyor can assess a variation",
  approve: "Only the facility's developer can approve a variation",
  lender_approve: "Only the facility's funder can consent to a variation",
  lender_reject: "Only the facility's funder can reject a variation",
  withdraw: "Only the facility's developer can withdraw a variation",
};
