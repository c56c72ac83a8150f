import { action, blocks, type EmailContent, figures, paragraph, textOnly } from '../content';

// A funder's subscription: paid, approved, not approved, payment failed.

/** The first payment's receipt: the figures in a table. */
export const subscriptionPaymentReceived = (p: {
  plan: string;
  amount: string;
  reference: string;
}): EmailContent => ({
  subject: 'Payment received: your Plinth subscription',
  blocks: blocks(
    paragraph(
      `We have received your ${p.plan} subscription payment of ${p.amount}.\n` +
        'Our team reviews every new funder subscription; we will e-mail you as soon as it is approved.',
    ),
    figures(
      'Payment receipt',
      [
        ['Plan', p.plan],
        ['Amount paid (AUD)', p.amount],
        ['Payment reference', p.reference],
      ],
      false,
    ),
    textOnly(`Payment reference: ${p.reference}`),
  ),
});

export const subscriptionApproved = (p: { plan: string; until: string; url: string }): EmailContent => ({
  subject: 'Your Plinth subscription is active',
  blocks: blocks(
    paragraph(
      `Your ${p.plan} subscription has been approved by the Plinth team. You now have full access to the marketplace${p.until}; it renews monthly until you cancel.`,
    ),
    action('Browse the marketplace', p.url),
  ),
});

export const subscriptionDenied = (p: { plan: string; reason: string; url: string }): EmailContent => ({
  subject: 'Your Plinth subscription was not approved',
  blocks: blocks(
    paragraph(`Your ${p.plan} subscription was reviewed by the Plinth team and was not approved.`),
    paragraph(`Reason: ${p.reason}`),
    paragraph(
      'If you have questions, reply through Messages in Plinth. You can subscribe again from your dashboard.',
    ),
    action('Open your dashboard', p.url),
  ),
});

export const subscriptionFailed = (p: { plan: string; url: string }): EmailContent => ({
  subject: 'Your Plinth subscription payment could not be confirmed',
  blocks: blocks(
    paragraph(
      `The payment for your ${p.plan} subscription could not be confirmed, so the subscription is not active. You can subscribe again from your dashboard with another card.`,
    ),
    action('Open your dashboard', p.url),
  ),
});
