import { MOBILE_BREAKPOINT_PX } from '@plinth/domain/constants';
import { useEffect, useState } from 'react';

/**
 * True while the mobile header should be out of the way: on screens up to the mobile breakpoint,
 * after scrolling down past `thresholdPx`; scrolling up (or a wider screen) brings it back.
 */
export function useHideOnScroll(thresholdPx: number) {
  const [isHidden, setIsHidden] = useState(false);

  useEffect(() => {
    const mobile = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
    let lastY = window.scrollY;
    let frame = 0;

    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (!mobile.matches || y <= thresholdPx) setIsHidden(false);
      else if (y > lastY) setIsHidden(true);
      else if (y < lastY) setIsHidden(false);
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
    };
  }, [thresholdPx]);

  return isHidden;
}
