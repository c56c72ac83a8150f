import { action, blocks, type EmailContent, figures, paragraph, textOnly } from '../content';

// The developer's e-mails about a listing: published, not approved, its payment.

export const projectLive = (p: { title: string; url: string }): EmailContent => ({
  subject: `Your project "${p.title}" is live`,
  blocks: blocks(
    paragraph(
      `Your project "${p.title}" has been approved by the Plinth team and is now published on the marketplace, where funders can find it.`,
    ),
    action('View your listing', p.url),
  ),
});

export const projectRejected = (p: {
  title: string;
  reason: string;
  paymentState: string;
  nextSteps: string;
  url: string;
}): EmailContent => ({
  subject: `Your project "${p.title}" was not approved`,
  blocks: blocks(
    paragraph(`Your project "${p.title}" was reviewed by the Plinth team and was not approved.`),
    paragraph(`Reason: ${p.reason}`),
    paragraph(`Payment state: ${p.paymentState}\n${p.nextSteps}`),
    action('Open your project', p.url),
  ),
});

export const listingPaymentFailed = (p: { title: string; url: string }): EmailContent => ({
  subject: `Payment for "${p.title}" could not be confirmed`,
  blocks: blocks(
    paragraph(
      `The listing payment for your project "${p.title}" could not be confirmed, so the project has been returned to your drafts. You can publish it again from My Projects.`,
    ),
    action('Open your project', p.url),
  ),
});

/** The listing fee's receipt: the figures in a table. */
export const listingPaymentReceived = (p: {
  title: string;
  amount: string;
  reference: string;
}): EmailContent => ({
  subject: `Payment received: ${p.title}`,
  blocks: blocks(
    paragraph(`We have received your listing fee of ${p.amount} for "${p.title}".`),
    paragraph('Your project is now under admin review. We will e-mail you as soon as it is published.'),
    figures(
      'Payment receipt',
      [
        ['Project', p.title],
        ['Listing fee (AUD)', p.amount],
        ['Payment reference', p.reference],
      ],
      false,
    ),
    textOnly(`Payment reference: ${p.reference}`),
  ),
});
