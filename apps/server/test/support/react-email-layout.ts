// The React layout every e-mail was rendered with until decision 083, kept as the reference the
// string layout (src/emails/layout.ts) is held to byte for byte (test/email-layout-markup.test.ts).
import { emailGreeting } from '@plinth/domain/greeting';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type CSSProperties, createElement as h, type ReactNode } from 'react';
import {
  type EmailBlock,
  type EmailContent,
  type FigureRow,
  footerLines,
  type ListingRow,
  settingsUrl,
} from '../../src/emails/content';

// The shared layout of every Plinth e-mail (react-email: its components emit the role=presentation
// tables mail clients need). Colours are the web app's navy; every text colour is at least 7:1 on
// its background (#1c3d5a and #1a1a1a on white, white on #1c3d5a), the footer grey #4a4a4a 8.9:1.

const navy = '#1c3d5a';
const ink = '#1a1a1a';
const grey = '#4a4a4a';
const font = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

const styles = {
  body: { backgroundColor: '#eef3f8', fontFamily: font, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '600px', padding: '0 0 8px' },
  header: { backgroundColor: navy, borderRadius: '8px 8px 0 0', padding: '16px 32px' },
  wordmark: { color: '#ffffff', fontSize: '22px', fontWeight: 700, letterSpacing: '0.5px', margin: 0 },
  main: { padding: '8px 32px' },
  text: { color: ink, fontSize: '16px', lineHeight: '24px', margin: '16px 0', whiteSpace: 'pre-line' },
  quote: {
    borderLeft: `4px solid ${navy}`,
    color: ink,
    fontSize: '16px',
    lineHeight: '24px',
    margin: '16px 0',
    padding: '4px 0 4px 16px',
    whiteSpace: 'pre-line',
  },
  button: {
    backgroundColor: navy,
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 24px',
    textDecoration: 'none',
  },
  fallback: {
    color: grey,
    fontSize: '13px',
    lineHeight: '20px',
    margin: '8px 0 16px',
    wordBreak: 'break-all',
  },
  table: { borderCollapse: 'collapse', margin: '16px 0', width: '100%' },
  caption: { color: navy, fontSize: '14px', fontWeight: 700, padding: '0 0 8px', textAlign: 'left' },
  th: {
    borderBottom: '1px solid #dbe4ee',
    color: grey,
    fontSize: '14px',
    fontWeight: 600,
    padding: '8px 12px 8px 0',
    textAlign: 'left',
    verticalAlign: 'top',
  },
  td: {
    borderBottom: '1px solid #dbe4ee',
    color: ink,
    fontSize: '15px',
    padding: '8px 0',
    verticalAlign: 'top',
  },
  hr: { borderColor: '#dbe4ee', margin: '16px 32px' },
  footer: { color: grey, fontSize: '13px', lineHeight: '20px', margin: '4px 32px' },
  footerLink: { color: navy, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

/** A data table (not layout): a caption, and each figure a row headed by its label. */
function figuresTable(caption: string, rows: readonly FigureRow[]): ReactNode {
  return h(
    'table',
    { style: styles.table, cellPadding: 0, cellSpacing: 0 },
    h('caption', { style: styles.caption }, caption),
    h(
      'tbody',
      null,
      rows.map(([label, value]) =>
        h(
          'tr',
          { key: label },
          h('th', { scope: 'row', style: styles.th }, label),
          h('td', { style: styles.td }, value),
        ),
      ),
    ),
  );
}

/** The digest's table: a column each for type, suburb, loan and why, a row per listing. */
function listingsTable(rows: readonly ListingRow[]): ReactNode {
  const head = ['Property type', 'Suburb', 'Loan', 'Why it matched'];
  return h(
    'table',
    { style: styles.table, cellPadding: 0, cellSpacing: 0 },
    h('caption', { style: styles.caption }, 'New listings that match your criteria'),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        head.map((label) => h('th', { key: label, scope: 'col', style: styles.th }, label)),
      ),
    ),
    h(
      'tbody',
      null,
      rows.map((row) =>
        h(
          'tr',
          { key: row.url },
          h(
            'td',
            { style: styles.td },
            h(Link, { href: row.url, style: styles.footerLink }, row.propertyType),
          ),
          h('td', { style: styles.td }, row.suburb),
          h('td', { style: styles.td }, row.loan),
          h('td', { style: styles.td }, row.why),
        ),
      ),
    ),
  );
}

function block(item: EmailBlock, key: number): ReactNode {
  switch (item.kind) {
    case 'paragraph':
      return h(Text, { key, style: styles.text }, item.text);
    case 'quote':
      return h(
        Section,
        { key },
        item.lead ? h(Text, { style: styles.text }, item.lead) : null,
        h(Text, { style: styles.quote }, item.text),
      );
    case 'action':
      return h(
        Section,
        { key },
        item.lead ? h(Text, { style: styles.text }, item.lead) : null,
        h(Button, { href: item.url, style: styles.button }, item.label),
        h(
          Text,
          { style: styles.fallback },
          'Or open this link: ',
          h(Link, { href: item.url, style: styles.footerLink }, item.url),
        ),
      );
    case 'figures':
      return h(Section, { key }, figuresTable(item.caption, item.rows));
    case 'textOnly':
      return null;
    case 'listings':
      return h(Section, { key }, listingsTable(item.rows));
  }
}

/** The first sentence, for the inbox preview line. */
const previewOf = (content: EmailContent) =>
  content.blocks
    .find((b) => b.kind === 'paragraph')
    ?.text.split('\n')[0]
    ?.slice(0, 140) ?? content.subject;

/** The footer's preferences line: a link to /settings when the e-mail knows the app's address. */
function preferencesLine(content: EmailContent, words: string | undefined): ReactNode {
  if (words === undefined) return null;
  const href = settingsUrl(content);
  return h(
    Text,
    { style: styles.footer },
    href ? h(Link, { href, style: styles.footerLink }, 'Manage your e-mail preferences') : words,
  );
}

function EmailLayout({ content, greeting }: { content: EmailContent; greeting: string }) {
  const [reason, ...rest] = footerLines(content);
  return h(
    Html,
    { lang: 'en-AU', dir: 'ltr' },
    h(Head, null, h('title', null, content.subject)),
    h(Preview, null, previewOf(content)),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Section, { style: styles.header }, h(Text, { style: styles.wordmark }, 'Plinth')),
        h(
          Section,
          { style: styles.main },
          h(
            Heading,
            { as: 'h1', style: { ...styles.text, fontSize: '20px', fontWeight: 700 } },
            content.subject,
          ),
          h(Text, { style: styles.text }, greeting),
          content.blocks.map(block),
        ),
        h(Hr, { style: styles.hr }),
        h(Text, { style: styles.footer }, reason),
        preferencesLine(content, rest[0]),
        content.unsubscribeUrl
          ? h(
              Text,
              { style: styles.footer },
              h(
                Link,
                { href: content.unsubscribeUrl, style: styles.footerLink },
                'Unsubscribe from these e-mails',
              ),
            )
          : null,
        h(Text, { style: styles.footer }, 'Plinth · Australian development finance'),
      ),
    ),
  );
}

/** The HTML part of an e-mail, greeting its reader by name: the reference the server's string layout (src/emails/layout.ts) is held to. */
export function renderEmailHtml(
  content: EmailContent,
  recipientName: string | null | undefined,
): Promise<string> {
  return render(h(EmailLayout, { content, greeting: emailGreeting(recipientName) }));
}
