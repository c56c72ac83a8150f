import type { FieldIssue } from '../../src/onboarding';
import type { ProjectFields } from '../../src/projects';

// A project that passes steps 1 to 3; each test changes only the fields it is about.
// Loan 4,000,000 on a cost of 6,000,000 with equity 1,500,000 (25 %; equity + loan = 5,500,000 ≤ 6,600,000).
export const validProject = (overrides: Partial<ProjectFields> = {}): ProjectFields => ({
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

export const messagesOf = (issues: FieldIssue[]) => issues.map((i) => i.message);
