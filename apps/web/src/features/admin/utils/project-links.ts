/** The project page in admin-review mode (it offers 'Return to Admin Panel'). */
export const adminProjectUrl = (projectId: string) =>
  `/project/${encodeURIComponent(projectId)}?admin_review=true`;

/**
 * The card provider's dashboard page for a payment, for the admin to verify it there. Only real
 * PaymentIntent ids (`pi_…`) have one; the offline sandbox's ids (`pi_sandbox…`) do not.
 */
export function paymentDashboardUrl(paymentIntentId: string | null): string | null {
  if (!paymentIntentId?.startsWith('pi_') || paymentIntentId.startsWith('pi_sandbox')) return null;
  return `https://dashboard.stripe.com/test/payments/${encodeURIComponent(paymentIntentId)}`;
}
