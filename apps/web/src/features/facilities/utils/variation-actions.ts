import type { VariationState } from '@plinth/domain/facility/variation-machine';

export type FacilityRole = 'developer' | 'funder' | 'co_funder' | 'surveyor' | 'admin' | string;

/** What a status means to a person reading the list. */
export const variationStatusWords: Record<VariationState, string> = {
  proposed: 'Proposed',
  assessed: 'Assessed',
  developer_approved: 'Lender consent needed',
  lender_approved: 'Lender approved',
  lender_rejected: 'Rejected by the lender',
  incorporated: 'Incorporated',
  withdrawn: 'Withdrawn',
};

export type VariationAction = 'assess' | 'approve' | 'lender_approve' | 'lender_reject' | 'withdraw';

/**
 * The moves a viewer may offer on a variation, from decision 061's machine: the surveyor assesses
 * a proposal; the developer approves an assessed one and withdraws any still open; the facility's
 * funder (not a co-funder) consents or rejects one waiting for consent. The server decides; this only
 * chooses which buttons to show.
 */
export function variationActions(role: FacilityRole, status: VariationState): VariationAction[] {
  const open = status === 'proposed' || status === 'assessed' || status === 'developer_approved';
  if (role === 'surveyor') return status === 'proposed' ? ['assess'] : [];
  if (role === 'developer') {
    const moves: VariationAction[] = [];
    if (status === 'assessed') moves.push('approve');
    if (open) moves.push('withdraw');
    return moves;
  }
  if (role === 'funder') return status === 'developer_approved' ? ['lender_approve', 'lender_reject'] : [];
  return [];
}

/** Whole days a person typed ('14', ' 0 '), or null. */
export function wholeDays(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  return /^\d{1,4}$/.test(t) ? Number(t) : null;
}
