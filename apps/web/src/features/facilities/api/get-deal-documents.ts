import type { DealDocument, dealDocumentsResponse } from '@plinth/domain/deals';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { lifeQueryKeys } from './life-query-keys';

export type { DealDocument };

/**
 * GET /deals/{id}/documents: the files of the facility's deal (the room's, and every draw's, since a
 * draw's uploads are kept with the deal), for the funder's certificate of practical completion. The
 * deals feature has its own query of this list; features do not import each other (STYLE.md).
 */
export const useDealDocuments = (facilityId: string, dealId: string, enabled: boolean) =>
  useQuery({
    queryKey: lifeQueryKeys.dealDocuments(facilityId),
    queryFn: () =>
      api<z.infer<typeof dealDocumentsResponse>>(`/deals/${encodeURIComponent(dealId)}/documents`),
    retry: false,
    enabled,
  });
