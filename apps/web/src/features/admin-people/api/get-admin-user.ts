import type { AdminUser } from '@plinth/domain/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminPeopleQueryKey } from './admin-people-query-key';

export const adminUserQueryKey = (id: string) => [...adminPeopleQueryKey, 'user', id] as const;

/** GET /admin/users/{id}: one person as the Users tab shows them (404 once deleted). */
export const getAdminUser = (id: string) => api<AdminUser>(`/admin/users/${encodeURIComponent(id)}`);

export const adminUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminUserQueryKey(id), queryFn: () => getAdminUser(id) });

/** Asked only when there is someone to show (a link such as the override history's names them). */
export const useAdminUser = (id: string | null) =>
  useQuery({ ...adminUserQueryOptions(id ?? ''), enabled: id !== null });
