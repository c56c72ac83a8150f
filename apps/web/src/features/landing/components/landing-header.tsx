import { Button, Container } from '@mantine/core';
import type { LandingTarget } from '../enhance/section-navigation';
import classes from './landing.module.css';
import { SectionLink } from './section-link';

const NAV_ITEMS: { target: LandingTarget; label: string }[] = [
  { target: 'features', label: 'Features' },
  { target: 'how-it-works', label: 'How it works' },
  { target: 'pricing', label: 'Pricing' },
];

/** Hidden while scrolling down on phones by the page's script (enhance/header-on-scroll.ts). */
export function LandingHeader() {
  return (
    <header className={classes.header} data-landing-header>
      <a className={classes.skipLink} href="#main">
        Skip to main content
      </a>
      <Container size="lg" className={classes.headerInner}>
        <a href="/" className={classes.brand}>
          Plinth
        </a>
        <nav aria-label="Main navigation" className={classes.mainNav}>
          {NAV_ITEMS.map((item) => (
            <SectionLink key={item.target} target={item.target} className={classes.navLink}>
              {item.label}
            </SectionLink>
          ))}
        </nav>
        <div className={classes.headerActions}>
          <Button component="a" href="/login" variant="default" size="sm">
            Sign In
          </Button>
          <Button component="a" href="/register" size="sm">
            Get Started
          </Button>
        </div>
      </Container>
    </header>
  );
}
