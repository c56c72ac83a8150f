import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const completeDeal = (dealId: string) =>
  api<unknown>(`/deals/${encodeURIComponent(dealId)}/complete`, { method: 'PUT' });

/**
 * PUT /deals/{id}/complete: the developer completes the deal after an accepted proposal. What to
 * refresh is the caller's business: the project, the market and the portfolio all change.
 */
export const useCompleteDeal = (dealId: string) => useMutation({ mutationFn: () => completeDeal(dealId) });
