import { priceNoteText } from '@plinth/domain/price-notes';
import type { Pricing } from '@plinth/domain/system-settings';

export type { PriceNoteKind } from '@plinth/domain/price-notes';

/** A note the server has not filled: the blank line (a no-break space) the build renders. */
const isBlank = (note: HTMLElement) => (note.textContent ?? '').trim() === '';

/**
 * Fills the price notes the server left blank, from GET /api/pricing. The server writes the prices
 * into the page it sends for `/` (decision 074), so this asks only when the page came without them
 * (the app's own rendering of the landing page). A price is never guessed from a constant: until
 * the answer comes (or if it never does) the notes keep their blank line. Returns the function that
 * abandons the request.
 */
export function fillPriceNotes(page: HTMLElement): () => void {
  const blank = Array.from(page.querySelectorAll<HTMLElement>('[data-price-note]')).filter(isBlank);
  if (blank.length === 0) return () => undefined;
  const request = new AbortController();
  fetch('/api/pricing', { credentials: 'same-origin', signal: request.signal })
    .then((response) => (response.ok ? (response.json() as Promise<Pricing>) : undefined))
    .then((pricing) => {
      if (!pricing) return;
      for (const note of blank) {
        const text = priceNoteText(note.dataset.priceNote ?? '', pricing);
        if (text) note.textContent = text;
      }
    })
    // A failed or abandoned request leaves the blank line, as a failed price query always did.
    .catch(() => undefined);
  return () => request.abort();
}
