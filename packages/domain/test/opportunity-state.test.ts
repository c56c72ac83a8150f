import { describe, expect, it } from 'vitest';
import { opportunityStateOf, portfolioStatuses, portfolioStatusLabels } from '../src/deals';

describe('opportunityStateOf (spec 000 section 2, Funder opportunity card)', () => {
  it('opportunityStateOf: approved access without a deal → engage', () => {
    expect(opportunityStateOf({ access_status: 'approved', deal_id: null })).toBe('engage');
    expect(opportunityStateOf({ access_status: 'approved' })).toBe('engage');
  });

  it('opportunityStateOf: a deal id, whatever the status → deal_room', () => {
    expect(opportunityStateOf({ access_status: 'approved', deal_id: 'd1' })).toBe('deal_room');
  });

  it('opportunityStateOf: due_diligence, term_sheet or funded (only a deal moves access there) → deal_room', () => {
    for (const status of ['due_diligence', 'term_sheet', 'funded'] as const)
      expect(opportunityStateOf({ access_status: status, deal_id: null })).toBe('deal_room');
  });

  it('opportunityStateOf: pending → pending', () => {
    expect(opportunityStateOf({ access_status: 'pending', deal_id: null })).toBe('pending');
  });

  it('opportunityStateOf: no request, declined or closed → request', () => {
    for (const status of [null, 'declined', 'closed'] as const)
      expect(opportunityStateOf({ access_status: status, deal_id: null })).toBe('request');
  });
});

describe('portfolioStatusLabels', () => {
  it('portfolioStatusLabels: every portfolio status → its words', () => {
    expect(portfolioStatuses.map((s) => portfolioStatusLabels[s])).toEqual([
      'Approved',
      'Due Diligence',
      'Term Sheet',
      'Funded',
    ]);
  });
});
