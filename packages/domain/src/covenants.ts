import { z } from 'zod';
import { idParam } from './api-errors';
import { type CovenantKind, covenantFrequencies, covenantKinds, covenantRules } from './facility/covenants';
import { isIsoDate } from './facility/dates';
import { facilityStatuses } from './facility/facility-machine';

/**
 * The covenants API's shapes (issue 34 items 5, 6 and 9; decision 067): covenant definitions and
 * their tests, breaches, notices, valuations, the monthly lender reports and the portfolio's lights.
 * Money in integer cents, ratios in basis points, dates 'YYYY-MM-DD', instants ISO 8601.
 */

export const covenantMessages = {
  reportNotFound: 'Report not found',
  noticeNotFound: 'Notice not found',
  repaid: 'This facility is repaid: its covenants no longer change',
  duplicateKind: 'Each covenant may be given once',
  incomeOnlyInterestCover: 'annual_income_cents is given only with interest_cover',
  valuationFuture: 'valued_on cannot be in the future',
} as const;

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(isIsoDate, { message: `${field} must be a real date` });

const wholeCents = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a whole number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(min, min > 0 ? `${field} must be above 0` : `${field} cannot be negative`)
    .max(100_000_000_000_000, `${field} is larger than $1,000,000,000,000`);

/** Limits of each kind's threshold, in its unit. */
export const thresholdLimits: Record<CovenantKind, { min: number; max: number }> = {
  lvr: { min: 1, max: 20_000 },
  loan_to_cost: { min: 1, max: 20_000 },
  presale_cover: { min: 0, max: 50_000 },
  in_balance: { min: 0, max: 100_000_000_000_000 },
  practical_completion: { min: 0, max: 3_650 },
  interest_cover: { min: 0, max: 1_000_000 },
};

export const covenantInput = z
  .strictObject({
    kind: z.enum(covenantKinds, { error: `kind must be one of ${covenantKinds.join(', ')}` }),
    threshold: z
      .number({ error: 'threshold must be a whole number' })
      .int('threshold must be a whole number (basis points, cents or days by kind)'),
    frequency: z
      .enum(covenantFrequencies, { error: "frequency must be 'monthly' or 'quarterly'" })
      .default('monthly'),
    cure_days: z
      .number({ error: 'cure_days must be a whole number of days' })
      .int('cure_days must be a whole number of days')
      .min(0, 'cure_days cannot be negative')
      .max(365, 'cure_days cannot be above 365'),
    annual_income_cents: wholeCents('annual_income_cents', 1).nullable().optional(),
  })
  .superRefine((c, ctx) => {
    const { min, max } = thresholdLimits[c.kind];
    if (c.threshold < min || c.threshold > max)
      ctx.addIssue({
        code: 'custom',
        path: ['threshold'],
        message: `threshold of ${c.kind} must be between ${min} and ${max} (${covenantRules[c.kind].unit})`,
      });
    if (c.annual_income_cents != null && c.kind !== 'interest_cover')
      ctx.addIssue({
        code: 'custom',
        path: ['annual_income_cents'],
        message: covenantMessages.incomeOnlyInterestCover,
      });
  });

export const putCovenantsBody = z
  .strictObject({
    covenants: z.array(covenantInput).max(covenantKinds.length, `At most ${covenantKinds.length} covenants`),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.covenants.forEach((c, i) => {
      if (seen.has(c.kind))
        ctx.addIssue({
          code: 'custom',
          path: ['covenants', i, 'kind'],
          message: covenantMessages.duplicateKind,
        });
      seen.add(c.kind);
    });
  });
export type PutCovenantsBody = z.infer<typeof putCovenantsBody>;

export const covenantStatuses = ['pass', 'breach', 'not_tested'] as const;
export const covenantTriggers = [
  'covenants_set',
  'valuation',
  'draw',
  'variation',
  'presale',
  'settlement',
  'scheduled',
  'cure_deadline',
  'manual',
] as const;
export type CovenantTrigger = (typeof covenantTriggers)[number];

export const covenantTest = z.object({
  id: z.string(),
  kind: z.enum(covenantKinds),
  tested_on: z.string(),
  tested_at: z.string(),
  trigger: z.enum(covenantTriggers),
  period: z.string().nullable(),
  status: z.enum(covenantStatuses),
  value: z.number().nullable(),
  threshold: z.number(),
  headroom: z.number().nullable(),
  message: z.string(),
  /** The working, line by line: each figure named and as the test read it ('LVR', '60.00%'). */
  workings: z.array(z.object({ label: z.string(), value: z.string() })),
});

export const covenantBreach = z.object({
  id: z.string(),
  kind: z.enum(covenantKinds),
  status: z.enum(['open', 'cured', 'defaulted']),
  breached_on: z.string(),
  cure_ends_on: z.string(),
  default_on: z.string(),
  cured_on: z.string().nullable(),
  defaulted_on: z.string().nullable(),
  message: z.string(),
});

export const covenantNotice = z.object({
  id: z.string(),
  kind: z.enum(['breach', 'default', 'cured']),
  covenant: z.enum(covenantKinds),
  issued_on: z.string(),
  download_url: z.string(),
});

export const covenantView = z.object({
  kind: z.enum(covenantKinds),
  label: z.string(),
  unit: z.enum(['bps', 'cents', 'days']),
  direction: z.enum(['max', 'min']),
  threshold: z.number(),
  threshold_text: z.string(),
  frequency: z.enum(covenantFrequencies),
  cure_days: z.number(),
  annual_income_cents: z.number().nullable(),
  latest: covenantTest.nullable(),
  open_breach: covenantBreach.nullable(),
});

export const covenantsResponse = z.object({
  facility_id: z.string(),
  facility_status: z.enum(facilityStatuses),
  light: z.enum(['green', 'amber', 'red']),
  covenants: z.array(covenantView),
  latest_valuation: z
    .object({ id: z.string(), valued_on: z.string(), value_cents: z.number(), valuer: z.string() })
    .nullable(),
  notices: z.array(covenantNotice),
});
export type CovenantsResponse = z.infer<typeof covenantsResponse>;

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
export const covenantHistory = z.object({ items: z.array(covenantTest), next_cursor: z.string().nullable() });

export const valuationBody = z.strictObject({
  valued_on: isoDate('valued_on'),
  value_cents: wholeCents('value_cents', 1),
  valuer: z
    .string({ error: 'valuer is required' })
    .trim()
    .min(2, 'valuer must name the valuer (2 to 200 characters)')
    .max(200, 'valuer must name the valuer (2 to 200 characters)'),
});
export const valuation = z.object({
  id: z.string(),
  facility_id: z.string(),
  valued_on: z.string(),
  value_cents: z.number(),
  valuer: z.string(),
  created_at: z.string(),
});

export const reportIdParams = z.object({
  id: idParam(),
  reportId: idParam(),
});
export const noticeIdParams = z.object({
  id: idParam(),
  noticeId: idParam(),
});

export const lenderReport = z.object({
  id: z.string(),
  month: z.string(),
  generated_on: z.string(),
  size_bytes: z.number(),
  pages: z.number(),
  download_url: z.string(),
});
export const lenderReportList = z.object({ items: z.array(lenderReport) });

// ---- the portfolio's lights ---------------------------------------------------------------------

export const portfolioLight = z.object({
  facility_id: z.string(),
  project_title: z.string(),
  status: z.enum(facilityStatuses),
  light: z.enum(['green', 'amber', 'red']),
  /** The covenant closest to breach, or breached, in words. */
  summary: z.string(),
  breached: z.array(z.enum(covenantKinds)),
  upcoming: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(['sunset', 'bond_expiry']),
      lot: z.string(),
      days_away: z.number(),
    }),
  ),
});
export const portfolioLightsResponse = z.object({
  items: z.array(portfolioLight),
  /** How far ahead the sunsets and bond expiries look (days). */
  horizon_days: z.number(),
  totals: z.object({ green: z.number(), amber: z.number(), red: z.number() }),
});
export type PortfolioLights = z.infer<typeof portfolioLightsResponse>;
