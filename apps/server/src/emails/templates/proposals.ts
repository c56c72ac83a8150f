import { formatAud, formatDate, formatRate } from '@plinth/domain/format';
import { action, blocks, type EmailContent, type FigureRow, figures, paragraph, quote } from '../content';

// Indicative quotes: received, countered, accepted, declined.

export interface QuoteFigures {
  loan_amount: number;
  interest_rate: number;
  loan_term: number;
  establishment_fee: number;
  valid_until: string | null;
}

/** The quote's figures as table rows (AUD whole dollars, en-AU dates). */
export function quoteRows(q: QuoteFigures): FigureRow[] {
  const rows: FigureRow[] = [
    ['Loan amount', formatAud(q.loan_amount)],
    ['Interest rate', formatRate(q.interest_rate)],
    ['Term', `${q.loan_term} months`],
    ['Establishment fee', formatAud(q.establishment_fee)],
  ];
  if (q.valid_until) rows.push(['Valid until', formatDate(q.valid_until)]);
  return rows;
}

export const quoteReceived = (p: {
  funderName: string;
  title: string;
  summary: string;
  fee: string;
  quote: QuoteFigures;
  otherFees: string | null | undefined;
  conditions: string | null | undefined;
  url: string;
}): EmailContent => ({
  subject: `New indicative quote for "${p.title}"`,
  blocks: blocks(
    paragraph(`${p.funderName} sent you an indicative quote for "${p.title}": ${p.summary}${p.fee}.`),
    figures('The quote', quoteRows(p.quote), false),
    Boolean(p.otherFees) && paragraph(`Other fees: ${p.otherFees}`),
    Boolean(p.conditions) && quote(p.conditions!, 'Conditions:'),
    action('Open the deal room', p.url, 'Accept, decline or counter it in the deal room:'),
  ),
});

export const quoteCountered = (p: {
  developer: string;
  title: string;
  summary: string;
  comment: string;
  url: string;
}) =>
  ({
    subject: `Counter offer on your quote for "${p.title}"`,
    blocks: blocks(
      paragraph(`${p.developer} answered your quote (${p.summary}) with a counter offer:`),
      quote(p.comment),
      action('Reply in the deal room', p.url, 'Your quote stays open. Reply in the deal room:'),
    ),
  }) satisfies EmailContent;

export const quoteAccepted = (p: {
  developer: string;
  title: string;
  summary: string;
  quote: QuoteFigures;
  url: string;
}): EmailContent => ({
  subject: `Quote accepted: "${p.title}"`,
  blocks: blocks(
    paragraph(
      `${p.developer} accepted your indicative quote for "${p.title}" (${p.summary}). The deal moves to term sheet.`,
    ),
    figures('The accepted quote', quoteRows(p.quote), false),
    action('Open the deal room', p.url),
  ),
});

export const quoteDeclined = (p: {
  developer: string;
  title: string;
  summary: string;
  reason: string | null;
  url: string;
}): EmailContent => ({
  subject: `Quote declined: "${p.title}"`,
  blocks: blocks(
    paragraph(`${p.developer} declined your indicative quote for "${p.title}" (${p.summary}).`),
    quote(p.reason ?? '', 'Their reason:'),
    action('Open the deal room', p.url, 'You may send a new quote in the deal room:'),
  ),
});
