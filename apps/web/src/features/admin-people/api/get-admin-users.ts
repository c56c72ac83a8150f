import type { adminUsersQuery, adminUsersResponse } from '@plinth/domain/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminPeopleQueryKey } from './admin-people-query-key';

export type AdminUsersParams = z.input<typeof adminUsersQuery>;
export type AdminUsersPage = z.infer<typeof adminUsersResponse>;
export type AdminUsersFilter = z.infer<typeof adminUsersQuery>['filter'];
export type AdminPeopleCounts = AdminUsersPage['counts'];

export const PEOPLE_PER_PAGE = 50;

export const adminUsersQueryKey = (params: AdminUsersParams) =>
  [...adminPeopleQueryKey, 'users', params] as const;

/** GET /admin/users: newest first, by role and filter, with the tab counts over everyone. */
export function getAdminUsers({ role, filter = 'all', page = 1, limit = PEOPLE_PER_PAGE }: AdminUsersParams) {
  const search = new URLSearchParams({ filter, page: String(page), limit: String(limit) });
  if (role) search.set('role', role);
  return api<AdminUsersPage>(`/admin/users?${search}`);
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminUsersQueryKey(params),
    queryFn: () => getAdminUsers(params),
    // Switching filter or page keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersParams) => useQuery(adminUsersQueryOptions(params));

/** The first page of the Users tab is the same request: its counts label the tabs on every tab. */
export const usersTabFirstPage: AdminUsersParams = { filter: 'all', page: 1, limit: PEOPLE_PER_PAGE };

/** The tab badges (users, pending subscriptions), fetched whichever tab is open. */
export const useAdminPeopleCounts = () =>
  useQuery({ ...adminUsersQueryOptions(usersTabFirstPage), select: (page) => page.counts });
