import { describe, expect, it } from 'vitest';
import { detailIssues, financialIssues, projectIssues, stepIssues } from '../src/projects';
import { messagesOf, validProject } from './support/projects-body';

// The project wizard's steps 2 (financials) and 3 (details), and stepIssues and projectIssues over
// the steps.

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
