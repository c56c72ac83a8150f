import { MOBILE_BREAKPOINT_PX } from '@plinth/domain/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

export type LandingTarget = 'top' | 'features' | 'how-it-works' | 'pricing';

/** The fixed header is taller on desktop, so sections stop further down there (spec 001 section 2.2). */
const DESKTOP_OFFSET_PX = 80;
const MOBILE_OFFSET_PX = 60;
const PULSE_DURATION_MS = 2000;

const isMobileViewport = () => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/** In-page navigation for the landing page: offset smooth scrolling, and the price-note pulse for Pricing. */
export function useLandingNavigation() {
  const [isPricingPulsing, setIsPricingPulsing] = useState(false);
  const pulseTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(pulseTimer.current), []);

  const goToSection = useCallback((target: LandingTarget) => {
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

    if (target === 'pricing') {
      window.clearTimeout(pulseTimer.current);
      setIsPricingPulsing(true);
      pulseTimer.current = window.setTimeout(() => setIsPricingPulsing(false), PULSE_DURATION_MS);
    }
  }, []);

  return { goToSection, isPricingPulsing };
}
