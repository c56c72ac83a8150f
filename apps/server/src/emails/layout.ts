import { emailGreeting } from '@plinth/domain/greeting';
import {
  type EmailBlock,
  type EmailContent,
  type FigureRow,
  footerLines,
  type ListingRow,
  settingsUrl,
} from './content';

// The shared layout of every Plinth e-mail: the markup react-email's components emit (the
// role=presentation tables mail clients need, the button's Outlook spacers, the hidden preview
// line), written out as strings. It was rendered with React and react-email until decision 083:
// that cost about 1.3 ms of CPU per e-mail on the request's thread, and a listing alert renders one
// per matching funder. test/email-layout-markup.test.ts holds this output to the React layout's
// (test/support/react-email-layout.ts), byte for byte, for every kind of block.
// Colours are the web app's navy; every text colour is at least 7:1 on its background (#1c3d5a
// and #1a1a1a on white, white on #1c3d5a), the footer grey #4a4a4a 8.9:1.

/** React's escaping of text and attribute values. */
const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c]!);

// Each element's opening tag as react-email writes it for the styles of the layout.
const presentation =
  'align="center" width="100%" border="0" cellPadding="0" cellSpacing="0" role="presentation"';
const section = (inner: string) => `<table ${presentation}><tbody><tr><td>${inner}</td></tr></tbody></table>`;
const textP =
  '<p style="font-size:16px;line-height:24px;color:#1a1a1a;margin:16px 0;white-space:pre-line;margin-top:16px;margin-right:0;margin-bottom:16px;margin-left:0">';
const quoteP =
  '<p style="font-size:16px;line-height:24px;border-left:4px solid #1c3d5a;color:#1a1a1a;margin:16px 0;padding:4px 0 4px 16px;white-space:pre-line;margin-top:16px;margin-right:0;margin-bottom:16px;margin-left:0">';
const fallbackP =
  '<p style="font-size:13px;line-height:20px;color:#4a4a4a;margin:8px 0 16px;word-break:break-all;margin-top:8px;margin-right:0;margin-bottom:16px;margin-left:0">';
const footerP =
  '<p style="font-size:13px;line-height:20px;color:#4a4a4a;margin:4px 32px;margin-top:4px;margin-right:32px;margin-bottom:4px;margin-left:32px">';
const linkStyle = 'style="color:#1c3d5a;text-decoration-line:none;text-decoration:underline" target="_blank"';
const th = (scope: 'row' | 'col') =>
  `<th scope="${scope}" style="border-bottom:1px solid #dbe4ee;color:#4a4a4a;font-size:14px;font-weight:600;padding:8px 12px 8px 0;text-align:left;vertical-align:top">`;
const td =
  '<td style="border-bottom:1px solid #dbe4ee;color:#1a1a1a;font-size:15px;padding:8px 0;vertical-align:top">';
const dataTable =
  '<table style="border-collapse:collapse;margin:16px 0;width:100%" cellPadding="0" cellSpacing="0"><caption style="color:#1c3d5a;font-size:14px;font-weight:700;padding:0 0 8px;text-align:left">';

const text = (open: string, words: string) => `${open}${escapeHtml(words)}</p>`;
const link = (href: string, inner: string) => `<a href="${escapeHtml(href)}" ${linkStyle}>${inner}</a>`;

function button(label: string, href: string): string {
  return (
    `<a href="${escapeHtml(href)}" style="line-height:100%;text-decoration:none;display:inline-block;max-width:100%;mso-padding-alt:0px;background-color:#1c3d5a;border-radius:6px;color:#ffffff;font-size:16px;font-weight:600;padding:12px 24px;padding-top:12px;padding-right:24px;padding-bottom:12px;padding-left:24px" target="_blank">` +
    '<span><!--[if mso]><i style="mso-font-width:400%;mso-text-raise:18" hidden>&#8202;&#8202;&#8202;</i><![endif]--></span>' +
    `<span style="max-width:100%;display:inline-block;line-height:120%;mso-padding-alt:0px;mso-text-raise:9px">${escapeHtml(label)}</span>` +
    '<span><!--[if mso]><i style="mso-font-width:400%" hidden>&#8202;&#8202;&#8202;&#8203;</i><![endif]--></span></a>'
  );
}

/** A data table (not layout): a caption, and each figure a row headed by its label. */
const figuresTable = (caption: string, rows: readonly FigureRow[]) =>
  `${dataTable}${escapeHtml(caption)}</caption><tbody>${rows
    .map(([label, value]) => `<tr>${th('row')}${escapeHtml(label)}</th>${td}${escapeHtml(value)}</td></tr>`)
    .join('')}</tbody></table>`;

const listingsHead = ['Property type', 'Suburb', 'Loan', 'Why it matched']
  .map((label) => `${th('col')}${label}</th>`)
  .join('');

/** The digest's table: a column each for type, suburb, loan and why, a row per listing. */
const listingsTable = (rows: readonly ListingRow[]) =>
  `${dataTable}New listings that match your criteria</caption><thead><tr>${listingsHead}</tr></thead><tbody>${rows
    .map(
      (row) =>
        `<tr>${td}${link(row.url, escapeHtml(row.propertyType))}</td>${td}${escapeHtml(row.suburb)}</td>${td}${escapeHtml(row.loan)}</td>${td}${escapeHtml(row.why)}</td></tr>`,
    )
    .join('')}</tbody></table>`;

function block(item: EmailBlock): string {
  switch (item.kind) {
    case 'paragraph':
      return text(textP, item.text);
    case 'quote':
      return section(`${item.lead ? text(textP, item.lead) : ''}${text(quoteP, item.text)}`);
    case 'action':
      return section(
        `${item.lead ? text(textP, item.lead) : ''}${button(item.label, item.url)}` +
          `${fallbackP}Or open this link: ${link(item.url, escapeHtml(item.url))}</p>`,
      );
    case 'figures':
      return section(figuresTable(item.caption, item.rows));
    case 'textOnly':
      return '';
    case 'listings':
      return section(listingsTable(item.rows));
  }
}

/** The first sentence, for the inbox preview line. */
const previewOf = (content: EmailContent) =>
  content.blocks
    .find((b) => b.kind === 'paragraph')
    ?.text.split('\n')[0]
    ?.slice(0, 140) ?? content.subject;

// react-email's Preview: the text (at most 150 characters) padded to 150 with invisible characters.
const PREVIEW_MAX_LENGTH = 150;
const whiteSpaceCodes = '\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff';
function preview(words: string): string {
  const shown = words.substring(0, PREVIEW_MAX_LENGTH);
  const padding =
    shown.length >= PREVIEW_MAX_LENGTH
      ? ''
      : `<div>${whiteSpaceCodes.repeat(PREVIEW_MAX_LENGTH - shown.length)}</div>`;
  return `<div style="display:none;overflow:hidden;line-height:1px;opacity:0;max-height:0;max-width:0" data-skip-in-text="true">${escapeHtml(shown)}${padding}</div>`;
}

/** The footer's preferences line: a link to /settings when the e-mail knows the app's address. */
function preferencesLine(content: EmailContent, words: string | undefined): string {
  if (words === undefined) return '';
  const href = settingsUrl(content);
  return `${footerP}${href ? link(href, 'Manage your e-mail preferences') : escapeHtml(words)}</p>`;
}

/** A half of a surrogate pair without its other half (a preview cut inside an emoji, say). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The HTML part of an e-mail, greeting its reader by name. */
export function renderEmailHtml(content: EmailContent, recipientName: string | null | undefined): string {
  const [reason, ...rest] = footerLines(content);
  const subject = escapeHtml(content.subject);
  // React's renderer wrote UTF-8, where a lone surrogate becomes U+FFFD; so does this.
  return (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">' +
    '<html dir="ltr" lang="en-AU"><head><meta content="text/html; charset=UTF-8" http-equiv="Content-Type"/><meta name="x-apple-disable-message-reformatting"/>' +
    `<title>${subject}</title></head>` +
    '<body style="background-color:#eef3f8;margin:0;padding:0"><!--$--><!--html--><!--head-->' +
    preview(previewOf(content)) +
    `<!--body--><table border="0" width="100%" cellPadding="0" cellSpacing="0" role="presentation" align="center"><tbody><tr>` +
    '<td style="background-color:#eef3f8;font-family:Inter, system-ui, -apple-system, &quot;Segoe UI&quot;, Roboto, Arial, sans-serif;margin:0;padding:24px 0">' +
    `<table ${presentation} style="max-width:600px;background-color:#ffffff;border-radius:8px;padding:0 0 8px"><tbody><tr style="width:100%"><td>` +
    `<table ${presentation} style="background-color:#1c3d5a;border-radius:8px 8px 0 0;padding:16px 32px"><tbody><tr><td>` +
    '<p style="font-size:22px;line-height:24px;color:#ffffff;font-weight:700;letter-spacing:0.5px;margin:0;margin-top:0;margin-bottom:0;margin-left:0;margin-right:0">Plinth</p>' +
    '</td></tr></tbody></table>' +
    `<table ${presentation} style="padding:8px 32px"><tbody><tr><td>` +
    `<h1 style="color:#1a1a1a;font-size:20px;line-height:24px;margin:16px 0;white-space:pre-line;font-weight:700">${subject}</h1>` +
    text(textP, emailGreeting(recipientName)) +
    content.blocks.map(block).join('') +
    '</td></tr></tbody></table>' +
    '<hr style="width:100%;border:none;border-top:1px solid #eaeaea;border-color:#dbe4ee;margin:16px 32px"/>' +
    text(footerP, reason!) +
    preferencesLine(content, rest[0]) +
    (content.unsubscribeUrl
      ? `${footerP}${link(content.unsubscribeUrl, 'Unsubscribe from these e-mails')}</p>`
      : '') +
    `${footerP}Plinth · Australian development finance</p>` +
    '</td></tr></tbody></table></td></tr></tbody></table><!--/$--></body></html>'
  ).replace(loneSurrogate, '\uFFFD');
}
