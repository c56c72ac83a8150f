import type { CovenantsResponse, PutCovenantsBody } from '@plinth/domain/covenants';
import type { presaleSettings, presaleSettingsBody } from '@plinth/domain/presales';
import type { variationSettings, variationSettingsBody } from '@plinth/domain/variations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { writeWithDetails } from './api-with-details';
import { facilityQueryKeys } from './facility-query-keys';
import { lifeQueryKeys } from './life-query-keys';

export type PresaleSettings = z.infer<typeof presaleSettings>;
export type PresaleSettingsBody = z.input<typeof presaleSettingsBody>;
export type VariationSettings = z.infer<typeof variationSettings>;
export type VariationSettingsBody = z.input<typeof variationSettingsBody>;

const f = (id: string) => `/facilities/${encodeURIComponent(id)}`;

/** Every setting moves covenants, cover or consent: the whole facility refreshes after a save. */
function useSettingsWrite<TInput, TOut>(fn: (input: TInput) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.all }),
  });
}

/** PUT /facilities/{id}/covenants (the funder): the whole set; they are tested at once. */
export const useSaveCovenants = (facilityId: string) =>
  useSettingsWrite((body: PutCovenantsBody) =>
    writeWithDetails<CovenantsResponse>(`${f(facilityId)}/covenants`, { method: 'PUT', body }),
  );

/** GET /facilities/{id}/presale-settings: the qualification thresholds in force. */
export const usePresaleSettings = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.presaleSettings(facilityId),
    queryFn: () => api<PresaleSettings>(`${f(facilityId)}/presale-settings`),
    retry: false,
  });

/** PUT /facilities/{id}/presale-settings (the funder): any of the four thresholds. */
export const useSavePresaleSettings = (facilityId: string) =>
  useSettingsWrite((body: PresaleSettingsBody) =>
    writeWithDetails<PresaleSettings>(`${f(facilityId)}/presale-settings`, { method: 'PUT', body }),
  );

/** GET /facilities/{id}/variation-settings: the consent threshold and the defects liability period. */
export const useVariationSettings = (facilityId: string) =>
  useQuery({
    queryKey: lifeQueryKeys.variationSettings(facilityId),
    queryFn: () => api<VariationSettings>(`${f(facilityId)}/variation-settings`),
    retry: false,
  });

/**
 * PATCH /facilities/{id}/variation-settings (the funder): the consent threshold, the defects period.
 * Its answer is the settings in force, kept as the read's data until the next GET.
 */
export function useSaveVariationSettings(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VariationSettingsBody) =>
      writeWithDetails<VariationSettings>(`${f(facilityId)}/variation-settings`, { method: 'PATCH', body }),
    onSuccess: (saved) => {
      client.setQueryData(lifeQueryKeys.variationSettings(facilityId), saved);
      return client.invalidateQueries({ queryKey: facilityQueryKeys.all });
    },
  });
}
