import type { inBalanceResponse } from '@plinth/domain/facilities';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type InBalanceResult = z.infer<typeof inBalanceResponse>;

export const getInBalance = (id: string) =>
  api<InBalanceResult>(`/facilities/${encodeURIComponent(id)}/in-balance`);

/** GET /facilities/{id}/in-balance: available, required line by line, shortfall. */
export const useInBalance = (id: string) =>
  useQuery({
    queryKey: facilityQueryKeys.inBalance(id),
    queryFn: () => getInBalance(id),
    retry: false,
    enabled: id !== '',
  });
