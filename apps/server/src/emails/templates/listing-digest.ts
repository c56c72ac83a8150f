import { action, blocks, type EmailContent, type ListingRow, paragraph } from '../content';

/**
 * The e-mails of listing alerts (issue 22 items 2 and 3): one listing at once, the daily digest of
 * listings that match a funder's lending criteria (one row per listing with its type, suburb, loan
 * and why it matched), and the 'Still accurate?' reminder before criteria pause. Alerts carry a
 * signed unsubscribe link (RFC 8058 one-click for mail providers; a page with one button in a browser).
 */

const alertReason =
  'You receive this e-mail because you keep lending criteria on Plinth and asked to be told of listings that match them.';

/** One listing, e-mailed at once. */
export const listingAlert = (p: { row: ListingRow; unsubscribeUrl: string }): EmailContent => ({
  subject: `New listing matches your criteria: ${p.row.propertyType}, ${p.row.suburb}, ${p.row.loan}`,
  blocks: blocks(
    paragraph('A new listing on Plinth matches your lending criteria.'),
    { kind: 'listings', rows: [p.row] },
    action('See the listing', p.row.url),
  ),
  reason: alertReason,
  unsubscribeUrl: p.unsubscribeUrl,
});

/** The daily digest at 8:00 in the funder's time zone. */
export const listingDigest = (p: {
  date: string;
  rows: ListingRow[];
  marketplaceUrl: string;
  unsubscribeUrl?: string;
}): EmailContent => {
  const count = p.rows.length === 1 ? '1 new listing matches' : `${p.rows.length} new listings match`;
  return {
    subject: `${count} your lending criteria`,
    blocks: blocks(
      paragraph(`${count} your lending criteria on Plinth (${p.date}).`),
      { kind: 'listings', rows: p.rows },
      action('See them on Plinth', p.marketplaceUrl),
    ),
    reason:
      'You receive this digest because you keep lending criteria on Plinth and chose a daily e-mail of the listings that match them.',
    ...(p.unsubscribeUrl ? { unsubscribeUrl: p.unsubscribeUrl } : {}),
  };
};

/**
 * Seven days before criteria pause: the link opens a page whose one button confirms them as they
 * are (opening it changes nothing; decision 048). It works once, until they pause.
 */
export const criteriaReminder = (p: {
  pausesOn: string;
  confirmUrl: string;
  settingsUrl: string;
}): EmailContent => ({
  subject: 'Are your lending criteria still accurate?',
  blocks: blocks(
    paragraph(
      `Plinth alerts you to new listings that match your lending criteria. To keep the alerts right, we ask every 30 days whether the criteria still hold. Unless you confirm them, your alerts pause on ${p.pausesOn}.`,
    ),
    action('Still accurate', p.confirmUrl, 'If nothing has changed, confirm them:'),
    action('Edit my criteria', p.settingsUrl, 'If something has changed, edit them in Settings:'),
  ),
  reason: alertReason,
});
