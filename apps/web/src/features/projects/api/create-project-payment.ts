import type { CreateProjectPaymentResponse } from '@plinth/domain/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Starts (or resumes: the server keys it by project) the $499 listing payment. The answer is a
 * payment to confirm on the client, or status payment_pending when it was already processed.
 */
export const createProjectPayment = (projectId: string) =>
  api<CreateProjectPaymentResponse>('/payments/create-project-payment', {
    method: 'POST',
    body: { project_id: projectId },
  });

export const useCreateProjectPayment = () => useMutation({ mutationFn: createProjectPayment });
