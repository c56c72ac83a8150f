import type { Kysely } from 'kysely';

// Issue 10: the listing fee and the monthly subscription price are system settings the admin edits
// (decision 021). Stored at today's prices; the code's constants stay the fallback.

const prices = [
  {
    key: 'listing_fee_aud',
    value: '499',
    description:
      'The fee a developer pays to send a project for review, in whole Australian dollars (1 to 100,000). New payments use it at once; a payment already opened keeps its amount.',
  },
  {
    key: 'subscription_price_aud',
    value: '299',
    description:
      'The monthly price of the Professional Funder subscription, in whole Australian dollars (1 to 100,000). New subscriptions use it; existing ones keep the price they started at.',
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('system_setting')
    .values(prices)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('system_setting')
    .where(
      'key',
      'in',
      prices.map((price) => price.key),
    )
    .execute();
}
