import classes from '../components/landing.module.css';

const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/**
 * Adds a dot per stop under a carousel track (ul[data-carousel]). A stop is a distinct scroll
 * position: one per card on mobile, fewer on desktop where several cards fit at once, so every dot
 * moves the track and the current one always matches what is on screen. Without a second stop there
 * is nothing to choose, and no dots. Returns the function that removes them.
 */
export function addCarouselDots(track: HTMLElement): () => void {
  const label = track.getAttribute('aria-label') ?? '';
  const dots = document.createElement('div');
  dots.className = classes.dots!;
  let stops: number[] = [];
  let frame = 0;

  const showActiveStop = () => {
    let nearest = 0;
    stops.forEach((stop, index) => {
      const best = stops[nearest] ?? 0;
      if (Math.abs(stop - track.scrollLeft) < Math.abs(best - track.scrollLeft)) nearest = index;
    });
    dots.querySelectorAll('button').forEach((dot, index) => {
      if (index === nearest) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  };

  const measure = () => {
    const maxScroll = track.scrollWidth - track.clientWidth;
    const next: number[] = [];
    for (const item of Array.from(track.children) as HTMLElement[]) {
      // The track is the items' offset parent (position: relative), so offsetLeft is a scroll position.
      const stop = Math.min(item.offsetLeft, maxScroll);
      if (next.every((known) => Math.abs(known - stop) > 2)) next.push(stop);
    }
    if (next.join() !== stops.join()) {
      stops = next;
      dots.replaceChildren(
        ...stops.map((stop, index) => {
          const dot = document.createElement('button');
          dot.type = 'button';
          dot.className = classes.dot!;
          dot.setAttribute('aria-label', `${label}: show slide ${index + 1} of ${stops.length}`);
          dot.addEventListener('click', () => track.scrollTo({ left: stop, behavior: scrollBehavior() }));
          return dot;
        }),
      );
      if (stops.length > 1) track.after(dots);
      else dots.remove();
    }
    showActiveStop();
  };
  const onScroll = () => {
    if (!frame)
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        showActiveStop();
      });
  };

  measure();
  const resizeObserver = new ResizeObserver(measure);
  resizeObserver.observe(track);
  track.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    resizeObserver.disconnect();
    track.removeEventListener('scroll', onScroll);
    window.cancelAnimationFrame(frame);
    dots.remove();
  };
}
