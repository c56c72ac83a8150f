import type { allPaymentsResponse, unpaidProjectsResponse } from '@plinth/domain/admin-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** God Mode's lists: unpaid projects (Force Publish) and the newest payments (Sync Stripe). */
export const unpaidProjectsQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'unpaid-projects'],
  queryFn: () => api<z.infer<typeof unpaidProjectsResponse>>('/admin/unpaid-projects'),
});

export const allPaymentsQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'all-payments'],
  queryFn: () => api<z.infer<typeof allPaymentsResponse>>('/admin/all-payments?limit=50'),
});

export const useUnpaidProjects = () => useQuery(unpaidProjectsQueryOptions);
export const useAllPayments = () => useQuery(allPaymentsQueryOptions);

/** One granted, unfunded access (GET /admin/granted-access): Revoke Access's choices. */
export interface GrantedAccess {
  access_request_id: string;
  funder_id: string;
  funder_name: string;
  funder_email: string;
  company_name: string | null;
  project_id: string;
  project_title: string;
  status: 'approved' | 'due_diligence' | 'term_sheet';
  access_until: string | null;
}

export const grantedAccessQueryOptions = queryOptions({
  queryKey: [...adminQueryKey, 'granted-access'],
  queryFn: () => api<{ items: GrantedAccess[] }>('/admin/granted-access'),
});

export const useGrantedAccess = (enabled: boolean) => useQuery({ ...grantedAccessQueryOptions, enabled });
