import { Divider, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Role } from '@plinth/domain/roles';
import { bottomBarFor, navigationFor } from '@plinth/domain/routes';
import { IconLogout, IconMenu2 } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { MessagesNavBadge } from '../../features/messages/components/messages-nav-badge';
import { NavIcon } from './nav-icons';
import classes from './shell.module.css';

const extraLinks = [
  { label: 'BrokerAI Assistant', to: '/broker-ai' },
  { label: 'My Profile', to: '/profile' },
  { label: 'Settings', to: '/settings' },
];

/** At 768 px and below: the fixed bottom bar and the slide menu behind its More button. */
export function MobileNav({ role, onSignOut }: { role: Role; onSignOut: () => void }) {
  const [isOpen, menu] = useDisclosure(false);

  return (
    <>
      <nav aria-label="Mobile navigation" className={classes.bottomBar}>
        {bottomBarFor(role).map((item) => (
          <NavLink key={item.to} to={item.to} className={classes.bottomItem}>
            <NavIcon to={item.to} home={item.to === '/dashboard'} />
            <span>
              {item.label}
              {item.to === '/messages' && <MessagesNavBadge />}
            </span>
          </NavLink>
        ))}
        <button
          type="button"
          className={classes.bottomItem}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          onClick={menu.open}
        >
          <IconMenu2 size={20} aria-hidden />
          More
        </button>
      </nav>
      <Drawer
        opened={isOpen}
        onClose={menu.close}
        position="right"
        size={300}
        title="Menu"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <nav aria-label="Menu">
          <Stack gap={2}>
            {[...navigationFor(role), ...extraLinks].map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.drawerLink} onClick={menu.close}>
                <NavIcon to={item.to} />
                {item.label}
                {item.to === '/messages' && <MessagesNavBadge />}
              </NavLink>
            ))}
            <Divider my="xs" />
            <button
              type="button"
              className={classes.drawerLink}
              onClick={() => {
                menu.close();
                onSignOut();
              }}
            >
              <IconLogout size={20} aria-hidden />
              Logout
            </button>
          </Stack>
        </nav>
      </Drawer>
    </>
  );
}
