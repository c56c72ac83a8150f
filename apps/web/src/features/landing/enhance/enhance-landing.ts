import { addCarouselDots } from './carousel-dots';
import { hideHeaderOnScroll } from './header-on-scroll';
import { prefetchAppOnIntent } from './prefetch-app';
import { fillPriceNotes } from './price-notes';
import { navigateToSections } from './section-navigation';

/**
 * Adds the landing page's behaviour to its markup (components/landing-page.tsx), whether that markup
 * came as static HTML (src/landing-main.ts) or was rendered by the app's `/` route. Plain DOM code,
 * a few kilobytes: the page needs neither React nor Mantine's runtime to work (decision 043).
 * Returns the function that removes it all again.
 */
export function enhanceLanding(page: HTMLElement): () => void {
  for (const year of page.querySelectorAll('[data-current-year]'))
    year.textContent = String(new Date().getFullYear());
  const header = page.querySelector<HTMLElement>('[data-landing-header]');
  const stops = [
    fillPriceNotes(page),
    navigateToSections(page),
    prefetchAppOnIntent(page),
    ...(header ? [hideHeaderOnScroll(header)] : []),
    ...Array.from(page.querySelectorAll<HTMLElement>('[data-carousel]'), addCarouselDots),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
