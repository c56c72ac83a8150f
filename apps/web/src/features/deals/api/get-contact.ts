import type { ContactResponse } from '@plinth/domain/deals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealQueryKeys } from './deal-query-keys';

export const getContact = (userId: string) =>
  api<ContactResponse>(`/users/${encodeURIComponent(userId)}/contact`);

/**
 * Keyed under the deal, so the room's refreshes (a live event) ask again: the server answers only
 * once the owner has shared with the caller, and refuses until then.
 */
export const contactQueryOptions = (dealId: string, userId: string) =>
  queryOptions({
    queryKey: dealQueryKeys.contact(dealId, userId),
    queryFn: () => getContact(userId),
    retry: false,
  });

/** GET /users/{id}/contact: the other party's contact details, once they shared them. */
export const useContact = (dealId: string, userId: string) => useQuery(contactQueryOptions(dealId, userId));
