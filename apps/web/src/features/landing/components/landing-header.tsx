import { Button, Container } from '@mantine/core';
import { Link } from 'react-router';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import type { LandingTarget } from '../hooks/use-landing-navigation';
import classes from './landing.module.css';
import { SectionLink } from './section-link';

const NAV_ITEMS: { target: LandingTarget; label: string }[] = [
  { target: 'features', label: 'Features' },
  { target: 'how-it-works', label: 'How it works' },
  { target: 'pricing', label: 'Pricing' },
];

const HIDE_AFTER_PX = 80;

type LandingHeaderProps = { onNavigate: (target: LandingTarget) => void };

export function LandingHeader({ onNavigate }: LandingHeaderProps) {
  const isHidden = useHideOnScroll(HIDE_AFTER_PX);

  return (
    <header className={isHidden ? `${classes.header} ${classes.headerHidden}` : classes.header}>
      <a className={classes.skipLink} href="#main">
        Skip to main content
      </a>
      <Container size="lg" className={classes.headerInner}>
        <Link to="/" className={classes.brand}>
          Plinth
        </Link>
        <nav aria-label="Main navigation" className={classes.mainNav}>
          {NAV_ITEMS.map((item) => (
            <SectionLink
              key={item.target}
              target={item.target}
              onNavigate={onNavigate}
              className={classes.navLink}
            >
              {item.label}
            </SectionLink>
          ))}
        </nav>
        <div className={classes.headerActions}>
          <Button component={Link} to="/login" variant="default" size="sm">
            Sign In
          </Button>
          <Button component={Link} to="/register" size="sm">
            Get Started
          </Button>
        </div>
      </Container>
    </header>
  );
}
