import { z } from 'zod';

/** Publishing payments (spec 000 section 2 Publish modal; DESIGN.md section 4). */

export const paymentMessages = {
  alreadyProcessed: 'Payment already processed. Your project is under admin review.',
  documentsIncomplete: 'Upload all required documents first',
  failedTitle: 'Payment Failed',
  genericFailure: 'An error occurred during payment',
  declined: 'Your card was declined.',
} as const;

/** The sandbox's test cards, as in Stripe test mode. */
export const sandboxCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002500003155',
} as const;

export const createProjectPaymentBody = z.strictObject({
  project_id: z.uuid({ error: 'Project not found' }),
});

/**
 * Either a payment to confirm on the client (Stripe Elements with the publishable key, or the
 * sandbox card form), or — when the project is already under review — status payment_pending.
 */
export const createProjectPaymentResponse = z.union([
  z.object({
    status: z.literal('requires_confirmation'),
    provider: z.enum(['sandbox', 'stripe']),
    payment_intent_id: z.string(),
    client_secret: z.string(),
    amount_cents: z.number(),
    currency: z.literal('AUD'),
    publishable_key: z.string().nullable(),
  }),
  z.object({ status: z.literal('payment_pending'), message: z.string() }),
]);
export type CreateProjectPaymentResponse = z.infer<typeof createProjectPaymentResponse>;

/** Sandbox confirmation: the card form posts the card number (never stored) or a test PaymentMethod id. */
export const sandboxConfirmBody = z.strictObject({
  payment_intent_id: z.string().min(1).max(100),
  client_secret: z.string().min(1).max(200),
  card_number: z.string().max(30).optional(),
  payment_method: z.string().max(60).optional(),
});

/** Completes the extra step of a card that requires authentication (the sandbox's "3-D Secure" page). */
export const sandboxAuthenticateBody = z.strictObject({
  payment_intent_id: z.string().min(1).max(100),
  client_secret: z.string().min(1).max(200),
  approve: z.boolean(),
});

export const paymentConfirmationResponse = z.object({
  status: z.enum(['succeeded', 'requires_action', 'failed']),
  message: z.string().nullable(),
});
