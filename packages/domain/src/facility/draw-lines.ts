/**
 * The lines of a draw: the developer's claim and the quantity surveyor's certification (issue 33).
 * Each check returns every problem, one message a person can act on per problem; an empty list is fine.
 */
import { formatAud } from './money';

export type LineError = { index: number; budget_line_id: string; message: string };

export type ClaimLine = { budget_line_id: string; claimed_cents: bigint };

/** A budget line as the checks need it (from the facility's approved budget). */
export type KnownBudgetLine = { id: string; name?: string };

const label = (index: number, known?: KnownBudgetLine) =>
  known?.name ? `Line ${index + 1} (${known.name})` : `Line ${index + 1}`;

function lineBasics<T extends { budget_line_id: string; name?: string }>(
  lines: readonly T[],
  budget: readonly KnownBudgetLine[] | undefined,
  errors: LineError[],
): Map<string, KnownBudgetLine> {
  const byId = new Map((budget ?? []).map((b) => [b.id, b]));
  const seen = new Map<string, number>();
  lines.forEach((line, index) => {
    const id = line.budget_line_id;
    const known = byId.get(id) ?? (line.name ? { id, name: line.name } : undefined);
    if (budget && !byId.has(id))
      errors.push({
        index,
        budget_line_id: id,
        message: `Line ${index + 1}: this budget line is not in the facility's approved budget`,
      });
    const first = seen.get(id);
    if (first !== undefined)
      errors.push({
        index,
        budget_line_id: id,
        message: `${label(index, known)}: this budget line is already on line ${first + 1}`,
      });
    else seen.set(id, index);
  });
  return byId;
}

/**
 * A claim's lines: at least one; each budget line once and (when `budget` is given) in the approved
 * budget; amounts not negative; not all zero. A claim may exceed what is left of a line: the builder
 * claims what they say is owed, and the surveyor certifies at most what the budget allows.
 */
export function checkClaim(lines: readonly ClaimLine[], budget?: readonly KnownBudgetLine[]): LineError[] {
  const errors: LineError[] = [];
  if (lines.length === 0)
    return [{ index: -1, budget_line_id: '', message: 'A claim needs at least one line' }];
  const byId = lineBasics(lines, budget, errors);
  lines.forEach((line, index) => {
    if (line.claimed_cents < 0n)
      errors.push({
        index,
        budget_line_id: line.budget_line_id,
        message: `${label(index, byId.get(line.budget_line_id))}: the claimed amount cannot be negative`,
      });
  });
  if (errors.length === 0 && lines.every((l) => l.claimed_cents === 0n))
    errors.push({ index: -1, budget_line_id: '', message: 'A claim needs at least one line above $0' });
  return errors;
}

export type CertificationLine = {
  budget_line_id: string;
  claimed_cents: bigint;
  certified_cents: bigint;
  /** Certified on this line in earlier draws that still count (funded, or certified/approved and not rejected). */
  certified_before_cents: bigint;
  budget_cents: bigint;
  /** The surveyor's cost to complete the line after this claim (optional here; not negative when given). */
  cost_to_complete_cents?: bigint | null;
  /** When given, a reason must be written wherever less than claimed is certified. */
  reason?: string | null;
  /** For messages only. */
  name?: string;
};

/**
 * The surveyor's certification. Per line: the line must be in the claim (`claimLineIds`, when given)
 * and appear once; nothing negative; certified ≤ claimed; certified before + now ≤ the line's budget;
 * a reason where less than claimed is certified (when `reason` is passed). Every claimed line must be
 * certified (0 is an answer) when `claimLineIds` is given.
 */
export function checkCertification(
  lines: readonly CertificationLine[],
  claimLineIds?: Iterable<string>,
): LineError[] {
  const errors: LineError[] = [];
  const budget = claimLineIds ? [...claimLineIds].map((id) => ({ id })) : undefined;
  if (lines.length === 0)
    return [{ index: -1, budget_line_id: '', message: 'A certification needs at least one line' }];
  lineBasics(lines, undefined, errors);
  const inClaim = budget ? new Set(budget.map((b) => b.id)) : null;
  lines.forEach((line, index) => {
    const id = line.budget_line_id;
    const at = label(index, line.name ? { id, name: line.name } : undefined);
    const push = (message: string) =>
      errors.push({ index, budget_line_id: id, message: `${at}: ${message}` });
    if (inClaim && !inClaim.has(id)) {
      push('this budget line is not in the claim');
      return;
    }
    if (line.certified_cents < 0n) push('the certified amount cannot be negative');
    if (line.cost_to_complete_cents != null && line.cost_to_complete_cents < 0n)
      push('the cost to complete cannot be negative');
    if (line.certified_cents < 0n) return;
    if (line.certified_cents > line.claimed_cents)
      push(
        `the certified amount (${formatAud(line.certified_cents)}) is more than the claimed amount (${formatAud(line.claimed_cents)})`,
      );
    const toDate = line.certified_before_cents + line.certified_cents;
    if (toDate > line.budget_cents)
      push(
        `certified to date would be ${formatAud(toDate)}, over the line's budget of ${formatAud(line.budget_cents)} by ${formatAud(toDate - line.budget_cents)}`,
      );
    if (
      line.reason !== undefined &&
      line.certified_cents < line.claimed_cents &&
      (line.reason ?? '').trim() === ''
    )
      push('a reason is needed when less than the claimed amount is certified');
  });
  if (inClaim) {
    const certified = new Set(lines.map((l) => l.budget_line_id));
    for (const id of inClaim)
      if (!certified.has(id))
        errors.push({
          index: -1,
          budget_line_id: id,
          message: 'Every claimed line needs a certified amount (0 if none of it is certified)',
        });
  }
  return errors;
}
