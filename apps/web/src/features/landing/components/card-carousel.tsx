import type { ReactNode } from 'react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import classes from './landing.module.css';

export type CarouselCard = { title: string; body: string; icon: ReactNode };

type CardCarouselProps = {
  /** Names the carousel for assistive technology, e.g. 'Problems developers face'. */
  label: string;
  cards: CarouselCard[];
  /** Heading level of each card title, so headings stay in order wherever the carousel sits. */
  titleOrder: 3 | 4;
};

const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/**
 * Cards in a CSS scroll-snap track with a dot per stop; no carousel library (landing JS budget).
 * A stop is a distinct scroll position: one per card on mobile, fewer on desktop where several cards
 * fit at once, so every dot moves the track and the current one always matches what is on screen.
 */
export function CardCarousel({ label, cards, titleOrder }: CardCarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [stops, setStops] = useState<number[]>([]);
  const [activeStop, setActiveStop] = useState(0);
  const TitleTag = titleOrder === 3 ? 'h3' : 'h4';

  const syncActiveStop = useCallback((currentStops: number[]) => {
    const track = trackRef.current;
    if (!track) return;
    let nearest = 0;
    currentStops.forEach((stop, index) => {
      const best = currentStops[nearest] ?? 0;
      if (Math.abs(stop - track.scrollLeft) < Math.abs(best - track.scrollLeft)) nearest = index;
    });
    setActiveStop(nearest);
  }, []);

  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let currentStops: number[] = [];
    let frame = 0;

    const measure = () => {
      const maxScroll = track.scrollWidth - track.clientWidth;
      const next: number[] = [];
      for (const item of Array.from(track.children) as HTMLElement[]) {
        // The track is the items' offset parent (position: relative), so offsetLeft is a scroll position.
        const stop = Math.min(item.offsetLeft, maxScroll);
        if (next.every((known) => Math.abs(known - stop) > 2)) next.push(stop);
      }
      currentStops = next;
      setStops(next);
      syncActiveStop(next);
    };
    const onScroll = () => {
      if (!frame)
        frame = window.requestAnimationFrame(() => {
          frame = 0;
          syncActiveStop(currentStops);
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
    };
  }, [syncActiveStop]);

  const showStop = (left: number) => {
    trackRef.current?.scrollTo({ left, behavior: scrollBehavior() });
  };

  return (
    <div className={classes.carousel}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (arrow keys scroll it) */}
      <ul className={classes.carouselTrack} ref={trackRef} aria-label={label} tabIndex={0}>
        {cards.map((card) => (
          <li key={card.title} className={classes.carouselItem}>
            <article className={classes.card}>
              <span className={classes.cardIcon} aria-hidden="true">
                {card.icon}
              </span>
              <TitleTag className={classes.cardTitle}>{card.title}</TitleTag>
              <p className={classes.cardBody}>{card.body}</p>
            </article>
          </li>
        ))}
      </ul>
      {stops.length > 1 && (
        <div className={classes.dots}>
          {stops.map((stop, index) => (
            <button
              key={stop}
              type="button"
              className={classes.dot}
              aria-label={`${label}: show slide ${index + 1} of ${stops.length}`}
              aria-current={index === activeStop ? 'true' : undefined}
              onClick={() => showStop(stop)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
