import { z } from 'zod';
import { idParam } from './api-errors';
import { retentionStages } from './facility/retention-release';
import { variationEventTypes, variationStates } from './facility/variation-machine';
import { consentReasons, variationFundings } from './facility/variations';

/**
 * Variations, reallocations and the release of retention: the API's shapes (issue 34 items 1-3;
 * decision 061). Money is integer cents in `_cents` fields, dates 'YYYY-MM-DD'. The rules behind them
 * live in ./facility/variation-machine.ts, ./facility/variations.ts and ./facility/retention-release.ts.
 */

export const variationMessages = {
  notFound: 'Variation not found',
  reallocationNotFound: 'Reallocation not found',
  eventType: `type must be one of ${variationEventTypes.join(', ')}`,
  nothingVaried: 'A variation changes the cost, the days or both: cost_cents or days must be above 0',
  assessNote: 'A note is required when the quantity surveyor changes the cost or the days',
  draftBudget: (version: number) =>
    `Version ${version} of the budget is a draft awaiting the funder's approval; it must be approved before the approved budget can change, or the change would be lost`,
  notAccepting: 'This facility is repaid and can no longer change',
  noPracticalCompletion: 'Practical completion has not been recorded for this facility',
} as const;

const maxCents = 100_000_000_000_000;
const cents = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(0, `${field} cannot be negative`)
    .max(maxCents, `${field} is larger than $1,000,000,000,000`);
const days = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of days` })
    .int(`${field} must be a whole number of days`)
    .min(0, `${field} cannot be negative`)
    .max(3650, `${field} is at most 3650`);
const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${field} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      { message: `${field} must be a real date` },
    );
const lineId = (field: string) => z.uuid({ error: `${field} must be a line of the approved budget` });
const text = (field: string, max = 2000) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is at most ${max} characters`);

export const variationIdParams = z.object({ id: idParam() });
export const reallocationIdParams = z.object({
  id: idParam(),
});

// ---- variations -----------------------------------------------------------------------------

export const createVariationBody = z
  .strictObject({
    budget_line_id: lineId('budget_line_id'),
    description: text('description'),
    cost_cents: cents('cost_cents'),
    days: days('days'),
    funding: z.enum(variationFundings, { error: `funding must be one of ${variationFundings.join(', ')}` }),
  })
  .refine((b) => b.cost_cents > 0 || b.days > 0, {
    message: variationMessages.nothingVaried,
    path: ['cost_cents'],
    // Only once the fields themselves are sound: a negative cost says so alone.
    when: (payload) => payload.issues.length === 0,
  });
export type CreateVariationBody = z.output<typeof createVariationBody>;

export const variationEventBody = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('assess'),
      /** The surveyor's figures where they differ from the proposal (a note then says why). */
      cost_cents: cents('cost_cents').optional(),
      days: days('days').optional(),
      note: z.string().trim().max(2000, 'note is at most 2000 characters').optional(),
    }),
    z.strictObject({ type: z.literal('approve') }),
    z.strictObject({
      type: z.literal('lender_approve'),
      note: z.string().trim().max(2000, 'note is at most 2000 characters').optional(),
    }),
    z.strictObject({ type: z.literal('lender_reject'), reason: text('reason') }),
    z.strictObject({
      type: z.literal('withdraw'),
      reason: z.string().trim().max(2000, 'reason is at most 2000 characters').optional(),
    }),
  ],
  { error: variationMessages.eventType },
);
export type VariationEventBody = z.output<typeof variationEventBody>;

export const variationEvent = z.object({
  type: z.enum([...variationEventTypes, 'propose', 'incorporate']),
  from_status: z.enum(variationStates).nullable(),
  to_status: z.enum(variationStates),
  actor_id: z.string().nullable(),
  actor_role: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const variation = z.object({
  id: z.string(),
  facility_id: z.string(),
  number: z.number(),
  budget_line_id: z.string(),
  budget_line_code: z.string(),
  description: z.string(),
  funding: z.enum(variationFundings),
  status: z.enum(variationStates),
  /** What the developer proposed. */
  proposed_cost_cents: z.number(),
  proposed_days: z.number(),
  /** The figures that count: the surveyor's once assessed. */
  cost_cents: z.number(),
  days: z.number(),
  assessment_note: z.string().nullable(),
  /** Decided when the developer approves: null before. */
  consent_required: z.boolean().nullable(),
  consent_reasons: z.array(z.object({ code: z.enum(consentReasons), message: z.string() })),
  contingency_used_cents: z.number().nullable(),
  equity_called_cents: z.number().nullable(),
  limit_increase_cents: z.number().nullable(),
  /** The budget version it made, once incorporated. */
  budget_version: z.number().nullable(),
  decision_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  events: z.array(variationEvent),
});
export type Variation = z.infer<typeof variation>;
export const variationList = z.object({
  items: z.array(variation.omit({ events: true })),
  next_cursor: z.string().nullable(),
});

export const variationSettingsBody = z
  .strictObject({
    variation_consent_threshold_cents: cents('variation_consent_threshold_cents').optional(),
    defects_liability_months: z
      .number({ error: 'defects_liability_months must be a whole number of months' })
      .int('defects_liability_months must be a whole number of months')
      .min(0, 'defects_liability_months cannot be negative')
      .max(120, 'defects_liability_months is at most 120')
      .optional(),
  })
  .refine(
    (b) => b.variation_consent_threshold_cents !== undefined || b.defects_liability_months !== undefined,
    {
      message: 'Send variation_consent_threshold_cents, defects_liability_months or both',
    },
  );
export const variationSettings = z.object({
  variation_consent_threshold_cents: z.number(),
  defects_liability_months: z.number(),
});

// ---- reallocations --------------------------------------------------------------------------

export const reallocationStatuses = ['proposed', 'approved', 'rejected', 'withdrawn'] as const;
export type ReallocationStatus = (typeof reallocationStatuses)[number];

export const createReallocationBody = z
  .strictObject({
    from_line_id: lineId('from_line_id'),
    to_line_id: lineId('to_line_id'),
    amount_cents: cents('amount_cents').min(1, 'amount_cents must be above 0'),
    reason: text('reason'),
  })
  .refine((b) => b.from_line_id !== b.to_line_id, {
    message: 'A reallocation moves money between two different lines',
    path: ['to_line_id'],
    when: (payload) => payload.issues.length === 0,
  });
export type CreateReallocationBody = z.output<typeof createReallocationBody>;
export const reallocationReasonBody = z.strictObject({ reason: text('reason') });
export const reallocationWithdrawBody = z
  .strictObject({ reason: z.string().trim().max(2000, 'reason is at most 2000 characters').optional() })
  .nullish();

export const reallocation = z.object({
  id: z.string(),
  facility_id: z.string(),
  number: z.number(),
  from_line_id: z.string(),
  from_line_code: z.string(),
  to_line_id: z.string(),
  to_line_code: z.string(),
  amount_cents: z.number(),
  reason: z.string(),
  status: z.enum(reallocationStatuses),
  decision_reason: z.string().nullable(),
  budget_version: z.number().nullable(),
  proposed_by: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type Reallocation = z.infer<typeof reallocation>;
export const reallocationList = z.object({
  items: z.array(reallocation),
  next_cursor: z.string().nullable(),
});

// ---- practical completion and retention ------------------------------------------------------

export const practicalCompletionBody = z.strictObject({
  date: isoDate('date'),
  certificate_document_id: z.uuid({ error: 'certificate_document_id must be a document of the deal room' }),
});
export const retentionReleaseBody = z
  .strictObject({ released_on: isoDate('released_on').optional() })
  .nullish();

export const retentionRelease = z.object({
  stage: z.enum(retentionStages),
  released_on: z.string(),
  amount_cents: z.number(),
  journal_id: z.string().nullable(),
  lines: z.array(z.object({ budget_line_id: z.string(), amount_cents: z.number() })),
});
export const retentionResponse = z.object({
  state: z.string(),
  practical_completion_date: z.string().nullable(),
  certificate_document_id: z.string().nullable(),
  defects_liability_months: z.number(),
  defects_liability_ends_on: z.string().nullable(),
  retention_held_cents: z.number(),
  releases: z.array(retentionRelease),
});
export type RetentionResponse = z.infer<typeof retentionResponse>;
