import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accounts,
  balances,
  drawFundedJournal,
  drawnCents,
  equityReceivedJournal,
  equitySpentJournal,
  establishmentFeeJournal,
  facilityOpenedJournal,
  fundingSplit,
  interestAccruedJournal,
  interestBearingCents,
  interestCapitalisedJournal,
  journalTotal,
  limitIncreasedJournal,
  lineFeeJournal,
  naturalBalance,
  normalSide,
  retentionReleasedJournal,
} from '../../src/facility/ledger';

const cents = fc.bigInt(0n, 10n ** 12n);

describe('journal builders', () => {
  it('every builder balances for any amounts', () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, (a, b, c, d) => {
        const journals = [
          facilityOpenedJournal(a),
          limitIncreasedJournal(a),
          establishmentFeeJournal({ amount_cents: a, undrawn_cents: b }),
          lineFeeJournal({ amount_cents: a, undrawn_cents: b }),
          equityReceivedJournal(a),
          equitySpentJournal(a),
          interestAccruedJournal(a),
          interestCapitalisedJournal({ amount_cents: a, undrawn_cents: b }),
          drawFundedJournal({
            certified_cents: a + b,
            retention_cents: b,
            equity_in_hand_cents: c,
            undrawn_cents: a,
          }),
          retentionReleasedJournal({ amount_cents: a, equity_in_hand_cents: c, undrawn_cents: a + d }),
        ];
        for (const j of journals) {
          expect(journalTotal(j.postings)).toBe(0n);
          for (const p of j.postings) expect(p.amount_cents).not.toBe(0n);
        }
      }),
    );
  });

  it('a funded draw: retention withheld, equity in hand first, then debt from the undrawn limit', () => {
    expect(fundingSplit(1000n, 300n)).toEqual({ equity_cents: 300n, debt_cents: 700n });
    expect(fundingSplit(1000n, 5000n)).toEqual({ equity_cents: 1000n, debt_cents: 0n });
    const j = drawFundedJournal({
      certified_cents: 1000n,
      retention_cents: 50n,
      equity_in_hand_cents: 300n,
      undrawn_cents: 10_000n,
    });
    const b = balances(j.postings);
    expect(naturalBalance('project_costs', b.project_costs)).toBe(1000n);
    expect(naturalBalance('retention_held', b.retention_held)).toBe(50n);
    expect(naturalBalance('principal', b.principal)).toBe(650n);
    expect(b.equity).toBe(-300n);
    expect(b.undrawn).toBe(-650n);
  });

  it('refuses impossible draws instead of posting them', () => {
    expect(() =>
      drawFundedJournal({
        certified_cents: 1000n,
        retention_cents: 0n,
        equity_in_hand_cents: 0n,
        undrawn_cents: 999n,
      }),
    ).toThrow('The draw needs more than the undrawn limit');
    expect(() =>
      drawFundedJournal({
        certified_cents: 10n,
        retention_cents: 11n,
        equity_in_hand_cents: 0n,
        undrawn_cents: 99n,
      }),
    ).toThrow('Retention cannot exceed the certified amount');
    expect(() => equityReceivedJournal(-1n)).toThrow('cannot be negative');
  });

  it('a limit increase is a journal of its own: Dr undrawn / Cr commitment, the limit up by the increase', () => {
    const j = limitIncreasedJournal(250n);
    expect(j.kind).toBe('limit_increased');
    expect(j.postings).toEqual([
      { account: 'undrawn', amount_cents: 250n },
      { account: 'commitment', amount_cents: -250n },
    ]);
    const b = balances([...facilityOpenedJournal(1000n).postings, ...j.postings]);
    expect(naturalBalance('undrawn', b.undrawn)).toBe(1250n);
    expect(naturalBalance('commitment', b.commitment)).toBe(1250n);
    expect(limitIncreasedJournal(0n).postings).toEqual([]);
    expect(() => limitIncreasedJournal(-1n)).toThrow('cannot be negative');
  });

  it('capitalisation and fees beyond the undrawn limit become payable in cash, never an overdrawn limit', () => {
    const j = interestCapitalisedJournal({ amount_cents: 1000n, undrawn_cents: 400n });
    const b = balances(j.postings);
    expect(naturalBalance('capitalised_interest', b.capitalised_interest)).toBe(400n);
    expect(naturalBalance('payable_in_cash', b.payable_in_cash)).toBe(600n);
    expect(b.undrawn).toBe(-400n);
    const fee = balances(lineFeeJournal({ amount_cents: 100n, undrawn_cents: 0n }).postings);
    expect(naturalBalance('payable_in_cash', fee.payable_in_cash)).toBe(100n);
    expect(fee.undrawn).toBe(0n);
  });

  it('undrawn = limit − principal − capitalised interest − fees, through a whole sequence', () => {
    const postings = [
      facilityOpenedJournal(10_000n),
      establishmentFeeJournal({ amount_cents: 100n, undrawn_cents: 10_000n }),
      equityReceivedJournal(500n),
      drawFundedJournal({
        certified_cents: 3000n,
        retention_cents: 150n,
        equity_in_hand_cents: 500n,
        undrawn_cents: 9900n,
      }),
      interestAccruedJournal(20n),
      interestAccruedJournal(21n),
      interestCapitalisedJournal({ amount_cents: 41n, undrawn_cents: 7550n }),
      retentionReleasedJournal({ amount_cents: 75n, equity_in_hand_cents: 0n, undrawn_cents: 7509n }),
    ].flatMap((j) => j.postings);
    const b = balances(postings);
    expect(drawnCents(b)).toBe(100n + 2350n + 41n + 75n);
    expect(naturalBalance('undrawn', b.undrawn)).toBe(10_000n - drawnCents(b));
    expect(interestBearingCents(b)).toBe(2350n + 75n + 41n);
    expect(naturalBalance('retention_held', b.retention_held)).toBe(75n);
    for (const a of accounts) expect(naturalBalance(a, b[a]) >= 0n).toBe(true);
    expect(journalTotal(postings)).toBe(0n);
  });

  it('the chart of accounts', () => {
    expect(accounts.filter((a) => normalSide(a) === 'debit')).toEqual([
      'undrawn',
      'equity',
      'project_costs',
      'interest_cost',
      'fee_cost',
      'selling_costs',
      'surplus_to_developer',
    ]);
    expect(accounts.filter((a) => normalSide(a) === 'credit')).toEqual([
      'commitment',
      'principal',
      'capitalised_interest',
      'accrued_interest',
      'fees',
      'equity_contributed',
      'retention_held',
      'payable_in_cash',
      'sale_proceeds',
    ]);
  });
});
