import { IconCurrencyDollar, IconHome, IconLayoutGrid, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LandingTarget } from '../hooks/use-landing-navigation';
import classes from './landing.module.css';
import { SectionLink } from './section-link';

const ICON_SIZE = 22;

type MobileBottomBarProps = { onNavigate: (target: LandingTarget) => void };

/** Shown only up to the mobile breakpoint (CSS), where the header's section links are hidden. */
export function MobileBottomBar({ onNavigate }: MobileBottomBarProps) {
  return (
    <nav aria-label="Mobile navigation" className={classes.bottomBar}>
      <SectionLink target="top" onNavigate={onNavigate} className={classes.bottomBarItem}>
        <IconHome size={ICON_SIZE} aria-hidden="true" />
        <span>Home</span>
      </SectionLink>
      <SectionLink target="features" onNavigate={onNavigate} className={classes.bottomBarItem}>
        <IconLayoutGrid size={ICON_SIZE} aria-hidden="true" />
        <span>Features</span>
      </SectionLink>
      <SectionLink target="pricing" onNavigate={onNavigate} className={classes.bottomBarItem}>
        <IconCurrencyDollar size={ICON_SIZE} aria-hidden="true" />
        <span>Pricing</span>
      </SectionLink>
      <Link to="/register" className={classes.bottomBarItem}>
        <IconUserPlus size={ICON_SIZE} aria-hidden="true" />
        <span>Sign Up</span>
      </Link>
    </nav>
  );
}
