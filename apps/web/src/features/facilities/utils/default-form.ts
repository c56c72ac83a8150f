import { isIsoDate } from '@plinth/domain/facility/dates';

/** The longest reason the server takes for a default or a cure. */
export const REASON_MAX = 1000;

export type DefaultFormValues = { reason: string; on: string };

/**
 * What a person must fix before a default or a cure is sent: a reason of 1 to 1000 characters and a
 * real day that is not after today (Sydney). The server checks the same and is the judge.
 */
export function checkDefaultForm(
  values: DefaultFormValues,
  today: string,
):
  | { ok: true; reason: string; on: string }
  | { ok: false; errors: Partial<Record<keyof DefaultFormValues, string>> } {
  const errors: Partial<Record<keyof DefaultFormValues, string>> = {};
  const reason = values.reason.trim();
  if (!reason) errors.reason = 'Give the reason';
  else if (reason.length > REASON_MAX) errors.reason = `Keep the reason to ${REASON_MAX} characters`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.on) || !isIsoDate(values.on)) errors.on = 'Enter the day';
  else if (values.on > today) errors.on = 'The day cannot be in the future';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, reason, on: values.on };
}
