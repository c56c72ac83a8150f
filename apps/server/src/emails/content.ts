import { emailGreeting } from '@plinth/domain/greeting';

/**
 * One e-mail as content, before it is rendered: the subject and the body as blocks. Both parts of
 * the e-mail come from it — the plain text (`emailText`) and the HTML (`renderEmailHtml`) — so they
 * always say the same thing. A template is a function that builds one of these.
 */
export interface EmailContent {
  subject: string;
  /** The body, in order, after the greeting. */
  blocks: EmailBlock[];
  /** Why the reader gets it (footer). Defaults to their notification preferences. */
  reason?: string;
  /** Whether the footer offers the e-mail preferences (not for sign-in e-mails). */
  preferences?: boolean;
  /**
   * A signed one-click link that stops this kind of e-mail without signing in (listing alerts):
   * in the footer, and in the List-Unsubscribe headers (RFC 8058) by `unsubscribeHeaders`.
   */
  unsubscribeUrl?: string;
}

/** A figure in a table: a label and its value, already formatted (AUD whole dollars, en-AU dates). */
export type FigureRow = readonly [label: string, value: string];

/** One listing of the digest (issue 22 item 2). */
export interface ListingRow {
  propertyType: string;
  suburb: string;
  loan: string;
  why: string;
  url: string;
}

export type EmailBlock =
  /** A paragraph; single line breaks inside it are kept. */
  | { kind: 'paragraph'; text: string }
  /** Words someone wrote (a message, a reason, conditions), set apart from ours. */
  | { kind: 'quote'; text: string; lead?: string }
  /** The e-mail's main link, a button in HTML; in text the lead line (if any) then the URL. */
  | { kind: 'action'; label: string; url: string; lead?: string; inline?: boolean }
  /** Several figures as a table. In text as 'Label: value' lines unless the words already say them. */
  | { kind: 'figures'; caption: string; rows: FigureRow[]; inText: boolean }
  /** A line only the plain text needs (the HTML says it in the figures table). */
  | { kind: 'textOnly'; text: string }
  /** The digest's listings: one row each with type, suburb, loan and why it matched. */
  | { kind: 'listings'; rows: ListingRow[] };

export const paragraph = (text: string): EmailBlock => ({ kind: 'paragraph', text });
export const quote = (text: string, lead?: string): EmailBlock =>
  lead === undefined ? { kind: 'quote', text } : { kind: 'quote', text, lead };
/** The main link; in text `lead` then the URL on the next line, or after a space with `inline`. */
export const action = (label: string, url: string, lead?: string, inline = false): EmailBlock =>
  lead === undefined ? { kind: 'action', label, url } : { kind: 'action', label, url, lead, inline };
export const figures = (caption: string, rows: FigureRow[], inText = true): EmailBlock => ({
  kind: 'figures',
  caption,
  rows,
  inText,
});
export const textOnly = (text: string): EmailBlock => ({ kind: 'textOnly', text });

/** The blocks that are given: templates leave optional parts out with `false` or `null`. */
export const blocks = (...items: (EmailBlock | false | null | undefined)[]): EmailBlock[] =>
  items.filter((item): item is EmailBlock => Boolean(item));

/**
 * The e-mail preferences page, on the app the e-mail's main link points to (every link is made from
 * config.BASE_URL); null when the e-mail has no link (payment receipts).
 */
export function settingsUrl(content: EmailContent): string | null {
  const main = content.blocks.find((b) => b.kind === 'action');
  return main?.kind === 'action' ? new URL('/settings', main.url).toString() : null;
}

export const defaultReason =
  'You receive this e-mail because of your Plinth account and its notification settings.';

/** The footer's words, shared by both parts. */
export function footerLines(content: EmailContent): string[] {
  const reason = content.reason ?? defaultReason;
  if (content.preferences === false) return [reason];
  const settings = settingsUrl(content);
  return [
    reason,
    settings
      ? `Manage your e-mail preferences: ${settings}`
      : 'Manage your e-mail preferences under Settings in Plinth.',
    ...(content.unsubscribeUrl ? [`Unsubscribe from these e-mails: ${content.unsubscribeUrl}`] : []),
  ];
}

/** RFC 2369 and RFC 8058 headers: mail clients offer one-click unsubscribe by a POST to the link. */
export const unsubscribeHeaders = (content: EmailContent): Record<string, string> | undefined =>
  content.unsubscribeUrl
    ? {
        'List-Unsubscribe': `<${content.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;

function blockText(block: EmailBlock): string | null {
  switch (block.kind) {
    case 'paragraph':
    case 'textOnly':
      return block.text;
    case 'quote':
      return block.lead ? `${block.lead}\n${block.text}` : block.text;
    case 'action':
      return block.lead ? `${block.lead}${block.inline ? ' ' : '\n'}${block.url}` : block.url;
    case 'figures':
      return block.inText ? block.rows.map(([label, value]) => `${label}: ${value}`).join('\n') : null;
    case 'listings':
      return block.rows
        .map(
          (row) => `${row.propertyType}, ${row.suburb}, ${row.loan}\nWhy it matched: ${row.why}\n${row.url}`,
        )
        .join('\n\n');
  }
}

/** The body without greeting or footer: what the e-mail says (the figures in text where they count). */
export const emailBodyText = (content: EmailContent) =>
  `${content.blocks
    .map(blockText)
    .filter((text): text is string => text !== null)
    .join('\n\n')}\n`;

/** The plain-text part: greeting, body, and the footer after a separator line. */
export const emailText = (content: EmailContent, recipientName: string | null | undefined) =>
  `${emailGreeting(recipientName)}\n\n${emailBodyText(content)}\n--\n${footerLines(content).join('\n')}\n`;
