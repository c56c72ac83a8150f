import { describe, expect, it } from 'vitest';
import { type EmailContent, emailText } from '../src/emails/content';
import { renderEmail } from '../src/emails/render';
import * as access from '../src/emails/templates/access';
import * as account from '../src/emails/templates/account';
import * as deals from '../src/emails/templates/deals';
import * as documents from '../src/emails/templates/documents';
import { listingDigest } from '../src/emails/templates/listing-digest';
import * as messages from '../src/emails/templates/messages';
import * as projects from '../src/emails/templates/projects';
import * as proposals from '../src/emails/templates/proposals';
import * as subscriptions from '../src/emails/templates/subscriptions';
import { axeViolations } from './support/email-a11y';

// Every e-mail template (issue 22 item 6): one content, two parts. The HTML greets the reader, has
// lang="en-AU", the main link as a button, the figures as a table where there are several, and
// passes axe's WCAG A/AA rules; the text part reads on its own and ends with the same footer.

const app = 'http://localhost:3000';
const room = `${app}/project/p1/deal/d1`;
const quote = {
  loan_amount: 4_500_000,
  interest_rate: 9.5,
  loan_term: 18,
  establishment_fee: 45_000,
  valid_until: '2026-12-13',
};

interface Case {
  content: EmailContent;
  /** The figures the HTML table must show, when the e-mail states several. */
  figures?: string[];
}

const cases: Record<string, Case> = {
  projectLive: { content: projects.projectLive({ title: 'Harbour Views', url: `${app}/project/p1` }) },
  projectRejected: {
    content: projects.projectRejected({
      title: 'Harbour Views',
      reason: 'The sales comparables are missing.',
      paymentState: 'Listing fee received (project status: Rejected)',
      nextSteps: 'Edit the project and resubmit it.',
      url: `${app}/project/p1`,
    }),
  },
  listingPaymentFailed: {
    content: projects.listingPaymentFailed({ title: 'Harbour Views', url: `${app}/project/p1` }),
  },
  listingPaymentReceived: {
    content: projects.listingPaymentReceived({ title: 'Harbour Views', amount: '$499', reference: 'pi_123' }),
    figures: ['Listing fee (AUD)', '$499', 'Payment reference', 'pi_123'],
  },
  accountApproved: {
    content: account.accountApproved({ next: 'Publish your first project.', url: `${app}/dashboard` }),
  },
  conversationClosed: { content: account.conversationClosed({ note: 'The funder closed their account.' }) },
  verifyEmail: { content: account.verifyEmail({ url: `${app}/api/auth/verify-email?token=t` }) },
  resetPassword: { content: account.resetPassword({ url: `${app}/reset-password?token=t` }) },
  dealEngagement: {
    content: deals.dealEngagement({ funderName: 'Fiona (Test Capital)', title: 'Harbour Views', url: room }),
  },
  dealNote: {
    content: deals.dealNote({
      sender: 'Fiona',
      title: 'Harbour Views',
      message: 'The QS report?',
      url: room,
    }),
  },
  dealCompleted: {
    content: deals.dealCompleted({
      title: 'Harbour Views',
      by: 'Jane (Dev Co)',
      on: new Date('2026-11-29T03:00:00Z'),
      timeZone: 'Australia/Sydney',
      why: '',
      url: room,
    }),
    figures: ['Completed by', 'Jane (Dev Co)', 'Completed on', '29 Nov 2026', 'Funded'],
  },
  dealCompletedByTeam: {
    content: deals.dealCompletedByTeam({
      title: 'Harbour Views',
      // 7 pm on the 28th for a developer in Los Angeles: their day, not Sydney's (decision 074).
      on: new Date('2026-11-29T03:00:00Z'),
      timeZone: 'America/Los_Angeles',
      why: ' Reason: settled offline',
      url: room,
    }),
    figures: ['the Plinth team', '28 Nov 2026'],
  },
  accessRequested: {
    content: access.accessRequested({
      funderName: 'Fiona',
      title: 'Harbour Views',
      introduction: 'Hi!',
      url: `${app}/access-requests`,
    }),
  },
  accessGranted: {
    content: access.accessGranted({
      approver: 'Jane',
      title: 'Harbour Views',
      lastDay: '13 Dec 2026',
      url: `${app}/project/p1`,
    }),
  },
  accessDeclined: {
    content: access.accessDeclined({
      projectName: 'a Residential project in Parramatta',
      url: `${app}/projects`,
    }),
  },
  accessRevoked: {
    content: access.accessRevoked({
      title: 'Harbour Views',
      ended: 'Your access ended',
      reason: 'Sale fell through',
      url: `${app}/messages`,
    }),
  },
  accessRevokedForDeveloper: {
    content: access.accessRevokedForDeveloper({
      title: 'Harbour Views',
      reason: 'Breach',
      url: `${app}/access-requests`,
    }),
  },
  accessExpiring: {
    content: access.accessExpiring({
      title: 'Harbour Views',
      lastDay: '13 Dec 2026',
      url: `${app}/project/p1`,
    }),
  },
  quoteReceived: {
    content: proposals.quoteReceived({
      funderName: 'Fiona',
      title: 'Harbour Views',
      summary: '$4,500,000 at 9.5% over 18 months, valid until 13 Dec 2026',
      fee: ', establishment fee $45,000',
      quote,
      otherFees: 'Line fee 1%',
      conditions: 'Valuation to be ordered',
      url: room,
    }),
    figures: [
      'Loan amount',
      '$4,500,000',
      'Interest rate',
      '9.5',
      'Term',
      '18 months',
      'Establishment fee',
      '$45,000',
      '13 Dec 2026',
    ],
  },
  quoteCountered: {
    content: proposals.quoteCountered({
      developer: 'Jane',
      title: 'Harbour Views',
      summary: '$4,500,000',
      comment: 'Rate: 9%',
      url: room,
    }),
  },
  quoteAccepted: {
    content: proposals.quoteAccepted({
      developer: 'Jane',
      title: 'Harbour Views',
      summary: '$4,500,000',
      quote,
      url: room,
    }),
    figures: ['Loan amount', '$4,500,000', 'Term', '18 months'],
  },
  quoteDeclined: {
    content: proposals.quoteDeclined({
      developer: 'Jane',
      title: 'Harbour Views',
      summary: '$4,500,000',
      reason: 'Too dear',
      url: room,
    }),
  },
  subscriptionPaymentReceived: {
    content: subscriptions.subscriptionPaymentReceived({
      plan: 'Funder Pro',
      amount: '$299',
      reference: 'sub_1',
    }),
    figures: ['Plan', 'Funder Pro', 'Amount paid (AUD)', '$299', 'sub_1'],
  },
  subscriptionApproved: {
    content: subscriptions.subscriptionApproved({
      plan: 'Funder Pro',
      until: ' until 29 Dec 2026',
      url: `${app}/projects`,
    }),
  },
  subscriptionDenied: {
    content: subscriptions.subscriptionDenied({
      plan: 'Funder Pro',
      reason: 'No ABN',
      url: `${app}/dashboard`,
    }),
  },
  subscriptionFailed: {
    content: subscriptions.subscriptionFailed({ plan: 'Funder Pro', url: `${app}/dashboard` }),
  },
  documentRequested: {
    content: documents.documentRequested({
      requester: 'Fiona',
      documentName: 'QS report',
      title: 'Harbour Views',
      description: 'The latest one',
      url: room,
    }),
  },
  documentRequestFulfilled: {
    content: documents.documentRequestFulfilled({
      uploader: 'Jane',
      names: 'qs.pdf',
      documentName: 'QS report',
      title: 'Harbour Views',
      url: room,
    }),
  },
  newMessage: {
    content: messages.newMessage({
      sender: 'Fiona',
      about: ' about "Harbour Views"',
      text: 'Hello there',
      url: `${app}/messages`,
    }),
  },
  teamMessage: { content: messages.teamMessage({ text: 'Welcome aboard', url: `${app}/messages` }) },
  listingDigest: {
    content: listingDigest({
      date: '30 Nov 2026',
      marketplaceUrl: `${app}/projects`,
      rows: [
        {
          propertyType: 'Residential',
          suburb: 'Parramatta NSW',
          loan: '$4,500,000',
          why: 'Residential in NSW, $1m–$5m',
          url: `${app}/project/p1/preview`,
        },
        {
          propertyType: 'Mixed use',
          suburb: 'Fortitude Valley QLD',
          loan: '$12,000,000',
          why: 'Mixed use in QLD',
          url: `${app}/project/p2/preview`,
        },
      ],
    }),
    figures: [
      'Property type',
      'Suburb',
      'Loan',
      'Why it matched',
      'Parramatta NSW',
      '$4,500,000',
      'Fortitude Valley QLD',
      '$12,000,000',
    ],
  },
};

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

describe('every e-mail template renders both parts from one content', () => {
  it.each(Object.entries(cases))(
    '%s: greeting, lang, button, figures, text part, axe',
    async (_name, { content, figures }) => {
      const mail = await renderEmail(content, 'Jane Developer');
      const html = decode(mail.html!);
      expect(mail.subject).toBe(content.subject);
      expect(mail.text).toBe(emailText(content, 'Jane Developer'));
      expect(mail.text.startsWith('Hello Jane Developer,\n\n')).toBe(true);
      expect(html).toContain('Hello Jane Developer,');
      expect(html).toMatch(/<html[^>]* lang="en-AU"/);
      expect(html).toContain(`<title>${content.subject}</title>`);
      expect(html).toContain('<h1');
      expect(html).toContain('role="presentation"');
      // Every <img> (none today) would need its alt text.
      expect(html).not.toMatch(/<img(?![^>]*\balt=)/);
      const main = content.blocks.find((b) => b.kind === 'action');
      if (main?.kind === 'action') {
        expect(html).toContain(`href="${main.url}"`);
        expect(html).toContain(`>${main.label}<`);
        expect(mail.text).toContain(main.url);
        if (content.preferences !== false) expect(html).toContain(`href="${app}/settings"`);
        else expect(html).not.toContain('/settings');
      }
      if (figures) {
        expect(html).toMatch(/<table[^>]*>\s*<caption/);
        for (const figure of figures) expect(html).toContain(figure);
      } else {
        expect(html).not.toContain('<caption');
      }
      expect(await axeViolations(mail.html!)).toEqual([]);
    },
  );

  it('a reader without a name is greeted "Hello," in both parts', async () => {
    const mail = await renderEmail(cases.projectLive!.content, ' ');
    expect(mail.text.startsWith('Hello,\n\n')).toBe(true);
    expect(mail.html).toContain('Hello,</p>');
  });

  it('what people write is escaped in the HTML part, kept as written in the text', async () => {
    const content = deals.dealNote({
      sender: 'Fiona',
      title: 'T',
      message: '<script>alert(1)</script> & "x"',
      url: room,
    });
    const mail = await renderEmail(content, 'Jane');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>alert(1)</script> & "x"');
  });
});

const footer = (settings: boolean) =>
  '\n--\nYou receive this e-mail because of your Plinth account and its notification settings.\n' +
  (settings
    ? `Manage your e-mail preferences: ${app}/settings\n`
    : 'Manage your e-mail preferences under Settings in Plinth.\n');

describe('the text parts say what the e-mails always said', () => {
  it('an indicative quote: the sentence, other fees, conditions, the link with its lead line', () => {
    expect(emailText(cases.quoteReceived!.content, 'Jane')).toBe(
      'Hello Jane,\n\nFiona sent you an indicative quote for "Harbour Views": $4,500,000 at 9.5% over 18 months, ' +
        'valid until 13 Dec 2026, establishment fee $45,000.\n\nOther fees: Line fee 1%\n\nConditions:\nValuation to be ordered\n\n' +
        `Accept, decline or counter it in the deal room:\n${room}\n${footer(true)}`,
    );
  });

  it('a payment receipt: the table is in the HTML, the text keeps its reference line', () => {
    expect(emailText(cases.listingPaymentReceived!.content, 'Jane')).toBe(
      'Hello Jane,\n\nWe have received your listing fee of $499 for "Harbour Views".\n\n' +
        'Your project is now under admin review. We will e-mail you as soon as it is published.\n\n' +
        `Payment reference: pi_123\n${footer(false)}`,
    );
  });

  it('a deal completed and a quote declined', () => {
    expect(emailText(cases.dealCompleted!.content, 'Fiona')).toBe(
      'Hello Fiona,\n\nThe deal on "Harbour Views" was completed by Jane (Dev Co). The project is marked funded and has left ' +
        `the marketplace; it is in the Funded group of your portfolio.\n\n${room}\n${footer(true)}`,
    );
    expect(emailText(cases.quoteDeclined!.content, 'Fiona')).toBe(
      'Hello Fiona,\n\nJane declined your indicative quote for "Harbour Views" ($4,500,000).\n\nTheir reason:\nToo dear\n\n' +
        `You may send a new quote in the deal room:\n${room}\n${footer(true)}`,
    );
  });

  it("a message keeps 'Reply on Plinth: <link>' on one line", () => {
    expect(emailText(cases.newMessage!.content, 'Jane')).toBe(
      `Hello Jane,\n\nFiona sent you a message about "Harbour Views":\n\nHello there\n\nReply on Plinth: ${app}/messages\n${footer(true)}`,
    );
  });

  it('the sign-in e-mails say why they came and offer no preferences', () => {
    expect(emailText(cases.verifyEmail!.content, 'Vera')).toBe(
      `Hello Vera,\n\nPlease confirm your e-mail address for Plinth by opening this link:\n\n${app}/api/auth/verify-email?token=t\n\n--\n` +
        'You receive this e-mail because this address was given for a Plinth account. If you did not sign up, ignore it.\n',
    );
    expect(emailText(cases.resetPassword!.content, 'Vera')).toContain(
      `within the hour:\n\n${app}/reset-password?token=t\n\nIf it was not, ignore this e-mail: your password stays as it is.\n`,
    );
  });

  it('the digest: a paragraph per listing with type, suburb, loan, why it matched and its link', () => {
    const { content } = cases.listingDigest!;
    expect(content.subject).toBe('2 new listings match your lending criteria');
    expect(emailText(content, 'Fiona')).toBe(
      'Hello Fiona,\n\n2 new listings match your lending criteria on Plinth (30 Nov 2026).\n\n' +
        `Residential, Parramatta NSW, $4,500,000\nWhy it matched: Residential in NSW, $1m–$5m\n${app}/project/p1/preview\n\n` +
        `Mixed use, Fortitude Valley QLD, $12,000,000\nWhy it matched: Mixed use in QLD\n${app}/project/p2/preview\n\n` +
        `${app}/projects\n\n--\nYou receive this digest because you keep lending criteria on Plinth and chose a daily e-mail ` +
        `of the listings that match them.\nManage your e-mail preferences: ${app}/settings\n`,
    );
    expect(
      listingDigest({
        date: '1 Dec 2026',
        marketplaceUrl: `${app}/projects`,
        rows: content.blocks.flatMap((b) => (b.kind === 'listings' ? b.rows.slice(0, 1) : [])),
      }).subject,
    ).toBe('1 new listing matches your lending criteria');
  });
});
