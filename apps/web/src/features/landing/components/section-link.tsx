import type { ComponentPropsWithoutRef } from 'react';
import type { LandingTarget } from '../enhance/section-navigation';

type SectionLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { target: LandingTarget };

/**
 * A real in-page link (it moves the reader, so it is an anchor). It works as a plain anchor before
 * any script runs (the sections' scroll-margin keeps them clear of the fixed header); the page's
 * script then scrolls with the spec's offsets and moves focus (enhance/section-navigation.ts).
 */
export function SectionLink({ target, ...rest }: SectionLinkProps) {
  return <a {...rest} href={`#${target}`} data-section-link={target} />;
}
