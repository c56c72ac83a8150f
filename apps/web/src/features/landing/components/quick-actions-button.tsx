import { IconPlus } from '@tabler/icons-react';
import classes from './landing.module.css';

/**
 * The floating plus button of the mobile layout. The spec gives it no action, so it is marked
 * aria-disabled: it stays discoverable but says plainly that it does nothing yet.
 */
export function QuickActionsButton() {
  return (
    <button type="button" className={classes.quickActions} aria-label="Quick actions" aria-disabled="true">
      <IconPlus size={26} aria-hidden="true" />
    </button>
  );
}
