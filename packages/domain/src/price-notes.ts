import { formatAud } from './format';
import type { Pricing } from './system-settings';

/**
 * What each price note on the landing page (p[data-price-note]) says, from the prices the admin
 * set (decision 021). The server writes them into the page it sends for `/` (issue 37 item 7,
 * decision 074), so they read without JavaScript; the page's script fills any note still blank.
 */
const PRICE_NOTES = {
  listing: (pricing: Pricing) => `${formatAud(pricing.listing_fee_aud)} per project listing`,
  subscription: (pricing: Pricing) =>
    `${formatAud(pricing.subscription_price_aud)}/month professional access`,
} as const;

export type PriceNoteKind = keyof typeof PRICE_NOTES;

export const isPriceNoteKind = (kind: string): kind is PriceNoteKind => Object.hasOwn(PRICE_NOTES, kind);

/** The note's text, or null for a kind the page does not know. */
export const priceNoteText = (kind: string, pricing: Pricing): string | null =>
  isPriceNoteKind(kind) ? PRICE_NOTES[kind](pricing) : null;
