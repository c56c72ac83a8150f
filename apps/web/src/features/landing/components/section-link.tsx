import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import type { LandingTarget } from '../hooks/use-landing-navigation';

type SectionLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'href' | 'onClick'> & {
  target: LandingTarget;
  onNavigate: (target: LandingTarget) => void;
};

/** A real in-page link (it moves the reader, so it is an anchor), with the offset scroll done in script. */
export function SectionLink({ target, onNavigate, ...rest }: SectionLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onNavigate(target);
  };
  return <a {...rest} href={`#${target}`} onClick={handleClick} />;
}
