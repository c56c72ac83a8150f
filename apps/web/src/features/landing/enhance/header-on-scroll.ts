import { MOBILE_BREAKPOINT_PX } from '@plinth/domain/constants';
import classes from '../components/landing.module.css';

/** Spec 001 section 2.2: the mobile header hides when scrolling down past 80 px. */
const HIDE_AFTER_PX = 80;
const hiddenClass = classes.headerHidden!;

/**
 * Moves the header out of the way on screens up to the mobile breakpoint after scrolling down past
 * 80 px; scrolling up (or a wider screen) brings it back. Returns the function that stops it.
 */
export function hideHeaderOnScroll(header: HTMLElement): () => void {
  const mobile = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  let lastY = window.scrollY;
  let frame = 0;

  const update = () => {
    frame = 0;
    const y = window.scrollY;
    if (!mobile.matches || y <= HIDE_AFTER_PX) header.classList.remove(hiddenClass);
    else if (y > lastY) header.classList.add(hiddenClass);
    else if (y < lastY) header.classList.remove(hiddenClass);
    lastY = y;
  };
  // One check per frame at most: scroll events fire far more often than the header can move.
  const onScroll = () => {
    if (!frame) frame = window.requestAnimationFrame(update);
  };

  window.addEventListener('scroll', onScroll, { passive: true });
  mobile.addEventListener('change', update);
  return () => {
    window.removeEventListener('scroll', onScroll);
    mobile.removeEventListener('change', update);
    window.cancelAnimationFrame(frame);
    header.classList.remove(hiddenClass);
  };
}
