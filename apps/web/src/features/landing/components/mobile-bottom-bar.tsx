import { IconCurrencyDollar, IconHome, IconLayoutGrid, IconUserPlus } from '@tabler/icons-react';
import classes from './landing.module.css';
import { SectionLink } from './section-link';

const ICON_SIZE = 22;

/** Shown only up to the mobile breakpoint (CSS), where the header's section links are hidden. */
export function MobileBottomBar() {
  return (
    <nav aria-label="Mobile navigation" className={classes.bottomBar}>
      <SectionLink target="top" className={classes.bottomBarItem}>
        <IconHome size={ICON_SIZE} aria-hidden="true" />
        <span>Home</span>
      </SectionLink>
      <SectionLink target="features" className={classes.bottomBarItem}>
        <IconLayoutGrid size={ICON_SIZE} aria-hidden="true" />
        <span>Features</span>
      </SectionLink>
      <SectionLink target="pricing" className={classes.bottomBarItem}>
        <IconCurrencyDollar size={ICON_SIZE} aria-hidden="true" />
        <span>Pricing</span>
      </SectionLink>
      <a href="/register" className={classes.bottomBarItem}>
        <IconUserPlus size={ICON_SIZE} aria-hidden="true" />
        <span>Sign Up</span>
      </a>
    </nav>
  );
}
