import type { ContactResponse } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export const getContact = (userId: string) =>
  api<ContactResponse>(`/users/${encodeURIComponent(userId)}/contact`);

/**
 * Keyed under the deal, so the room's refreshes (a live event) ask again. Asked only once the deal
 * says the owner has shared with the caller (`contact_shared`): before that the server would refuse.
 */
export const contactQueryOptions = (dealId: string, userId: string, isShared: boolean) =>
  queryOptions({
    queryKey: dealQueryKeys.contact(dealId, userId),
    queryFn: () => getContact(userId),
    enabled: isShared,
    retry: false,
  });

/** GET /users/{id}/contact: the other party's contact details, once they shared them. */
export const useContact = (dealId: string, userId: string, isShared: boolean) =>
  useQuery(contactQueryOptions(dealId, userId, isShared));
