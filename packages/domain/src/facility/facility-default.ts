import { z } from 'zod';
import { facility } from '../facilities';
import { formatLongDate } from './dates';

/**
 * The funder's own event of default and its cure (issue 33; decision 070): the request shapes, the
 * checks on their dates and the words. The move itself is the facility machine's `declare_default`
 * and `cure`; a covenant's default (decision 067) is declared by the covenant engine and cured here.
 */

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      { message: `${field} must be a real date` },
    );

const reason = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(1000, `${field} is at most 1000 characters`);

export const declareDefaultBody = z.strictObject({
  reason: reason('reason'),
  declared_on: isoDate('declared_on'),
});

export const cureDefaultBody = z.strictObject({
  reason: reason('reason'),
  cured_on: isoDate('cured_on'),
});

export const facilityDefaultRecord = z.object({
  id: z.string(),
  declared_on: z.string(),
  reason: z.string().nullable(),
  /** The covenant breach that ran to this default, or null when the funder declared it. */
  breach_id: z.string().nullable(),
  cured_on: z.string().nullable(),
  cure_reason: z.string().nullable(),
});
export type FacilityDefaultRecord = z.infer<typeof facilityDefaultRecord>;

export const facilityDefaultResponse = z.object({
  facility,
  default: facilityDefaultRecord,
  /** Interest restated on days already accrued (positive: charged; negative: given back). */
  interest_adjusted_cents: z.number().int(),
});

export type DateIssue = { field: string; message: string };

/** The declared day: not in the future, not before the facility opened, not inside an earlier default. */
export function declaredOnIssues(input: {
  declared_on: string;
  today: string;
  activated_on: string;
  last_cured_on: string | null;
}): DateIssue[] {
  const { declared_on, today, activated_on, last_cured_on } = input;
  if (declared_on > today)
    return [{ field: 'declared_on', message: 'A default cannot be declared for a day in the future' }];
  if (declared_on < activated_on)
    return [
      {
        field: 'declared_on',
        message: `A default cannot be dated before the facility opened on ${formatLongDate(activated_on)}`,
      },
    ];
  if (last_cured_on && declared_on < last_cured_on)
    return [
      {
        field: 'declared_on',
        message: `A default cannot be dated before the last default was cured on ${formatLongDate(last_cured_on)}`,
      },
    ];
  return [];
}

/** The cure's day: not in the future, not before the default was declared. */
export function curedOnIssues(input: { cured_on: string; today: string; declared_on: string }): DateIssue[] {
  const { cured_on, today, declared_on } = input;
  if (cured_on > today)
    return [{ field: 'cured_on', message: 'A default cannot be cured on a day in the future' }];
  if (cured_on < declared_on)
    return [
      {
        field: 'cured_on',
        message: `A default cannot be cured before it was declared on ${formatLongDate(declared_on)}`,
      },
    ];
  return [];
}

/** The words of the notices sent to the developer and co-funders. */
export const defaultNoticeText = (input: {
  project: string;
  declared_on: string;
  reason: string;
  default_margin_bps: number;
}) =>
  `The funder declared an event of default on the facility for "${input.project}" from ${formatLongDate(input.declared_on)}: ${input.reason}. The default margin of ${(input.default_margin_bps / 100).toFixed(2)}% p.a. applies to interest from that day, and draws are not funded while the facility is in default.`;

export const cureNoticeText = (input: { project: string; cured_on: string; reason: string }) =>
  `The funder cured the event of default on the facility for "${input.project}" from ${formatLongDate(input.cured_on)}: ${input.reason}. The default margin no longer applies to interest from that day, and draws move again.`;
