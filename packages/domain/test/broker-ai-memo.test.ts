import { describe, expect, it } from 'vitest';
import { asksForMemo, buildDealMemo, distanceKm, pickComparables } from '../src/broker-ai/memo';

const candidate = (suburb: string, state: string, lat: number | null, lng: number | null, loan: number) => ({
  suburb,
  state,
  property_type: 'Residential' as const,
  development_stage: 'Planning' as const,
  loan_amount: loan,
  project_size_sqm: null,
  latitude: lat,
  longitude: lng,
});

describe('broker-ai memo', () => {
  it('distanceKm: Sydney CBD to Parramatta is about 19 km', () => {
    expect(distanceKm({ lat: -33.8688, lng: 151.2093 }, { lat: -33.815, lng: 151.003 })).toBeCloseTo(19.9, 0);
  });
  it('pickComparables: nearest first, unknown coordinates after, at most five, preview fields only', () => {
    const subject = { latitude: -33.911, longitude: 151.155, state: 'NSW', loan_amount: 4_000_000 };
    const picked = pickComparables(subject, [
      candidate('Hawthorn', 'VIC', -37.822, 145.035, 4_000_000),
      candidate('Newtown', 'NSW', -33.897, 151.179, 3_000_000),
      candidate('Somewhere', 'NSW', null, null, 4_000_000),
      candidate('Parramatta', 'NSW', -33.815, 151.003, 5_000_000),
      candidate('A', 'NSW', null, null, 1),
      candidate('B', 'QLD', null, null, 1),
    ]);
    expect(picked.map((c) => c.suburb)).toEqual(['Newtown', 'Parramatta', 'Hawthorn', 'Somewhere', 'A']);
    expect(Object.keys(picked[0]!)).not.toContain('latitude');
  });
  it('asksForMemo: analyse / analysis / memo / comparables', () => {
    for (const q of ['Analyse this deal', 'analyze the project', 'Give me a memo', 'any comparables?'])
      expect(asksForMemo(q)).toBe(true);
    expect(asksForMemo('What is the LVR?')).toBe(false);
  });
  it('buildDealMemo: a preview has no ratios and says access is needed', () => {
    const memo = buildDealMemo(
      {
        view: 'preview',
        suburb: 'Newtown',
        state: 'NSW',
        property_type: 'Residential',
        development_stage: 'Planning',
        loan_amount: 2_000_000,
      },
      [],
    );
    expect(memo.ratios).toEqual([]);
    expect(memo.text).toContain('grants you access');
  });
  it('buildDealMemo: a loan above 80 % of cost brings the mezzanine question', () => {
    // loan 8.5m / cost 10m = 85 % (watch); profit 1.5m → 15 % margin (watch)
    const memo = buildDealMemo(
      {
        view: 'full',
        suburb: 'Newtown',
        state: 'NSW',
        property_type: 'Residential',
        development_stage: 'Planning',
        loan_amount: 8_500_000,
        total_project_cost: 10_000_000,
        expected_profit: 1_500_000,
        land_value: 3_000_000,
        equity_contribution: 1_500_000,
        interest_rate: 10,
        loan_term: 18,
      },
      [],
    );
    expect(memo.ratios.find((r) => r.label === 'Loan / TDC')).toMatchObject({
      display: '85%',
      rating: 'watch',
    });
    expect(memo.questions.join(' ')).toContain('mezzanine');
    expect(memo.questions.join(' ')).toContain('revenue assumptions');
  });
});
