import { z } from 'zod';
import { idParam } from './api-errors';
import {
  MAX_INTEREST_RATE,
  MAX_LOAN_PLUS_EQUITY_SHARE,
  MAX_LOAN_TERM_MONTHS,
  MIN_EQUITY_SHARE,
  MIN_LOAN_AMOUNT,
  MIN_LOAN_TERM_MONTHS,
} from './constants';
import { riskRatings } from './finance';
import { listingLabels } from './listing';
import type { FieldIssue } from './onboarding';

/** Project enumerations and the wizard's rules (spec 000 sections 3 and 5), with exact messages. */

export const propertyTypes = ['Residential', 'Commercial', 'Mixed Use', 'Industrial', 'Retail'] as const;
export const developmentStages = ['Planning', 'Pre-Construction', 'Construction', 'Near Completion'] as const;
export const planningPermitStatuses = [
  'Not Started',
  'In Progress',
  'Submitted',
  'Approved',
  'Approved with Conditions',
] as const;
export const australianStates = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;

export const projectMessages = {
  titleRequired: 'Project title is required',
  locationRequired: 'Location is required',
  suburbRequired: 'Suburb is required',
  loanAmountRequired: 'Loan amount is required',
  loanAmountMinimum: 'Minimum loan amount is $100,000',
  interestRateRange: 'Interest rate must be between 0% and 50%',
  loanTermRange: 'Loan term must be between 1 and 120 months',
  postcodeFormat: 'Postcode must be 4 digits',
  stateInvalid: 'State must be an Australian state or territory',
  totalCostRequired: 'Total project cost is required',
  equityRequired: 'Equity contribution is required',
  equityPlusLoanTooHigh: 'Equity + Loan exceeds total project cost',
  equityMinimum: 'Minimum 10% equity required',
  completionAfterStart: 'Completion date must be after start date',
  nextBlocked: 'Please fix the errors before proceeding',
} as const;

const MAX_MONEY = 100_000_000_000;
const money = z.number().int().min(0).max(MAX_MONEY);
const optionalText = (max: number) => z.string().trim().max(max).nullish();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD');

/** Every field a developer edits. Types and limits here; the spec's rules in `projectIssues`. */
export const projectFields = z.strictObject({
  title: z.string().max(200).nullish(),
  description: optionalText(10_000),
  location: z.string().max(500).nullish(),
  suburb: z.string().max(100).nullish(),
  city: optionalText(100),
  state: z.string().max(3).nullish(),
  postcode: z.string().max(4).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  property_type: z.enum(propertyTypes).nullish(),
  development_stage: z.enum(developmentStages).nullish(),
  loan_amount: money.nullish(),
  interest_rate: z.number().min(-1000).max(1000).nullish(),
  loan_term: z.number().int().min(-10_000).max(10_000).nullish(),
  total_project_cost: money.nullish(),
  equity_contribution: money.nullish(),
  land_value: money.nullish(),
  construction_cost: money.nullish(),
  expected_gdc: money.nullish(),
  expected_profit: money.nullish(),
  project_size_sqm: z.number().min(0).max(100_000_000).nullish(),
  number_of_units: z.number().int().min(0).max(100_000).nullish(),
  number_of_levels: z.number().int().min(0).max(500).nullish(),
  car_spaces: z.number().int().min(0).max(100_000).nullish(),
  zoning: optionalText(200),
  planning_permit_status: z.enum(planningPermitStatuses).nullish(),
  expected_start_date: isoDate.nullish(),
  expected_completion_date: isoDate.nullish(),
  market_risk_rating: z.enum(riskRatings).nullish(),
  construction_risk_rating: z.enum(riskRatings).nullish(),
  location_risk_rating: z.enum(riskRatings).nullish(),
});
export type ProjectFields = z.output<typeof projectFields>;

const blank = (v: string | null | undefined) => v == null || v.trim() === '';

/** Step 1: basic info. */
export function basicInfoIssues(p: ProjectFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (blank(p.title)) issues.push({ field: 'title', message: projectMessages.titleRequired });
  if (blank(p.location)) issues.push({ field: 'location', message: projectMessages.locationRequired });
  if (blank(p.suburb)) issues.push({ field: 'suburb', message: projectMessages.suburbRequired });
  if (p.loan_amount == null)
    issues.push({ field: 'loan_amount', message: projectMessages.loanAmountRequired });
  else if (p.loan_amount < MIN_LOAN_AMOUNT)
    issues.push({ field: 'loan_amount', message: projectMessages.loanAmountMinimum });
  if (p.interest_rate != null && (p.interest_rate < 0 || p.interest_rate > MAX_INTEREST_RATE))
    issues.push({ field: 'interest_rate', message: projectMessages.interestRateRange });
  if (p.loan_term != null && (p.loan_term < MIN_LOAN_TERM_MONTHS || p.loan_term > MAX_LOAN_TERM_MONTHS))
    issues.push({ field: 'loan_term', message: projectMessages.loanTermRange });
  if (!blank(p.postcode) && !/^\d{4}$/.test(p.postcode!))
    issues.push({ field: 'postcode', message: projectMessages.postcodeFormat });
  if (!blank(p.state) && !(australianStates as readonly string[]).includes(p.state!))
    issues.push({ field: 'state', message: projectMessages.stateInvalid });
  return issues;
}

/** Step 2: financials. */
export function financialIssues(p: ProjectFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const cost = p.total_project_cost;
  const equity = p.equity_contribution;
  if (cost == null || cost <= 0)
    issues.push({ field: 'total_project_cost', message: projectMessages.totalCostRequired });
  if (equity == null) issues.push({ field: 'equity_contribution', message: projectMessages.equityRequired });
  if (cost != null && cost > 0 && equity != null) {
    if (equity + (p.loan_amount ?? 0) > cost * MAX_LOAN_PLUS_EQUITY_SHARE)
      issues.push({ field: 'equity_contribution', message: projectMessages.equityPlusLoanTooHigh });
    if (equity < cost * MIN_EQUITY_SHARE)
      issues.push({ field: 'equity_contribution', message: projectMessages.equityMinimum });
  }
  return issues;
}

/** Step 3: details. */
export function detailIssues(p: ProjectFields): FieldIssue[] {
  if (
    p.expected_start_date &&
    p.expected_completion_date &&
    p.expected_completion_date <= p.expected_start_date
  )
    return [{ field: 'expected_completion_date', message: projectMessages.completionAfterStart }];
  return [];
}

export const wizardSteps = ['Basic Info', 'Financials', 'Details', 'Documents'] as const;

/** The issues of one wizard step (0-based); step 4 (documents) has no field rules. */
export function stepIssues(step: number, p: ProjectFields): FieldIssue[] {
  if (step === 0) return basicInfoIssues(p);
  if (step === 1) return financialIssues(p);
  if (step === 2) return detailIssues(p);
  return [];
}

/** What the server checks on every save: the rules of steps 1 to 3. */
export const projectIssues = (p: ProjectFields): FieldIssue[] => [
  ...basicInfoIssues(p),
  ...financialIssues(p),
  ...detailIssues(p),
];

// ---------------------------------------------------------------------------------------------
// API shapes

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

export const projectIdParams = z.object({ id: idParam() });

/** POST /projects and PUT /projects/{id}: the fields, checked against steps 1-3. */
export const saveProjectBody = projectFields;

/**
 * POST /projects: the fields a new project cannot go without (steps 1 and 2) are required keys, so
 * the API document lists them; a key left out answers 400 with the spec's message. A key may still
 * be null or blank, so that the wizard's rules (`projectIssues`) report every broken rule at once,
 * with the spec's messages, as before (decision 080).
 */
export const createProjectBody = projectFields.extend({
  title: z.string({ error: projectMessages.titleRequired }).max(200).nullable(),
  location: z.string({ error: projectMessages.locationRequired }).max(500).nullable(),
  suburb: z.string({ error: projectMessages.suburbRequired }).max(100).nullable(),
  loan_amount: z.number({ error: projectMessages.loanAmountRequired }).int().min(0).max(MAX_MONEY).nullable(),
  total_project_cost: z
    .number({ error: projectMessages.totalCostRequired })
    .int()
    .min(0)
    .max(MAX_MONEY)
    .nullable(),
  equity_contribution: z
    .number({ error: projectMessages.equityRequired })
    .int()
    .min(0)
    .max(MAX_MONEY)
    .nullable(),
});

export const listingStateFields = {
  payment_status: z.enum(['unpaid', 'payment_pending', 'paid']),
  visible: z.boolean(),
  submission_status: z.enum(['submitted', 'rejected']).nullable(),
  payment_not_received: z.boolean(),
};

export const derivedFigures = z.object({
  lvr: nullableNumber,
  icr: nullableNumber,
  debt_to_equity: nullableNumber,
  monthly_interest: nullableNumber,
  profit_margin: nullableNumber,
  risk_profile: z.enum(riskRatings),
});

/** The whole project, for its owner and for admins (and, from the access issue, approved funders). */
export const projectResponse = z.object({
  id: z.string(),
  borrower_id: z.string(),
  borrower_name: z.string(),
  /** Null to a funder with access until the developer shares their contact (decision 042). */
  borrower_email: z.string().nullable(),
  title: z.string(),
  description: nullableString,
  location: z.string(),
  suburb: z.string(),
  city: nullableString,
  state: nullableString,
  postcode: nullableString,
  latitude: nullableNumber,
  longitude: nullableNumber,
  property_type: z.enum(propertyTypes),
  development_stage: z.enum(developmentStages),
  loan_amount: z.number(),
  interest_rate: nullableNumber,
  loan_term: nullableNumber,
  total_project_cost: nullableNumber,
  equity_contribution: nullableNumber,
  land_value: nullableNumber,
  construction_cost: nullableNumber,
  expected_gdc: nullableNumber,
  expected_profit: nullableNumber,
  project_size_sqm: nullableNumber,
  number_of_units: nullableNumber,
  number_of_levels: nullableNumber,
  car_spaces: nullableNumber,
  zoning: nullableString,
  planning_permit_status: z.enum(planningPermitStatuses),
  expected_start_date: nullableString,
  expected_completion_date: nullableString,
  market_risk_rating: z.enum(riskRatings),
  construction_risk_rating: z.enum(riskRatings),
  location_risk_rating: z.enum(riskRatings),
  ...listingStateFields,
  status_label: z.enum(listingLabels),
  last_rejection_reason: nullableString,
  rejection_date: nullableString,
  documents_complete: z.boolean(),
  document_count: z.number(),
  deal_count: z.number(),
  stripe_payment_intent_id: nullableString,
  payment_date: nullableString,
  /** When the listing was last published to funders. */
  published_at: nullableString,
  /** When a completed deal funded the listing (it then reads 'Funded' and has left the market). */
  funded_at: nullableString,
  created_at: z.string(),
  updated_at: z.string(),
  ...derivedFigures.shape,
});
export type ProjectResponse = z.infer<typeof projectResponse>;

export const projectListTabs = ['all', 'published', 'drafts'] as const;
export const projectSorts = ['newest', 'loan_amount', 'title'] as const;

export const myProjectsQuery = z.object({
  tab: z.enum(projectListTabs).default('all'),
  sort: z.enum(projectSorts).default('newest'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const myProjectsResponse = z.object({
  items: z.array(projectResponse),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  counts: z.object({ all: z.number(), published: z.number(), drafts: z.number() }),
  stats: z.object({
    active_projects: z.number(),
    total_funding_sought: z.number(),
    drafts: z.number(),
  }),
});
export type MyProjectsResponse = z.infer<typeof myProjectsResponse>;
