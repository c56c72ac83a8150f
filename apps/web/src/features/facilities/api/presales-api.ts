import { errorTextFrom } from '@plinth/domain/format';
import type {
  CreatePresaleInput,
  presaleCoverResponse,
  presaleImportResponse,
  presaleList,
  settlementList,
  settlementResponse,
} from '@plinth/domain/presales';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotentFetch } from '../../../lib/idempotent-fetch';
import { facilityQueryKeys } from './facility-query-keys';
import { BudgetImportError, importErrorRows } from './import-budget';
import { lifeQueryKeys } from './life-query-keys';

export type PresalePage = z.infer<typeof presaleList>;
export type PresaleRow = PresalePage['items'][number];
export type PresaleCover = z.infer<typeof presaleCoverResponse>;
export type SettlementOut = z.infer<typeof settlementResponse>;

const f = (id: string) => `/facilities/${encodeURIComponent(id)}`;
export const PRESALE_PAGE_SIZE = 25;

/** GET /facilities/{id}/presales: the register in entry order, a page at a time (cursor from the last page). */
export const usePresales = (facilityId: string, cursor: string | null) =>
  useQuery({
    queryKey: lifeQueryKeys.presales(facilityId, cursor),
    queryFn: () =>
      api<PresalePage>(
        `${f(facilityId)}/presales?limit=${PRESALE_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /facilities/{id}/presale-cover: the cover, each non-qualifying presale's reasons, the timeline, warnings. */
export const usePresaleCover = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.presaleCover(facilityId),
    queryFn: () => api<PresaleCover>(`${f(facilityId)}/presale-cover`),
    retry: false,
  });

/** GET /facilities/{id}/settlements. */
export const useSettlements = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.settlements(facilityId),
    queryFn: () => api<z.infer<typeof settlementList>>(`${f(facilityId)}/settlements`),
    retry: false,
  });

function useFacilityWrite<TInput, TOut>(fn: (input: TInput) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.all }),
  });
}

/** POST /facilities/{id}/presales (the developer). */
export const useAddPresale = (facilityId: string) =>
  useFacilityWrite((body: CreatePresaleInput) =>
    api<PresaleRow>(`${f(facilityId)}/presales`, { method: 'POST', body }),
  );

/** DELETE /presales/{id} (the developer, before it settles). */
export const useRemovePresale = () =>
  useFacilityWrite((id: string) => api<void>(`/presales/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** POST /presales/{id}/settlement (the funder). */
export const useRecordSettlement = () =>
  useFacilityWrite(
    ({
      id,
      body,
    }: {
      id: string;
      body: { settled_on: string; gross_cents: number; selling_costs_cents: number };
    }) => api<SettlementOut>(`/presales/${encodeURIComponent(id)}/settlement`, { method: 'POST', body }),
  );

/**
 * POST /facilities/{id}/presales/import as text/csv: all or nothing; a refusal carries every row's
 * problem ('Row 4: …') as the budget import's does.
 */
export async function importPresales(facilityId: string, csv: string) {
  const response = await idempotentFetch(`/api${f(facilityId)}/presales/import`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  const text = await response.text();
  if (!response.ok)
    throw new BudgetImportError(response.status, errorTextFrom(response.status, text), importErrorRows(text));
  return JSON.parse(text) as z.infer<typeof presaleImportResponse>;
}

export const useImportPresales = (facilityId: string) =>
  useFacilityWrite((csv: string) => importPresales(facilityId, csv));
