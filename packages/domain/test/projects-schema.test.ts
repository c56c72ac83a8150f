import { describe, expect, it } from 'vitest';
import { projectFields } from '../src/projects';
import { validProject } from './support/projects-body';

// The projectFields schema: types and limits of every field a developer edits.

describe('projectFields schema', () => {
  it('projectFields: accepts an empty body (a draft may be saved with nothing in it)', () => {
    expect(projectFields.safeParse({}).success).toBe(true);
  });

  it('projectFields: accepts a complete valid project with every field', () => {
    const result = projectFields.safeParse({
      ...validProject(),
      latitude: -33.8975,
      longitude: 151.1793,
      property_type: 'Mixed Use',
      development_stage: 'Pre-Construction',
      construction_cost: 3_000_000,
      expected_gdc: 7_800_000,
      expected_profit: 1_800_000,
      project_size_sqm: 1250.5,
      number_of_units: 12,
      number_of_levels: 2,
      car_spaces: 14,
      zoning: 'R3 Medium Density',
      planning_permit_status: 'Approved with Conditions',
      market_risk_rating: 'low',
      construction_risk_rating: 'medium',
      location_risk_rating: 'high',
    });
    expect(result.success).toBe(true);
  });

  it('projectFields: accepts null for every optional field', () => {
    const result = projectFields.safeParse({
      title: null,
      description: null,
      loan_amount: null,
      property_type: null,
      expected_start_date: null,
      market_risk_rating: null,
    });
    expect(result.success).toBe(true);
  });

  it('projectFields: trims description, city and zoning', () => {
    const parsed = projectFields.parse({ description: '  A view  ', city: ' Sydney ', zoning: ' R3 ' });
    expect(parsed).toEqual({ description: 'A view', city: 'Sydney', zoning: 'R3' });
  });

  it.each([
    'payment_status',
    'visible',
    'submission_status',
    'borrower_id',
    'documents_complete',
    'unknown_field',
  ])('projectFields: refuses the unknown key %s (listing state cannot be set through a save)', (key) => {
    const result = projectFields.safeParse({ title: 'Harbour View', [key]: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it.each([
    ['loan_amount', '4000000'],
    ['loan_amount', 100_000.5],
    ['loan_amount', -1],
    ['interest_rate', '9.5'],
    ['loan_term', 18.5],
    ['total_project_cost', true],
    ['title', 42],
    ['title', 'x'.repeat(201)],
    ['state', 'NSWW'],
    ['postcode', '20000'],
    ['postcode', 2000],
    ['latitude', 91],
    ['longitude', -181],
    ['property_type', 'Castle'],
    ['development_stage', 'planning'],
    ['planning_permit_status', 'Pending'],
    ['market_risk_rating', 'extreme'],
    ['number_of_units', 2.5],
    ['expected_start_date', 20260101],
  ] as const)('projectFields: refuses %s = %j', (field, value) => {
    const result = projectFields.safeParse({ [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it.each(['01/02/2026', '2026-1-2', '2026-01-01T00:00:00Z'])(
    "projectFields: refuses the date '%s' with 'Dates must be YYYY-MM-DD'",
    (date) => {
      const result = projectFields.safeParse({ expected_completion_date: date });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Dates must be YYYY-MM-DD');
    },
  );
});
