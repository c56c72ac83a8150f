import type { addPartyBody, addPartyResponse } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type AddPartyInput = z.input<typeof addPartyBody>;
export type AddPartyResult = z.infer<typeof addPartyResponse>;

export const addParty = (facilityId: string, body: AddPartyInput) =>
  api<AddPartyResult>(`/facilities/${encodeURIComponent(facilityId)}/parties`, { method: 'POST', body });

/**
 * POST /facilities/{id}/parties: the funder appoints the quantity surveyor or adds a co-funder by
 * e-mail (added at once when signed up with that role, else invited). Refreshes the parties.
 */
export function useAddParty(facilityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPartyInput) => addParty(facilityId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: facilityQueryKeys.parties(facilityId) }),
  });
}
