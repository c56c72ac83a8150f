import type { AccessRequest } from '@plinth/domain/access';
import type {
  FunderDashboardResponse,
  MarketplaceResponse,
  ProjectPreview,
} from '@plinth/domain/marketplace';
import type { UndertakingAcceptanceInput } from '@plinth/domain/undertaking';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { funderDashboardQueryKey } from './get-funder-dashboard';
import { marketplaceQueryKey } from './list-marketplace';

export interface RequestAccessInput {
  projectId: string;
  /** The optional introduction: the domain's schema trims it and sends null when empty. */
  introduction: string;
  /** The confidentiality undertaking signed with the request (decision 033). */
  undertaking: UndertakingAcceptanceInput;
}

export const requestAccess = ({ projectId, introduction, undertaking }: RequestAccessInput) =>
  api<AccessRequest>('/access-requests', {
    method: 'POST',
    body: {
      project_id: projectId,
      initial_message: introduction.trim() ? introduction.trim() : null,
      undertaking,
    },
  });

const markPending = <T extends ProjectPreview>(item: T, request: AccessRequest): T =>
  item.id === request.project_id
    ? { ...item, access_status: request.status, access_request_id: request.id }
    : item;

/**
 * After a request the project's card reads 'Request Pending' at once: the marketplace pages and the
 * dashboard are updated in place and only marked stale (refetching now would make the card vanish,
 * since the server lists only projects nobody has asked about). The project page refetches.
 */
function applyAccessRequest(queryClient: QueryClient, request: AccessRequest) {
  queryClient.setQueriesData<MarketplaceResponse>({ queryKey: marketplaceQueryKey }, (page) =>
    page ? { ...page, items: page.items.map((item) => markPending(item, request)) } : page,
  );
  queryClient.setQueryData<FunderDashboardResponse>(funderDashboardQueryKey, (dashboard) =>
    dashboard
      ? {
          ...dashboard,
          pending_requests: dashboard.pending_requests + 1,
          recommended: dashboard.recommended.map((item) => markPending(item, request)),
        }
      : dashboard,
  );
  void queryClient.invalidateQueries({ queryKey: marketplaceQueryKey, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: funderDashboardQueryKey, refetchType: 'none' });
  // The project page (['projects', 'detail', id]) and any other project query; not the lists above.
  void queryClient.invalidateQueries({
    queryKey: ['projects'],
    predicate: (query) => query.queryKey[1] !== marketplaceQueryKey[1],
  });
  void queryClient.invalidateQueries({ queryKey: ['access-requests'] });
}

/** POST /access-requests {project_id, initial_message, undertaking}: one open request per funder and project. */
export function useRequestAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAccess,
    onSuccess: (request) => applyAccessRequest(queryClient, request),
  });
}
