import { MOBILE_BREAKPOINT_PX } from '@plinth/domain/constants';
import classes from '../components/landing.module.css';

export type LandingTarget = 'top' | 'features' | 'how-it-works' | 'pricing';

/** The fixed header is taller on desktop, so sections stop further down there (spec 001 section 2.2). */
const DESKTOP_OFFSET_PX = 80;
const MOBILE_OFFSET_PX = 60;
const PULSE_DURATION_MS = 2000;
const pulseClass = classes.pulse!;

const isMobileViewport = () => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/**
 * In-page navigation for the section links (a[data-section-link]): offset smooth scrolling, focus
 * that follows the view, and the price-note pulse for Pricing. Returns the function that stops it.
 */
export function navigateToSections(page: HTMLElement): () => void {
  let pulseTimer: number | undefined;

  const pulsePriceNotes = () => {
    const notes = page.querySelectorAll('[data-price-note]');
    window.clearTimeout(pulseTimer);
    for (const note of notes) note.classList.add(pulseClass);
    pulseTimer = window.setTimeout(() => {
      for (const note of notes) note.classList.remove(pulseClass);
    }, PULSE_DURATION_MS);
  };

  const goToSection = (target: LandingTarget) => {
    const behavior = scrollBehavior();
    if (target === 'top') {
      window.scrollTo({ top: 0, behavior });
      return;
    }
    // Pricing lands on the two journeys, where the prices are, rather than on the section heading.
    const element = document.getElementById(target === 'pricing' ? 'user-journeys' : target);
    if (!element) return;
    const offset = isMobileViewport() ? MOBILE_OFFSET_PX : DESKTOP_OFFSET_PX;
    window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - offset, behavior });
    // Focus follows the view so keyboard and screen-reader users carry on from the section they chose.
    element.focus({ preventScroll: true });
    if (target === 'pricing') pulsePriceNotes();
  };

  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-section-link]');
    if (!link || !page.contains(link)) return;
    event.preventDefault();
    goToSection(link.dataset.sectionLink as LandingTarget);
  };

  page.addEventListener('click', onClick);
  return () => {
    page.removeEventListener('click', onClick);
    window.clearTimeout(pulseTimer);
  };
}
