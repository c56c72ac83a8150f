import { action, blocks, type EmailContent, paragraph } from '../content';

// Account e-mails: approval, a conversation closed by a leaving user, and Better Auth's two.

export const accountApproved = (p: { next: string; url: string }): EmailContent => ({
  subject: 'Your Plinth account has been approved',
  blocks: blocks(
    paragraph(`Your Plinth account has been approved by our team. ${p.next}`),
    action('Open Plinth', p.url),
  ),
});

export const conversationClosed = (p: { note: string }): EmailContent => ({
  subject: 'A conversation on Plinth has closed',
  blocks: blocks(paragraph(p.note)),
});

const signInReason = 'You receive this e-mail because this address was given for a Plinth account.';

export const verifyEmail = (p: { url: string }): EmailContent => ({
  subject: 'Confirm your e-mail for Plinth',
  blocks: blocks(
    paragraph('Please confirm your e-mail address for Plinth by opening this link:'),
    action('Confirm my e-mail', p.url),
  ),
  reason: `${signInReason} If you did not sign up, ignore it.`,
  preferences: false,
});

export const resetPassword = (p: { url: string }): EmailContent => ({
  subject: 'Reset your Plinth password',
  blocks: blocks(
    paragraph(
      'Someone asked to reset the password of your Plinth account. If it was you, open this link within the hour:',
    ),
    action('Reset my password', p.url),
    paragraph('If it was not, ignore this e-mail: your password stays as it is.'),
  ),
  reason: signInReason,
  preferences: false,
});
