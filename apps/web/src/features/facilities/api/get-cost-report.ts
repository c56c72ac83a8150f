import type { BudgetCategory } from '@plinth/domain/facility/budget';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

/** One budget line of GET /facilities/{id}/cost-report, in integer cents (decision 078). */
export interface CostReportLine {
  budget_line_id: string;
  code: string;
  name: string;
  category: BudgetCategory;
  funded_by: 'debt' | 'equity';
  budget_cents: number;
  claimed_cents: number;
  certified_cents: number;
  paid_cents: number;
  retention_held_cents: number;
  /** The surveyor's latest cost to complete for the line, null before any. */
  cost_to_complete_cents: number | null;
  /** What the in-balance test counts for the line, null for a line it does not test. */
  to_complete_cents: number | null;
}

export interface CostReport {
  lines: CostReportLine[];
  totals: {
    budget_cents: number;
    claimed_cents: number;
    certified_cents: number;
    paid_cents: number;
    retention_held_cents: number;
    to_complete_cents: number;
  };
  contingency: { budget_cents: number; used_cents: number };
  in_balance: boolean;
  shortfall_cents: number;
}

/**
 * Under the facility's own key, so the 'facility' live event (which invalidates ['facilities'])
 * refreshes the report with the rest of the page.
 */
export const costReportQueryKey = (id: string) => [...facilityQueryKeys.facility(id), 'cost-report'] as const;

export const getCostReport = (id: string) =>
  api<CostReport>(`/facilities/${encodeURIComponent(id)}/cost-report`);

/** GET /facilities/{id}/cost-report: budget, claimed, certified, paid, retention held and to complete by line. */
export const useCostReport = (id: string) =>
  useQuery({
    queryKey: costReportQueryKey(id),
    queryFn: () => getCostReport(id),
    retry: false,
    enabled: id !== '',
  });
