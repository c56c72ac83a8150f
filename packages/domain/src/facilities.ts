import { z } from 'zod';
import { idParam } from './api-errors';
import { budgetCategories, fundedBy } from './facility/budget';
import { drawStates } from './facility/draw-machine';
import { facilityStatuses } from './facility/facility-machine';
import { accounts, journalKinds } from './facility/ledger';

/**
 * The loan-administration API's shapes (issue 33; decisions 055 and 056): requests and responses of
 * /api/facilities/…, /api/draws/… and the surveyor's onboarding. Money is integer cents in `_cents`
 * fields (JSON integers), rates basis points, dates 'YYYY-MM-DD', instants ISO 8601. The rules
 * behind them live in ./facility/ (the routes only parse the shapes here).
 */

export const facilityMessages = {
  notFound: 'Facility not found',
  drawNotFound: 'Draw not found',
  dealNotCompleted: 'A facility can be set up only after the deal is completed',
  exists: 'This deal already has a facility',
  noAcceptedQuote: 'A facility is set up from the accepted quote; this deal has none',
  noState: "The project's state is needed for the Security of Payment clock; it has none",
  onlyFunder: "Only the facility's funder can do this",
  onlyDeveloper: "Only the facility's developer can do this",
  onlySurveyor: "Only the facility's quantity surveyor can do this",
  budgetNotApproved: 'The budget must be approved first',
  noDraftBudget: 'There is no budget waiting for approval',
  alreadyParty: 'This person is already a party to the facility',
  alreadyInvited: 'This e-mail address is already invited to the facility',
  inviteRole: 'A quantity surveyor must have the surveyor role; a co-funder the funder role',
  noInvite: 'Only a quantity surveyor invited to a facility can choose this role',
  roleChosen: 'Your role has already been chosen',
} as const;

export const facilityIdParams = z.object({ id: idParam() });
export const drawIdParams = z.object({ id: idParam() });

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${field} must be a real date`,
      },
    );
const cents = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(0, `${field} cannot be negative`)
    .max(100_000_000_000_000, `${field} is larger than $1,000,000,000,000`);
const positiveCents = (field: string) => cents(field).min(1, `${field} must be above 0`);
const bps = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of basis points` })
    .int(`${field} must be a whole number of basis points`)
    .min(0, `${field} cannot be negative`)
    .max(10_000, `${field} cannot be above 10000 (100%)`);

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Opaque: the `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});

// ---- facility -------------------------------------------------------------------------------

export const createFacilityBody = z.strictObject({
  limit_cents: positiveCents('limit_cents').optional(),
  interest_rate_bps: bps('interest_rate_bps').optional(),
  default_margin_bps: bps('default_margin_bps').optional(),
  line_fee_bps: bps('line_fee_bps').optional(),
  establishment_fee_cents: cents('establishment_fee_cents').optional(),
  close_date: isoDate('close_date').optional(),
  maturity_date: isoDate('maturity_date').optional(),
  latest_practical_completion_date: isoDate('latest_practical_completion_date').optional(),
  capitalise_interest: z.boolean().optional(),
});

export const facilityPartyRoles = ['developer', 'funder', 'co_funder', 'surveyor'] as const;
export const facilityParty = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  company_name: z.string().nullable(),
  role: z.enum(facilityPartyRoles),
});
export const facilityInvite = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['co_funder', 'surveyor']),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
});

export const facility = z.object({
  id: z.string(),
  deal_id: z.string(),
  project_id: z.string(),
  project_title: z.string(),
  state: z.string(),
  status: z.enum(facilityStatuses),
  limit_cents: z.number(),
  interest_rate_bps: z.number(),
  default_margin_bps: z.number(),
  line_fee_bps: z.number(),
  establishment_fee_cents: z.number(),
  close_date: z.string(),
  maturity_date: z.string(),
  latest_practical_completion_date: z.string(),
  capitalise_interest: z.boolean(),
  /** The caller's part in it: developer, funder, co_funder, surveyor, or admin (reads only). */
  my_role: z.enum([...facilityPartyRoles, 'admin']),
  drawn_cents: z.number(),
  undrawn_cents: z.number(),
  equity_received_cents: z.number(),
  budget_status: z.enum(['none', 'draft', 'approved']),
  next_payment_schedule_due: z.string().nullable(),
  created_at: z.string(),
});
export type Facility = z.infer<typeof facility>;
export const facilityList = z.object({ items: z.array(facility), next_cursor: z.string().nullable() });

export const addPartyBody = z.strictObject({
  role: z.enum(['surveyor', 'co_funder'], { error: "role must be 'surveyor' or 'co_funder'" }),
  email: z.email({ error: 'A valid e-mail address is required' }).max(254),
});
export const addPartyResponse = z.object({
  status: z.enum(['added', 'invited']),
  party: facilityParty.nullable(),
  invite: facilityInvite.nullable(),
});
export const partiesResponse = z.object({
  parties: z.array(facilityParty),
  invites: z.array(facilityInvite),
});

// ---- surveyor onboarding ----------------------------------------------------------------------

export const surveyorOnboardingBody = z.strictObject({
  company_name: z.string().trim().min(1, 'Company name is required').max(200),
  abn: z.string().max(20),
  phone: z.string().max(30),
});
export const surveyorOnboardingResponse = z.object({
  role: z.literal('surveyor'),
  company_name: z.string(),
  abn: z.string(),
  phone: z.string(),
  facility_ids: z.array(z.string()),
});

// ---- budget ---------------------------------------------------------------------------------

export const budgetLineBody = z.strictObject({
  code: z.string().max(100),
  name: z.string().max(500),
  category: z.string().max(100),
  amount_cents: z.number({ error: 'amount_cents must be a whole number of cents' }),
  funded_by: z.string().max(20),
});
export const putBudgetBody = z.strictObject({ lines: z.array(budgetLineBody).max(1000) });

export const budgetLine = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  category: z.enum(budgetCategories),
  amount_cents: z.number(),
  funded_by: z.enum(fundedBy),
});
export const budgetVersion = z.object({
  id: z.string(),
  version: z.number(),
  status: z.enum(['draft', 'approved', 'superseded']),
  total_cents: z.number(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  lines: z.array(budgetLine),
});
export const budgetResponse = z.object({
  approved: budgetVersion.nullable(),
  draft: budgetVersion.nullable(),
  versions: z.array(budgetVersion.omit({ lines: true })),
});
export const budgetImportError = z.object({ row: z.number(), field: z.string(), message: z.string() });
export const budgetImportResponse = z.object({ draft: budgetVersion });

// ---- equity ---------------------------------------------------------------------------------

export const equityBody = z.strictObject({
  amount_cents: positiveCents('amount_cents'),
  received_on: isoDate('received_on'),
  document_id: z.uuid({ error: 'document_id must be a document of the deal room' }).nullish(),
});
export const equityContribution = z.object({
  id: z.string(),
  amount_cents: z.number(),
  received_on: z.string(),
  document_id: z.string().nullable(),
  journal_id: z.string(),
  created_at: z.string(),
});
export const equityList = z.object({ items: z.array(equityContribution), total_cents: z.number() });

// ---- in balance -------------------------------------------------------------------------------

export const inBalanceResponse = z.object({
  available_cents: z.number(),
  required_cents: z.number(),
  shortfall_cents: z.number(),
  in_balance: z.boolean(),
  /** 'The loan is out of balance by $X: equity of $X is needed first', or null. */
  message: z.string().nullable(),
  undrawn_cents: z.number(),
  equity_in_hand_cents: z.number(),
  finance_end_date: z.string(),
  lines: z.array(
    z.object({
      key: z.string(),
      budget_line_id: z.string().nullable(),
      name: z.string(),
      required_cents: z.number(),
      basis: z.enum(['budget_left', 'cost_to_complete', 'forecast', 'held']),
    }),
  ),
});

// ---- ledger ---------------------------------------------------------------------------------

export const ledgerPosting = z.object({ account: z.enum(accounts), amount_cents: z.number() });
export const ledgerJournal = z.object({
  id: z.string(),
  seq: z.number(),
  kind: z.enum(journalKinds),
  effective_on: z.string(),
  memo: z.string(),
  draw_id: z.string().nullable(),
  created_at: z.string(),
  postings: z.array(ledgerPosting),
});
export const ledgerResponse = z.object({
  items: z.array(ledgerJournal),
  next_cursor: z.string().nullable(),
  /** Signed balances (debit positive) of every account, over the whole ledger. */
  balances: z.record(z.string(), z.number()),
});

// ---- draws ----------------------------------------------------------------------------------

const claimLine = z.strictObject({
  budget_line_id: z.uuid({ error: 'budget_line_id must be a line of the budget' }),
  claimed_cents: cents('claimed_cents'),
});
const timestamp = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a timestamp with its zone` });

export const createDrawBody = z.strictObject({
  claim_served_at: timestamp('claim_served_at'),
  lines: z.array(claimLine).max(500),
  note: z.string().max(5000).default(''),
});
export const patchDrawBody = z.strictObject({
  claim_served_at: timestamp('claim_served_at').optional(),
  lines: z.array(claimLine).max(500).optional(),
  note: z.string().max(5000).optional(),
});
export const certifyBody = z.strictObject({
  inspected_on: isoDate('inspected_on'),
  lines: z
    .array(
      z.strictObject({
        budget_line_id: z.uuid({ error: 'budget_line_id must be a line of the claim' }),
        certified_cents: cents('certified_cents'),
        cost_to_complete_cents: cents('cost_to_complete_cents'),
        reason: z.string().max(2000).default(''),
      }),
    )
    .max(500),
  percent_complete: z
    .number({ error: 'percent_complete must be a number from 0 to 100' })
    .min(0, 'percent_complete must be a number from 0 to 100')
    .max(100, 'percent_complete must be a number from 0 to 100')
    .multipleOf(0.01, 'percent_complete has at most two decimals'),
  delay_days: z
    .number({ error: 'delay_days must be a whole number of days' })
    .int('delay_days must be a whole number of days')
    .min(0, 'delay_days cannot be negative')
    .max(3650, 'delay_days is at most 3650'),
});
export const reasonBody = z.strictObject({
  reason: z.string().trim().min(1, 'A reason is required').max(2000),
});
export const fundBody = z.strictObject({ funded_on: isoDate('funded_on') });
export const attachDocumentBody = z.strictObject({
  document_id: z.uuid({ error: 'document_id must be a document of the deal room' }),
  kind: z.enum(['builders_claim', 'invoice', 'supporting_statement', 'other'], {
    error: 'kind must be builders_claim, invoice, supporting_statement or other',
  }),
});
export const commentBody = z.strictObject({
  body: z.string().trim().min(1, 'A comment cannot be empty').max(5000),
});

export const drawLine = z.object({
  budget_line_id: z.string(),
  code: z.string(),
  name: z.string(),
  category: z.enum(budgetCategories),
  budget_cents: z.number(),
  claimed_cents: z.number(),
  certified_cents: z.number().nullable(),
  cost_to_complete_cents: z.number().nullable(),
  retention_cents: z.number().nullable(),
  reason: z.string().nullable(),
});
export const drawDocument = z.object({
  document_id: z.string(),
  kind: z.enum(['builders_claim', 'invoice', 'supporting_statement', 'other']),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  attached_at: z.string(),
});
export const draw = z.object({
  id: z.string(),
  facility_id: z.string(),
  number: z.number(),
  status: z.enum(drawStates),
  claim_served_at: z.string(),
  note: z.string(),
  payment_schedule_due: z.string(),
  surveyor_due: z.string(),
  funder_due: z.string(),
  business_days_left: z.number(),
  claimed_cents: z.number(),
  certified_cents: z.number().nullable(),
  retention_cents: z.number().nullable(),
  inspected_on: z.string().nullable(),
  percent_complete: z.number().nullable(),
  delay_days: z.number().nullable(),
  submitted_at: z.string().nullable(),
  certified_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  funded_on: z.string().nullable(),
  decision_reason: z.string().nullable(),
  journal_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  lines: z.array(drawLine),
  documents: z.array(drawDocument),
});
export type Draw = z.infer<typeof draw>;
export const drawList = z.object({ items: z.array(draw.omit({ lines: true, documents: true })) });

export const drawComment = z.object({
  id: z.string(),
  author_id: z.string().nullable(),
  author_name: z.string(),
  author_role: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export const drawComments = z.object({ items: z.array(drawComment) });
