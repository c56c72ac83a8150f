import type { budgetImportResponse } from '@plinth/domain/facilities';
import { errorTextFrom } from '@plinth/domain/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { idempotentFetch } from '../../../lib/idempotent-fetch';
import { facilityQueryKeys } from './facility-query-keys';

export type BudgetImportResult = z.infer<typeof budgetImportResponse>;

/** A refused import: the server's sentence and every row's problem ('Row 3: …'), listed apart. */
export class BudgetImportError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly rows: string[],
  ) {
    super(status, message);
  }
}

/** The server's per-row messages of a refused import (its `details`), in the file's order. */
export function importErrorRows(bodyText: string): string[] {
  try {
    const parsed = JSON.parse(bodyText) as { details?: unknown };
    if (!Array.isArray(parsed.details)) return [];
    return parsed.details.flatMap((d: unknown) =>
      d && typeof d === 'object' && typeof (d as { message?: unknown }).message === 'string'
        ? [(d as { message: string }).message]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * POST /facilities/{id}/budget/import: the file's text as text/csv (header code, name, category,
 * amount or amount_cents, funded_by), with an Idempotency-Key like every write.
 */
export async function importBudget(facilityId: string, csv: string): Promise<BudgetImportResult> {
  const response = await idempotentFetch(`/api/facilities/${encodeURIComponent(facilityId)}/budget/import`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  const text = await response.text();
  if (!response.ok)
    throw new BudgetImportError(response.status, errorTextFrom(response.status, text), importErrorRows(text));
  return JSON.parse(text) as BudgetImportResult;
}

/** Imports the draft budget from a CSV file; the facility's budget and status refresh. */
export function useImportBudget(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importBudget(facilityId, csv),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.facility(facilityId) }),
  });
}
