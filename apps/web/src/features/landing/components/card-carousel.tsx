import type { ReactNode } from 'react';
import classes from './landing.module.css';

export type CarouselCard = { title: string; body: string; icon: ReactNode };

type CardCarouselProps = {
  /** Names the carousel for assistive technology, e.g. 'Problems developers face'. */
  label: string;
  cards: CarouselCard[];
  /** Heading level of each card title, so headings stay in order wherever the carousel sits. */
  titleOrder: 3 | 4;
};

/**
 * Cards in a CSS scroll-snap track; no carousel library (landing JS budget). The track scrolls by
 * touch, wheel and arrow keys without any script; the dots, which depend on how many cards fit on
 * the screen, are added by the page's script (enhance/carousel-dots.ts).
 */
export function CardCarousel({ label, cards, titleOrder }: CardCarouselProps) {
  const TitleTag = titleOrder === 3 ? 'h3' : 'h4';
  return (
    <div className={classes.carousel}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (arrow keys scroll it) */}
      <ul className={classes.carouselTrack} aria-label={label} tabIndex={0} data-carousel>
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
    </div>
  );
}
