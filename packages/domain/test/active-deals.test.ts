import { accessStatuses } from '@plinth/domain/marketplace';
import { describe, expect, it } from 'vitest';
import { activeDealAccessStatuses, isActiveDeal, portfolioTotals } from '../src/deals';

// Issue 37 item 4: one definition of an active deal, used by the dashboard's ACTIVE DEALS, its
// 'Your Active Deals' list and the portfolio's count alike.

describe('isActiveDeal', () => {
  it('an open room whose access is still granted and unfunded is active', () => {
    for (const access_status of ['approved', 'due_diligence', 'term_sheet'] as const)
      expect(isActiveDeal({ deal_status: 'open', access_status }), access_status).toBe(true);
  });

  it('a revoked or lapsed funder’s room is not active, though the room stays open (read-only)', () => {
    expect(isActiveDeal({ deal_status: 'open', access_status: 'revoked' })).toBe(false);
  });

  it('a completed deal, no room at all, or a closed request is not active', () => {
    expect(isActiveDeal({ deal_status: 'completed', access_status: 'funded' })).toBe(false);
    expect(isActiveDeal({ deal_status: null, access_status: 'approved' })).toBe(false);
    for (const access_status of accessStatuses.filter(
      (s) => !(activeDealAccessStatuses as readonly string[]).includes(s),
    ))
      expect(isActiveDeal({ deal_status: 'open', access_status }), access_status).toBe(false);
  });

  it('portfolioTotals counts active deals by the same rule', () => {
    const totals = portfolioTotals([
      { status: 'due_diligence', loan_amount: 1, agreed_amount: null, deal_status: 'open' },
      { status: 'approved', loan_amount: 1, agreed_amount: null, deal_status: null },
      { status: 'funded', loan_amount: 1, agreed_amount: null, deal_status: 'completed' },
    ]);
    expect(totals.active_deals).toBe(1);
  });
});
