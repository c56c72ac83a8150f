import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrualForDay,
  accrualSchedule,
  act365Denominator,
  financeEndDate,
  forecastFinance,
  forecastFinanceCents,
  interestForDays,
  lineFeeForDays,
  periodAccruals,
} from '../../src/facility/interest';
import { mulDivHalfEven } from '../../src/facility/money';

const balance = 1_240_000_000n; // $12,400,000.00

describe('interest, Actual/365 Fixed', () => {
  it('golden: $12,400,000.00 at 10% for 30 days is $101,917.81', () => {
    expect(interestForDays(balance, 1000, 30)).toBe(10_191_781n);
  });

  it('golden, day by day: the 30 daily postings add up to $101,917.81 (rounding each day alone gives $101,917.80)', () => {
    const days = periodAccruals(
      Array.from({ length: 30 }, () => ({ balance_cents: balance, rate_bps: 1000 })),
    );
    expect(days.reduce((a, b) => a + b, 0n)).toBe(10_191_781n);
    // Each day is 3,397.26 or 3,397.27: never drifting by more than a cent.
    expect(new Set(days)).toEqual(new Set([339_726n, 339_727n]));
    expect(mulDivHalfEven(balance * 1000n, 1n, act365Denominator) * 30n).toBe(10_191_780n);
  });

  it('accrualForDay carries the exact numerator from day to day', () => {
    const first = accrualForDay({ numerator_before: 0n, balance_cents: balance, rate_bps: 1000 });
    expect(first).toEqual({ accrual_cents: 339_726n, numerator: balance * 1000n });
    const second = accrualForDay({
      numerator_before: first.numerator,
      balance_cents: balance,
      rate_bps: 1000,
    });
    expect(first.accrual_cents + second.accrual_cents).toBe(interestForDays(balance, 1000, 2));
  });

  it('property: within a period the days always add up to the rounded period figure, whatever the balances', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            balance_cents: fc.bigInt(0n, 10n ** 11n),
            rate_bps: fc.integer({ min: 0, max: 3000 }),
          }),
          {
            minLength: 1,
            maxLength: 31,
          },
        ),
        (days) => {
          const posted = periodAccruals(days);
          const exact = days.reduce((n, d) => n + d.balance_cents * BigInt(d.rate_bps), 0n);
          expect(posted.reduce((a, b) => a + b, 0n)).toBe(mulDivHalfEven(exact, 1n, act365Denominator));
          for (const p of posted) expect(p >= 0n).toBe(true);
        },
      ),
    );
  });
});

describe('accrualSchedule', () => {
  it('capitalises at each month end and compounds from the first of the next month', () => {
    const days = accrualSchedule({
      from: '2026-01-01',
      to: '2026-03-01',
      opening_balance_cents: balance,
      rate_bps: 1000,
    });
    expect(days).toHaveLength(59);
    const january = interestForDays(balance, 1000, 31);
    expect(days[30]).toMatchObject({ date: '2026-01-31', capitalised_cents: january });
    expect(days[31]).toMatchObject({ date: '2026-02-01', balance_cents: balance + january });
    const february = interestForDays(balance + january, 1000, 28);
    expect(days[58]).toMatchObject({ date: '2026-02-28', capitalised_cents: february });
    const accrued = days.reduce((a, d) => a + d.accrual_cents, 0n);
    const capitalised = days.reduce((a, d) => a + d.capitalised_cents, 0n);
    expect(accrued).toBe(january + february);
    expect(capitalised).toBe(accrued);
  });

  it('a draw funded mid-month bears interest from its own day', () => {
    const days = accrualSchedule({
      from: '2026-04-01',
      to: '2026-05-01',
      opening_balance_cents: 0n,
      rate_bps: 1000,
      movements: [{ date: '2026-04-16', amount_cents: balance }],
    });
    expect(days[14]).toMatchObject({ date: '2026-04-15', accrual_cents: 0n });
    // 16–30 April: 15 days.
    expect(days[29]?.capitalised_cents).toBe(interestForDays(balance, 1000, 15));
  });

  it('without capitalisation the balance never grows', () => {
    const days = accrualSchedule({
      from: '2026-01-01',
      to: '2026-03-01',
      opening_balance_cents: balance,
      rate_bps: 1000,
      capitalise: false,
    });
    expect(days.every((d) => d.balance_cents === balance && d.capitalised_cents === 0n)).toBe(true);
  });
});

describe('forecastFinance', () => {
  const base = {
    from: '2026-01-01',
    maturity_date: '2026-06-30',
    latest_practical_completion_date: '2026-05-31',
    rate_bps: 1000,
    line_fee_bps: 200,
    limit_cents: 1_900_000_000n,
    balance_cents: balance,
  };

  it('runs to the later of maturity and practical completion moved by the delay', () => {
    expect(financeEndDate(base)).toBe('2026-06-30');
    expect(financeEndDate({ ...base, delay_days: 61 })).toBe('2026-07-31');
  });

  it('is interest capitalised monthly plus the line fee on the whole limit', () => {
    const f = forecastFinance(base);
    expect(f.days).toBe(180);
    expect(f.line_fee_cents).toBe(lineFeeForDays(1_900_000_000n, 200, 180));
    const schedule = accrualSchedule({
      from: base.from,
      to: f.end_date,
      opening_balance_cents: balance,
      rate_bps: 1000,
    });
    expect(f.interest_cents).toBe(schedule.reduce((a, d) => a + d.accrual_cents, 0n));
    expect(f.total_cents).toBe(f.interest_cents + f.line_fee_cents);
    expect(forecastFinanceCents(base)).toBe(f.total_cents);
    // Compounding makes it more than simple interest for the same days.
    expect(f.interest_cents > interestForDays(balance, 1000, 180)).toBe(true);
  });

  it("the surveyor's two-month delay lifts the forecast", () => {
    const before = forecastFinanceCents(base);
    const after = forecastFinanceCents({ ...base, delay_days: 61 });
    expect(after > before).toBe(true);
    expect(forecastFinance({ ...base, delay_days: 61 }).days).toBe(211);
  });

  it('includes interest already accrued and not yet capitalised, and planned draws', () => {
    const f = forecastFinance({ ...base, accrued_cents: 12_345n });
    expect(f.interest_cents).toBe(forecastFinance(base).interest_cents + 12_345n);
    const withDraw = forecastFinance({
      ...base,
      planned_draws: [{ date: '2026-03-01', amount_cents: 100_000_000n }],
    });
    expect(withDraw.interest_cents > forecastFinance(base).interest_cents).toBe(true);
  });

  it('is the accrued interest alone once the end date has passed', () => {
    const f = forecastFinance({ ...base, from: '2026-08-01', accrued_cents: 500n });
    expect(f).toMatchObject({ days: 0, interest_cents: 500n, line_fee_cents: 0n, total_cents: 500n });
  });
});
