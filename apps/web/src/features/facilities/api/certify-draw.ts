import type { certifyBody, Draw } from '@plinth/domain/facilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { facilityQueryKeys } from './facility-query-keys';

export type CertifyDrawInput = z.input<typeof certifyBody>;

export const certifyDraw = (drawId: string, body: CertifyDrawInput) =>
  api<Draw>(`/draws/${encodeURIComponent(drawId)}/certify`, { method: 'POST', body });

/** POST /draws/{id}/certify: the quantity surveyor's certificate. Refreshes the whole facility. */
export function useCertifyDraw(drawId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CertifyDrawInput) => certifyDraw(drawId, body),
    onSuccess: (draw) => {
      client.setQueryData(facilityQueryKeys.draw(drawId), draw);
      return client.invalidateQueries({ queryKey: facilityQueryKeys.all });
    },
  });
}
