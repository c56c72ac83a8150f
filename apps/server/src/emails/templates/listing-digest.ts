import { action, blocks, type EmailContent, type ListingRow, paragraph } from '../content';

/**
 * The daily digest of listings that match a funder's lending criteria (issue 22 item 2): one row
 * per listing with its type, suburb, loan and why it matched. Nothing sends it yet.
 */
export const listingDigest = (p: {
  date: string;
  rows: ListingRow[];
  marketplaceUrl: string;
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
  };
};
