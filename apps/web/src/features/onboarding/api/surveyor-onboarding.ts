import type { surveyorOnboardingBody, surveyorOnboardingResponse } from '@plinth/domain/facilities';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type SurveyorOnboardingBody = z.input<typeof surveyorOnboardingBody>;
export type SurveyorOnboardingResult = z.infer<typeof surveyorOnboardingResponse>;

export const surveyorOnboarding = (body: SurveyorOnboardingBody) =>
  api<SurveyorOnboardingResult>('/surveyor/onboarding', { method: 'POST', body });

/**
 * POST /surveyor/onboarding: an invited quantity surveyor takes the role with a short profile and
 * joins every facility that invited their address (decision 055). The caller leaves for the
 * facilities with a fresh page load (decision 063), so `Me` is not patched here.
 */
export const useSurveyorOnboarding = () => useMutation({ mutationFn: surveyorOnboarding });
