import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../src/onboarding';
import {
  australianStates,
  basicInfoIssues,
  detailIssues,
  developmentStages,
  financialIssues,
  type ProjectFields,
  planningPermitStatuses,
  projectFields,
  projectIssues,
  projectMessages,
  propertyTypes,
  stepIssues,
  wizardSteps,
} from '../src/projects';

// A project that passes steps 1 to 3; each test changes only the fields it is about.
// Loan 4,000,000 on a cost of 6,000,000 with equity 1,500,000 (25 %; equity + loan = 5,500,000 ≤ 6,600,000).
const validProject = (overrides: Partial<ProjectFields> = {}): ProjectFields => ({
  title: 'Harbour View Terraces',
  description: 'Twelve terraces over two levels',
  location: '12 Example Street, Newtown NSW 2042',
  suburb: 'Newtown',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2042',
  loan_amount: 4_000_000,
  interest_rate: 9.5,
  loan_term: 18,
  total_project_cost: 6_000_000,
  equity_contribution: 1_500_000,
  land_value: 2_500_000,
  expected_start_date: '2026-01-01',
  expected_completion_date: '2027-06-30',
  ...overrides,
});

const messagesOf = (issues: FieldIssue[]) => issues.map((i) => i.message);

describe('project enumerations and messages', () => {
  it('propertyTypes: are the five types of spec 000 section 3, in order', () => {
    expect(propertyTypes).toEqual(['Residential', 'Commercial', 'Mixed Use', 'Industrial', 'Retail']);
  });

  it('developmentStages: are the four stages of spec 000 section 3, in order', () => {
    expect(developmentStages).toEqual(['Planning', 'Pre-Construction', 'Construction', 'Near Completion']);
  });

  it('planningPermitStatuses: are the five statuses of spec 000 section 3, in order', () => {
    expect(planningPermitStatuses).toEqual([
      'Not Started',
      'In Progress',
      'Submitted',
      'Approved',
      'Approved with Conditions',
    ]);
  });

  it('australianStates: are the eight states and territories', () => {
    expect(australianStates).toEqual(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']);
  });

  it('wizardSteps: are Basic Info, Financials, Details and Documents', () => {
    expect(wizardSteps).toEqual(['Basic Info', 'Financials', 'Details', 'Documents']);
  });

  it('projectMessages: the spec-quoted texts are exact', () => {
    expect(projectMessages.titleRequired).toBe('Project title is required');
    expect(projectMessages.locationRequired).toBe('Location is required');
    expect(projectMessages.suburbRequired).toBe('Suburb is required');
    expect(projectMessages.loanAmountRequired).toBe('Loan amount is required');
    expect(projectMessages.loanAmountMinimum).toBe('Minimum loan amount is $100,000');
    expect(projectMessages.interestRateRange).toBe('Interest rate must be between 0% and 50%');
    expect(projectMessages.loanTermRange).toBe('Loan term must be between 1 and 120 months');
    expect(projectMessages.totalCostRequired).toBe('Total project cost is required');
    expect(projectMessages.equityRequired).toBe('Equity contribution is required');
    expect(projectMessages.equityPlusLoanTooHigh).toBe('Equity + Loan exceeds total project cost');
    expect(projectMessages.equityMinimum).toBe('Minimum 10% equity required');
    expect(projectMessages.completionAfterStart).toBe('Completion date must be after start date');
    expect(projectMessages.nextBlocked).toBe('Please fix the errors before proceeding');
  });

  it('projectMessages: postcode and state messages say what is expected', () => {
    expect(projectMessages.postcodeFormat).toBe('Postcode must be 4 digits');
    expect(projectMessages.stateInvalid).toBe('State must be an Australian state or territory');
  });
});

describe('basicInfoIssues (step 1)', () => {
  it('basicInfoIssues: with a complete valid project returns no issues', () => {
    expect(basicInfoIssues(validProject())).toEqual([]);
  });

  it('basicInfoIssues: with nothing filled in returns the four required messages, in field order', () => {
    expect(basicInfoIssues({})).toEqual([
      { field: 'title', message: 'Project title is required' },
      { field: 'location', message: 'Location is required' },
      { field: 'suburb', message: 'Suburb is required' },
      { field: 'loan_amount', message: 'Loan amount is required' },
    ]);
  });

  it.each([
    ['title', 'Project title is required'],
    ['location', 'Location is required'],
    ['suburb', 'Suburb is required'],
  ] as const)('basicInfoIssues: with %s null, empty or only spaces returns %j', (field, message) => {
    for (const value of [null, undefined, '', '   ']) {
      expect(basicInfoIssues(validProject({ [field]: value }))).toEqual([{ field, message }]);
    }
  });

  it("basicInfoIssues: with loan amount missing returns 'Loan amount is required'", () => {
    expect(basicInfoIssues(validProject({ loan_amount: null }))).toEqual([
      { field: 'loan_amount', message: 'Loan amount is required' },
    ]);
    expect(basicInfoIssues(validProject({ loan_amount: undefined }))).toEqual([
      { field: 'loan_amount', message: 'Loan amount is required' },
    ]);
  });

  it('basicInfoIssues: with loan amount exactly 100,000 returns no issues', () => {
    expect(basicInfoIssues(validProject({ loan_amount: 100_000 }))).toEqual([]);
  });

  it("basicInfoIssues: with loan amount 99,999 returns 'Minimum loan amount is $100,000'", () => {
    expect(basicInfoIssues(validProject({ loan_amount: 99_999 }))).toEqual([
      { field: 'loan_amount', message: 'Minimum loan amount is $100,000' },
    ]);
  });

  it("basicInfoIssues: with loan amount 0 returns the minimum message, not 'required'", () => {
    expect(messagesOf(basicInfoIssues(validProject({ loan_amount: 0 })))).toEqual([
      'Minimum loan amount is $100,000',
    ]);
  });

  it.each([0, 0.1, 9.5, 50])('basicInfoIssues: with interest rate %d returns no issues', (rate) => {
    expect(basicInfoIssues(validProject({ interest_rate: rate }))).toEqual([]);
  });

  it.each([-0.1, 50.1, -5, 100])(
    "basicInfoIssues: with interest rate %d returns 'Interest rate must be between 0% and 50%'",
    (rate) => {
      expect(basicInfoIssues(validProject({ interest_rate: rate }))).toEqual([
        { field: 'interest_rate', message: 'Interest rate must be between 0% and 50%' },
      ]);
    },
  );

  it('basicInfoIssues: with interest rate or loan term left empty returns no issues (both optional)', () => {
    expect(basicInfoIssues(validProject({ interest_rate: null, loan_term: null }))).toEqual([]);
    expect(basicInfoIssues(validProject({ interest_rate: undefined, loan_term: undefined }))).toEqual([]);
  });

  it.each([1, 18, 120])('basicInfoIssues: with loan term %d months returns no issues', (term) => {
    expect(basicInfoIssues(validProject({ loan_term: term }))).toEqual([]);
  });

  it.each([0, 121, -1])(
    "basicInfoIssues: with loan term %d returns 'Loan term must be between 1 and 120 months'",
    (term) => {
      expect(basicInfoIssues(validProject({ loan_term: term }))).toEqual([
        { field: 'loan_term', message: 'Loan term must be between 1 and 120 months' },
      ]);
    },
  );

  it("basicInfoIssues: with postcode '2000' returns no issues", () => {
    expect(basicInfoIssues(validProject({ postcode: '2000' }))).toEqual([]);
  });

  it('basicInfoIssues: with postcode left empty returns no issues (postcode is optional)', () => {
    for (const postcode of [null, undefined, '', '  ']) {
      expect(basicInfoIssues(validProject({ postcode }))).toEqual([]);
    }
  });

  it.each(['200', 'abcd', '20a0', '20000'])(
    "basicInfoIssues: with postcode '%s' returns 'Postcode must be 4 digits'",
    (postcode) => {
      expect(basicInfoIssues(validProject({ postcode }))).toEqual([
        { field: 'postcode', message: 'Postcode must be 4 digits' },
      ]);
    },
  );

  it.each([...australianStates])('basicInfoIssues: with state %s returns no issues', (state) => {
    expect(basicInfoIssues(validProject({ state }))).toEqual([]);
  });

  it("basicInfoIssues: with state 'XX' returns 'State must be an Australian state or territory'", () => {
    expect(basicInfoIssues(validProject({ state: 'XX' }))).toEqual([
      { field: 'state', message: 'State must be an Australian state or territory' },
    ]);
  });

  it('basicInfoIssues: with state left empty returns no issues (state is optional)', () => {
    for (const state of [null, undefined, '']) {
      expect(basicInfoIssues(validProject({ state }))).toEqual([]);
    }
  });

  it('basicInfoIssues: with every optional rule broken returns each message once, in field order', () => {
    const issues = basicInfoIssues(
      validProject({ loan_amount: 50_000, interest_rate: 51, loan_term: 0, postcode: 'abc', state: 'XX' }),
    );
    expect(issues).toEqual([
      { field: 'loan_amount', message: 'Minimum loan amount is $100,000' },
      { field: 'interest_rate', message: 'Interest rate must be between 0% and 50%' },
      { field: 'loan_term', message: 'Loan term must be between 1 and 120 months' },
      { field: 'postcode', message: 'Postcode must be 4 digits' },
      { field: 'state', message: 'State must be an Australian state or territory' },
    ]);
  });

  it('basicInfoIssues: ignores step 2 and step 3 fields', () => {
    const project = validProject({
      total_project_cost: null,
      equity_contribution: null,
      expected_start_date: '2027-01-01',
      expected_completion_date: '2026-01-01',
    });
    expect(basicInfoIssues(project)).toEqual([]);
  });
});

describe('financialIssues (step 2)', () => {
  it('financialIssues: with a complete valid project returns no issues', () => {
    expect(financialIssues(validProject())).toEqual([]);
  });

  it('financialIssues: with cost and equity missing returns both required messages', () => {
    expect(financialIssues(validProject({ total_project_cost: null, equity_contribution: null }))).toEqual([
      { field: 'total_project_cost', message: 'Total project cost is required' },
      { field: 'equity_contribution', message: 'Equity contribution is required' },
    ]);
  });

  it("financialIssues: with total project cost 0 returns 'Total project cost is required' and no ratio checks", () => {
    expect(financialIssues(validProject({ total_project_cost: 0 }))).toEqual([
      { field: 'total_project_cost', message: 'Total project cost is required' },
    ]);
  });

  it("financialIssues: with total project cost undefined returns 'Total project cost is required'", () => {
    expect(financialIssues(validProject({ total_project_cost: undefined }))).toEqual([
      { field: 'total_project_cost', message: 'Total project cost is required' },
    ]);
  });

  it("financialIssues: with equity missing returns 'Equity contribution is required' only", () => {
    expect(financialIssues(validProject({ equity_contribution: null }))).toEqual([
      { field: 'equity_contribution', message: 'Equity contribution is required' },
    ]);
  });

  it('financialIssues: with equity exactly 10% of cost returns no issues', () => {
    // cost 1,000,000 x 10 % = 100,000; 100,000 + loan 100,000 = 200,000 ≤ 1,100,000.
    const project = validProject({
      total_project_cost: 1_000_000,
      loan_amount: 100_000,
      equity_contribution: 100_000,
    });
    expect(financialIssues(project)).toEqual([]);
  });

  it("financialIssues: with equity one dollar under 10% of cost returns 'Minimum 10% equity required'", () => {
    const project = validProject({
      total_project_cost: 1_000_000,
      loan_amount: 100_000,
      equity_contribution: 99_999,
    });
    expect(financialIssues(project)).toEqual([
      { field: 'equity_contribution', message: 'Minimum 10% equity required' },
    ]);
  });

  it("financialIssues: with equity 0 returns 'Minimum 10% equity required', not 'required'", () => {
    expect(financialIssues(validProject({ equity_contribution: 0 }))).toEqual([
      { field: 'equity_contribution', message: 'Minimum 10% equity required' },
    ]);
  });

  it('financialIssues: with equity 10% of a cost in odd dollars accepts the next whole dollar', () => {
    // cost 1,000,005 x 10 % = 100,000.50: 100,001 is enough, 100,000 is not.
    const base = { total_project_cost: 1_000_005, loan_amount: 100_000 };
    expect(financialIssues(validProject({ ...base, equity_contribution: 100_001 }))).toEqual([]);
    expect(messagesOf(financialIssues(validProject({ ...base, equity_contribution: 100_000 })))).toEqual([
      'Minimum 10% equity required',
    ]);
  });

  it('financialIssues: with equity + loan exactly 110% of cost returns no issues', () => {
    // cost 1,000,000 x 110 % = 1,100,000 = equity 200,000 + loan 900,000.
    const project = validProject({
      total_project_cost: 1_000_000,
      loan_amount: 900_000,
      equity_contribution: 200_000,
    });
    expect(financialIssues(project)).toEqual([]);
  });

  it("financialIssues: with equity + loan one dollar over 110% of cost returns 'Equity + Loan exceeds total project cost'", () => {
    const project = validProject({
      total_project_cost: 1_000_000,
      loan_amount: 900_000,
      equity_contribution: 200_001,
    });
    expect(financialIssues(project)).toEqual([
      { field: 'equity_contribution', message: 'Equity + Loan exceeds total project cost' },
    ]);
  });

  it('financialIssues: with equity + loan exactly 110% of a 6,000,000 cost returns no issues', () => {
    // 6,000,000 x 1.1 is 6,600,000.000000001 in floating point; 6,600,000 must pass and 6,600,001 fail.
    const base = { total_project_cost: 6_000_000, loan_amount: 5_000_000 };
    expect(financialIssues(validProject({ ...base, equity_contribution: 1_600_000 }))).toEqual([]);
    expect(messagesOf(financialIssues(validProject({ ...base, equity_contribution: 1_600_001 })))).toEqual([
      'Equity + Loan exceeds total project cost',
    ]);
  });

  it('financialIssues: with loan amount missing counts the loan as 0 in the 110% cap', () => {
    // cost 1,000,000: equity 1,100,000 alone is at the cap, 1,100,001 is over it.
    const base = { total_project_cost: 1_000_000, loan_amount: null };
    expect(financialIssues(validProject({ ...base, equity_contribution: 1_100_000 }))).toEqual([]);
    expect(messagesOf(financialIssues(validProject({ ...base, equity_contribution: 1_100_001 })))).toEqual([
      'Equity + Loan exceeds total project cost',
    ]);
  });

  it('financialIssues: with a loan over the cap and equity under 10% returns both messages, cap first', () => {
    const project = validProject({
      total_project_cost: 1_000_000,
      loan_amount: 1_200_000,
      equity_contribution: 0,
    });
    expect(financialIssues(project)).toEqual([
      { field: 'equity_contribution', message: 'Equity + Loan exceeds total project cost' },
      { field: 'equity_contribution', message: 'Minimum 10% equity required' },
    ]);
  });

  it('financialIssues: ignores step 1 and step 3 fields', () => {
    const project = validProject({
      title: null,
      postcode: 'abc',
      expected_start_date: '2027-01-01',
      expected_completion_date: '2026-01-01',
    });
    expect(financialIssues(project)).toEqual([]);
  });
});

describe('detailIssues (step 3)', () => {
  it('detailIssues: with completion after start returns no issues', () => {
    expect(
      detailIssues(
        validProject({ expected_start_date: '2026-01-01', expected_completion_date: '2026-01-02' }),
      ),
    ).toEqual([]);
  });

  it("detailIssues: with completion equal to start returns 'Completion date must be after start date'", () => {
    expect(
      detailIssues(
        validProject({ expected_start_date: '2026-03-15', expected_completion_date: '2026-03-15' }),
      ),
    ).toEqual([{ field: 'expected_completion_date', message: 'Completion date must be after start date' }]);
  });

  it("detailIssues: with completion before start returns 'Completion date must be after start date'", () => {
    expect(
      detailIssues(
        validProject({ expected_start_date: '2027-01-01', expected_completion_date: '2026-12-31' }),
      ),
    ).toEqual([{ field: 'expected_completion_date', message: 'Completion date must be after start date' }]);
  });

  it('detailIssues: with either date missing returns no issues', () => {
    expect(detailIssues(validProject({ expected_start_date: null }))).toEqual([]);
    expect(detailIssues(validProject({ expected_completion_date: null }))).toEqual([]);
    expect(detailIssues({})).toEqual([]);
  });
});

describe('stepIssues and projectIssues', () => {
  // One issue in each of steps 1, 2 and 3.
  const oneIssuePerStep = () =>
    validProject({
      title: '',
      equity_contribution: null,
      expected_start_date: '2026-05-01',
      expected_completion_date: '2026-05-01',
    });

  it('stepIssues: step 0 (Basic Info) returns only the step 1 issues', () => {
    expect(stepIssues(0, oneIssuePerStep())).toEqual([
      { field: 'title', message: 'Project title is required' },
    ]);
  });

  it('stepIssues: step 1 (Financials) returns only the step 2 issues', () => {
    expect(stepIssues(1, oneIssuePerStep())).toEqual([
      { field: 'equity_contribution', message: 'Equity contribution is required' },
    ]);
  });

  it('stepIssues: step 2 (Details) returns only the step 3 issues', () => {
    expect(stepIssues(2, oneIssuePerStep())).toEqual([
      { field: 'expected_completion_date', message: 'Completion date must be after start date' },
    ]);
  });

  it('stepIssues: step 3 (Documents) has no field rules, even for an empty project', () => {
    expect(stepIssues(3, {})).toEqual([]);
    expect(stepIssues(3, oneIssuePerStep())).toEqual([]);
  });

  it('stepIssues: a step number outside the wizard returns no issues', () => {
    expect(stepIssues(4, {})).toEqual([]);
    expect(stepIssues(-1, {})).toEqual([]);
  });

  it('stepIssues: each step of a valid project returns no issues', () => {
    for (const step of [0, 1, 2, 3]) expect(stepIssues(step, validProject())).toEqual([]);
  });

  it('projectIssues: with a valid project returns no issues', () => {
    expect(projectIssues(validProject())).toEqual([]);
  });

  it('projectIssues: returns the issues of steps 1, 2 and 3 together, in step order', () => {
    expect(projectIssues(oneIssuePerStep())).toEqual([
      { field: 'title', message: 'Project title is required' },
      { field: 'equity_contribution', message: 'Equity contribution is required' },
      { field: 'expected_completion_date', message: 'Completion date must be after start date' },
    ]);
  });

  it('projectIssues: with an empty project returns every required message of steps 1 and 2', () => {
    expect(messagesOf(projectIssues({}))).toEqual([
      'Project title is required',
      'Location is required',
      'Suburb is required',
      'Loan amount is required',
      'Total project cost is required',
      'Equity contribution is required',
    ]);
  });
});

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
