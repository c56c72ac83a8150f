/**
 * The draw's state machine (issue 33, decision 054): the developer drafts and submits, the lender's
 * quantity surveyor certifies, the funder approves, returns, rejects and funds.
 *
 *   draft → submitted → certified → approved → funded
 *   submitted | certified → returned → submitted      (the funder sends it back to be fixed)
 *   submitted | certified | approved → rejected       (the funder refuses it for good)
 *   draft | returned → cancelled                      (the developer withdraws it)
 *
 * funded, rejected and cancelled are final. Every other move is refused with a message the server
 * answers as 409.
 */

export const drawStates = [
  'draft',
  'submitted',
  'certified',
  'approved',
  'funded',
  'returned',
  'rejected',
  'cancelled',
] as const;
export type DrawState = (typeof drawStates)[number];

export const drawActions = ['submit', 'certify', 'approve', 'return', 'reject', 'fund', 'cancel'] as const;
export type DrawAction = (typeof drawActions)[number];

export type DrawActor = 'developer' | 'surveyor' | 'funder';

/** Who may take each action (the server also checks the person is that party to the facility). */
export const drawActionActor: Record<DrawAction, DrawActor> = {
  submit: 'developer',
  certify: 'surveyor',
  approve: 'funder',
  return: 'funder',
  reject: 'funder',
  fund: 'funder',
  cancel: 'developer',
};

/** From which states each action is legal, and where it leads. */
export const drawTransitions: Record<DrawAction, { from: readonly DrawState[]; to: DrawState }> = {
  submit: { from: ['draft', 'returned'], to: 'submitted' },
  certify: { from: ['submitted'], to: 'certified' },
  approve: { from: ['certified'], to: 'approved' },
  return: { from: ['submitted', 'certified'], to: 'returned' },
  reject: { from: ['submitted', 'certified', 'approved'], to: 'rejected' },
  fund: { from: ['approved'], to: 'funded' },
  cancel: { from: ['draft', 'returned'], to: 'cancelled' },
};

export const finalDrawStates: readonly DrawState[] = ['funded', 'rejected', 'cancelled'];
export const isFinalDrawState = (state: DrawState) => finalDrawStates.includes(state);

/** The developer may change the claim's lines, note and documents only while it is theirs to change. */
export const isDrawEditable = (state: DrawState) => state === 'draft' || state === 'returned';

/** Draws that hold a claim on the facility's money (counted as pending in the in-balance test). */
export const isDrawPending = (state: DrawState) => state === 'certified' || state === 'approved';

export const drawStateLabels: Record<DrawState, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  certified: 'Certified',
  approved: 'Approved',
  funded: 'Funded',
  returned: 'Returned',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

const pastTense: Record<DrawAction, string> = {
  submit: 'submitted',
  certify: 'certified',
  approve: 'approved',
  return: 'returned',
  reject: 'rejected',
  fund: 'funded',
  cancel: 'cancelled',
};

const article = (state: DrawState) => (/^[aeiou]/.test(state) ? 'an' : 'a');
const orList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

export type DrawMove = { ok: true; state: DrawState } | { ok: false; message: string };

/** The legal actions from a state, in the order of `drawActions`. */
export const legalDrawActions = (state: DrawState): DrawAction[] =>
  drawActions.filter((action) => drawTransitions[action].from.includes(state));

/**
 * The state after `action`, or why it cannot happen, e.g.
 * 'This draw is funded and can no longer change' or
 * 'Only a submitted draw can be certified; this draw is a draft'.
 */
export function nextDrawState(state: DrawState, action: DrawAction): DrawMove {
  const transition = drawTransitions[action];
  if (transition.from.includes(state)) return { ok: true, state: transition.to };
  if (isFinalDrawState(state))
    return { ok: false, message: `This draw is ${state} and can no longer change` };
  const current = state === 'draft' ? 'a draft' : state;
  if (action === 'submit' && state !== 'draft' && state !== 'returned')
    return { ok: false, message: `This draw is already ${current}` };
  const from = transition.from.map((s) => (s === 'draft' ? 'draft' : s));
  const message = `Only ${article(from[0] ?? 'draft')} ${orList(from)} draw can be ${pastTense[action]}; this draw is ${current}`;
  return { ok: false, message };
}
