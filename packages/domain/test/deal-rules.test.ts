import { describe, expect, it } from 'vitest';
import { dealCompletionRefusal, dealMessages, portfolioTotals } from '../src/deals';
import { accessStatuses, isInFunderMarket, isRecommendable } from '../src/marketplace';

describe('dealCompletionRefusal (spec 000 section 4, Deal)', () => {
  const open = { status: 'open', access_status: 'term_sheet' } as const;

  it('dealCompletionRefusal: an open deal at term sheet with an accepted proposal → may complete', () => {
    expect(dealCompletionRefusal(open, { hasAcceptedProposal: true, isForced: false })).toBeNull();
  });

  it('dealCompletionRefusal: no accepted proposal → completeNeedsAcceptedProposal', () => {
    expect(dealCompletionRefusal(open, { hasAcceptedProposal: false, isForced: false })).toBe(
      dealMessages.completeNeedsAcceptedProposal,
    );
    expect(
      dealCompletionRefusal(
        { status: 'open', access_status: 'due_diligence' },
        { hasAcceptedProposal: true, isForced: false },
      ),
    ).toBe(dealMessages.completeNeedsAcceptedProposal);
  });

  it('dealCompletionRefusal: a completed deal → alreadyCompleted, forced or not', () => {
    const done = { status: 'completed', access_status: 'funded' } as const;
    for (const isForced of [false, true])
      expect(dealCompletionRefusal(done, { hasAcceptedProposal: true, isForced })).toBe(
        dealMessages.alreadyCompleted,
      );
  });

  it('dealCompletionRefusal: an admin forces an open deal in due diligence without a proposal → may complete', () => {
    expect(
      dealCompletionRefusal(
        { status: 'open', access_status: 'due_diligence' },
        { hasAcceptedProposal: false, isForced: true },
      ),
    ).toBeNull();
  });
});

describe('portfolioTotals (spec 000 section 9: returns = funded amount x 12.5 %)', () => {
  it('portfolioTotals: counts every item, sums the funded ones at the agreed amount where there is one', () => {
    const totals = portfolioTotals([
      { status: 'funded', loan_amount: 3_000_000, agreed_amount: 2_400_000, deal_status: 'completed' },
      { status: 'funded', loan_amount: 1_000_000, agreed_amount: null, deal_status: 'completed' },
      { status: 'term_sheet', loan_amount: 5_000_000, agreed_amount: 4_000_000, deal_status: 'open' },
      { status: 'approved', loan_amount: 2_000_000, agreed_amount: null, deal_status: null },
    ]);
    // 2.4 M + 1 M = 3.4 M funded; 12.5 % of it = 425,000.
    expect(totals).toEqual({
      deals: 4,
      active_deals: 1,
      funded_count: 2,
      funded_amount: 3_400_000,
      total_returns: 425_000,
      average_return_percent: 12.5,
    });
  });

  it('portfolioTotals: nothing funded → zero amounts, the fixed 12.5 % all the same', () => {
    expect(portfolioTotals([])).toEqual({
      deals: 0,
      active_deals: 0,
      funded_count: 0,
      funded_amount: 0,
      total_returns: 0,
      average_return_percent: 12.5,
    });
  });
});

describe("a funder's marketplace and recommendations by their own request (issue 9)", () => {
  it('isInFunderMarket: no request, declined, closed and granted-but-unfunded stay; pending and funded leave', () => {
    for (const status of [null, 'declined', 'closed', 'approved', 'due_diligence', 'term_sheet'] as const)
      expect(isInFunderMarket(status), String(status)).toBe(true);
    for (const status of ['pending', 'funded'] as const) expect(isInFunderMarket(status), status).toBe(false);
  });

  it('isRecommendable: only a listing never asked about (issue 37 item 8: no access status, no deal)', () => {
    expect(isRecommendable(null)).toBe(true);
    for (const status of accessStatuses) expect(isRecommendable(status), status).toBe(false);
  });
});
