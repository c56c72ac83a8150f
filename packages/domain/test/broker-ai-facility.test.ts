import { describe, expect, it } from 'vitest';
import {
  answerFacilityQuestion,
  type FacilityFigures,
  facilityAnswer,
  facilityQuestionsOf,
} from '../src/broker-ai/facility';
import { facilityToolDefinitions, runFacilityToolCall } from '../src/broker-ai/facility-tools';

// Issue 34 item 8 (decision 069): the answers to the five facility questions, composed from the
// facility's figures with the working line by line and each figure named by its route.

const figures: FacilityFigures = {
  status: 'active',
  limit_cents: 1_200_000_000,
  drawn_cents: 150_000_000,
  undrawn_cents: 1_050_000_000,
  inBalance: {
    available_cents: 1_080_000_000,
    required_cents: 1_100_000_000,
    shortfall_cents: 20_000_000,
    in_balance: false,
    undrawn_cents: 1_050_000_000,
    equity_in_hand_cents: 30_000_000,
  },
  openDraws: [
    { number: 3, status: 'submitted', payment_schedule_due: '2026-12-15', business_days_left: 9 },
    { number: 2, status: 'certified', payment_schedule_due: '2026-12-04', business_days_left: 4 },
  ],
  presaleCover: {
    qualifying_total_cents: 600_000_000,
    registered_total_cents: 700_000_000,
    limit_cents: 1_200_000_000,
    cover_bps: 5_000,
    open_presales: 8,
    non_qualifying: 1,
  },
  covenants: [
    {
      kind: 'loan_to_cost',
      label: 'Loan to cost',
      threshold: 8_000,
      tested_on: '2026-11-01',
      status: 'pass',
      value: 7_500,
      headroom: 500,
      message: null,
    },
    {
      kind: 'presale_cover',
      label: 'Presale cover',
      threshold: 4_000,
      tested_on: '2026-11-01',
      status: 'pass',
      value: 5_000,
      headroom: 1_000,
      message: null,
    },
    {
      kind: 'lvr',
      label: 'Loan to value (LVR)',
      threshold: 6_500,
      tested_on: '2026-11-01',
      status: 'not_tested',
      value: null,
      headroom: null,
      message: 'Loan to value (LVR): not tested — no valuation recorded',
    },
  ],
};

const text = (q: string, f: FacilityFigures = figures) => answerFacilityQuestion(q, f)!.text;

describe('the five questions, read', () => {
  it.each([
    ['How much is left to draw?', 'leftToDraw'],
    ["what's still undrawn", 'leftToDraw'],
    ['Is the loan in balance?', 'inBalance'],
    ['what is the shortfall', 'inBalance'],
    ['When is the next payment schedule due?', 'nextSchedule'],
    ['presale cover?', 'presaleCover'],
    ['how are the presales covering us - cover ratio', 'presaleCover'],
    ['Which covenant is closest to breach?', 'closestCovenant'],
  ])('%s → %s', (q, kind) => {
    expect(facilityQuestionsOf(q)).toEqual([kind]);
  });
  it('a question about anything else is none of them, and not answered here', () => {
    expect(facilityQuestionsOf('LVR of a $2.6m loan on $4m of land?')).toEqual([]);
    expect(answerFacilityQuestion('LVR of a $2.6m loan on $4m of land?', figures)).toBeNull();
  });
});

describe('the answers, with the working', () => {
  it('left to draw: limit − drawn = undrawn, from the facility route', () => {
    expect(text('How much is left to draw?').split('\n').slice(0, 5)).toEqual([
      'Left to draw: $10,500,000.',
      'Working (GET /api/facilities/{id}):',
      '  Facility limit $12,000,000',
      '  − drawn to date $1,500,000',
      '  = undrawn $10,500,000',
    ]);
  });
  it('in balance: undrawn + equity against what is required, the shortfall named', () => {
    const lines = text('Is the loan in balance?').split('\n');
    expect(lines[0]).toBe('The loan is out of balance by $200,000 (the shortfall).');
    expect(lines).toContain('  = available $10,800,000');
    expect(lines).toContain('  Available − required = −$200,000 (shortfall $200,000)');
    const surplus = text('in balance?', {
      ...figures,
      inBalance: {
        ...figures.inBalance!,
        required_cents: 1_000_000_000,
        shortfall_cents: 0,
        in_balance: true,
      },
    });
    expect(surplus.split('\n')[0]).toBe('The loan is in balance, with a surplus of $800,000.');
  });
  it('the next payment schedule: the earliest of the open draws, each listed', () => {
    const lines = text('When is the next payment schedule due?').split('\n');
    expect(lines[0]).toBe('The next payment schedule is due 4 Dec 2026, for draw 2 (4 business days left).');
    expect(lines[2]).toContain('Draw 2 (certified)');
    expect(lines[3]).toContain('Draw 3 (submitted): payment schedule due 15 Dec 2026');
    expect(text('next payment schedule?', { ...figures, openDraws: [] })).toContain(
      'No payment schedule is due',
    );
  });
  it('presale cover: qualifying ex GST ÷ limit', () => {
    const lines = text('presale cover?').split('\n');
    expect(lines[0]).toBe('Presale cover is 50.00%.');
    expect(lines).toContain('  Qualifying total ex GST $6,000,000');
    expect(lines).toContain('  ÷ facility limit $12,000,000');
    expect(text('presale cover?', { ...figures, presaleCover: null })).toContain('no open presales');
  });
  it('the covenant closest to breach: least headroom as a share of its threshold; untested ones listed', () => {
    const lines = text('Which covenant is closest to breach?').split('\n');
    // Loan to cost 500 / 8,000 = 6.25 % of its threshold; presale cover 1,000 / 4,000 = 25 %.
    expect(lines[0]).toBe('Loan to cost is closest to breach, with headroom of 5.00%.');
    expect(lines.some((l) => l.startsWith('  Loan to value (LVR): not tested'))).toBe(true);
    expect(text('closest covenant to breach', { ...figures, covenants: [] })).toContain(
      'No covenants are set on this facility',
    );
  });
  it('a covenant in breach says so, with by how much', () => {
    const breached = { ...figures.covenants[0]!, value: 8_200, headroom: -200, status: 'breach' as const };
    expect(text('covenant headroom?', { ...figures, covenants: [breached] }).split('\n')[0]).toBe(
      'Loan to cost is in breach, by 2.00%.',
    );
  });
  it('two questions at once are answered in turn; each answer ends with the general-information note', () => {
    const a = facilityAnswer(['leftToDraw', 'presaleCover'], figures);
    expect(a.text.indexOf('Left to draw')).toBeLessThan(a.text.indexOf('Presale cover is'));
    expect(a.text.endsWith('General information only, not financial advice.')).toBe(true);
    expect(a.figures).toEqual({ undrawn_cents: 1_050_000_000, cover_bps: 5_000 });
  });
  it('a question about the facility it cannot place is asked back, with no figure', () => {
    const a = answerFacilityQuestion('what about the facility?', figures)!;
    expect(a.intent).toBe('needInputs');
    expect(a.text).not.toMatch(/\$\d/);
    expect(a.text).toContain('Which would you like?');
  });
});

describe('the tools offered to a model', () => {
  it('five tools, each answering with the same working', () => {
    expect(facilityToolDefinitions().map((t) => t.function.name)).toEqual([
      'facility_left_to_draw',
      'facility_in_balance',
      'facility_next_payment_schedule',
      'facility_presale_cover',
      'facility_closest_covenant',
    ]);
    expect(runFacilityToolCall('facility_presale_cover', figures)).toMatchObject({
      figures: { cover_bps: 5_000 },
    });
    expect(runFacilityToolCall('facility_presale_cover', undefined)).toEqual({
      error: 'This chat is not about a facility',
    });
    expect(runFacilityToolCall('nope', figures)).toEqual({ error: 'No tool named nope' });
  });
});
