import { formatAud } from '@plinth/domain/format';
import type { Pricing } from '@plinth/domain/system-settings';

/** What each price note (p[data-price-note]) says, from the prices the admin set (decision 021). */
const PRICE_NOTES = {
  listing: (pricing: Pricing) => `${formatAud(pricing.listing_fee_aud)} per project listing`,
  subscription: (pricing: Pricing) =>
    `${formatAud(pricing.subscription_price_aud)}/month professional access`,
};

export type PriceNoteKind = keyof typeof PRICE_NOTES;

/**
 * Fills the price notes from GET /api/pricing. A price is never guessed from a constant: until the
 * answer comes (or if it never does) the notes keep their blank line. Returns the function that
 * abandons the request.
 */
export function fillPriceNotes(page: HTMLElement): () => void {
  const request = new AbortController();
  fetch('/api/pricing', { credentials: 'same-origin', signal: request.signal })
    .then((response) => (response.ok ? (response.json() as Promise<Pricing>) : undefined))
    .then((pricing) => {
      if (!pricing) return;
      for (const note of page.querySelectorAll<HTMLElement>('[data-price-note]')) {
        const kind = note.dataset.priceNote as PriceNoteKind;
        if (kind in PRICE_NOTES) note.textContent = PRICE_NOTES[kind](pricing);
      }
    })
    // A failed or abandoned request leaves the blank line, as a failed price query always did.
    .catch(() => undefined);
  return () => request.abort();
}
