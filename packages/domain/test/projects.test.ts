import { describe, expect, it } from 'vitest';
import {
  australianStates,
  basicInfoIssues,
  developmentStages,
  planningPermitStatuses,
  projectMessages,
  propertyTypes,
  wizardSteps,
} from '../src/projects';
import { messagesOf, validProject } from './support/projects-body';

// The project enumerations and messages, and the wizard's step 1 rules. Steps 2 and 3 and the
// rules over all steps are in projects-steps.test.ts; the projectFields schema in
// projects-schema.test.ts. The valid project comes from support/projects-body.ts.

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
