/**
 * Releasing retention (issue 34 item 3, decision 061): half of what each construction line holds at
 * practical completion (in Queensland at least down to 2.5 % of the line: `retention.ts`), the rest
 * at the end of the defects liability period, by default 12 months after practical completion.
 */
import { retentionReleasedAtPracticalCompletion } from './retention';

export const defaultDefectsLiabilityMonths = 12;
export const retentionStages = ['practical_completion', 'defects_liability'] as const;
export type RetentionStage = (typeof retentionStages)[number];

export type HeldLine = { budget_line_id: string; held_cents: bigint; budget_cents: bigint };
export type LineRelease = { budget_line_id: string; amount_cents: bigint };

/** `months` calendar months after `date`, the day kept where the month has it, else its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** When the defects liability period ends (the second half is released that day). */
export const defectsLiabilityEnds = (
  practical_completion_date: string,
  months = defaultDefectsLiabilityMonths,
) => addMonths(practical_completion_date, months);

const total = (releases: readonly LineRelease[]) => releases.reduce((s, r) => s + r.amount_cents, 0n);

/** Per line, what practical completion releases (lines releasing nothing left out), and the total. */
export function practicalCompletionRelease(lines: readonly HeldLine[], state: string) {
  const releases: LineRelease[] = [];
  for (const l of lines) {
    const amount_cents = retentionReleasedAtPracticalCompletion({
      held_cents: l.held_cents,
      line_budget_cents: l.budget_cents,
      state,
    });
    if (amount_cents > 0n) releases.push({ budget_line_id: l.budget_line_id, amount_cents });
  }
  return { releases, total_cents: total(releases) };
}

/** Per line, everything still held (the end of the defects liability period), and the total. */
export function defectsLiabilityRelease(lines: readonly HeldLine[]) {
  const releases = lines
    .filter((l) => l.held_cents > 0n)
    .map((l) => ({ budget_line_id: l.budget_line_id, amount_cents: l.held_cents }));
  return { releases, total_cents: total(releases) };
}
