import { Group } from '@mantine/core';
import type { Role } from '@plinth/domain/roles';
import { decideRoute, navigationFor, showsShellFooter } from '@plinth/domain/routes';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { SessionError } from '../../features/auth/components/session-error';
import { useAuthState } from '../../features/auth/hooks/use-auth-state';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { FloatingChat } from '../../features/broker-ai/components/floating-chat';
import { MessagesNavBadge } from '../../features/messages/components/messages-nav-badge';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { MobileNav } from './mobile-nav';
import { PageLoader } from './page-loader';
import { ProfileMenu } from './profile-menu';
import classes from './shell.module.css';
import { ShellFooter } from './shell-footer';

/**
 * The layout of every signed-in page and its guard: the domain's `decideRoute` says whether to show
 * a spinner, redirect (/login, /onboarding, /dashboard) or render the page.
 */
export default function ShellLayout() {
  const { pathname } = useLocation();
  const { auth, me, query } = useAuthState();

  if (query.isError && !me)
    return <SessionError message={query.error.message} onRetry={() => query.refetch()} />;

  const decision = decideRoute(pathname, auth);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'spinner' || !me?.role) return <PageLoader />;

  return <SignedInShell name={me.name} email={me.email} role={me.role} pathname={pathname} />;
}

interface SignedInShellProps {
  name: string;
  email: string;
  role: Role;
  pathname: string;
}

function SignedInShell({ name, email, role, pathname }: SignedInShellProps) {
  const signOut = useSignOut();

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <header className={classes.header}>
        <div className={classes.headerInner}>
          <Link to="/dashboard" className={classes.brand}>
            Plinth
          </Link>
          <nav aria-label="Main navigation" className={classes.desktopNav}>
            {navigationFor(role).map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.navLink}>
                {item.label}
                {item.to === '/messages' && <MessagesNavBadge />}
              </NavLink>
            ))}
          </nav>
          <div className={classes.headerEnd}>
            <Group gap="sm" wrap="nowrap">
              <NotificationBell />
              <ProfileMenu name={name} email={email} onSignOut={signOut} />
            </Group>
          </div>
        </div>
      </header>
      <main id="main-content" className={classes.main}>
        <Outlet />
      </main>
      {showsShellFooter(pathname) && <ShellFooter />}
      <MobileNav role={role} onSignOut={signOut} />
      <FloatingChat pathname={pathname} />
    </div>
  );
}
