import type { Role } from './roles';

/**
 * The route table of spec 001 section 2.1 and the guard of spec 000 section 2, as data and one
 * pure decision function, so that the web app's guard and its tests read the same rules.
 */

export const publicPaths = ['/', '/login', '/register', '/privacy', '/terms', '/cookies'] as const;

/** Signed-in routes and who may open them; `null` means any signed-in role. */
export const shellRoutes: ReadonlyArray<{ pattern: string; roles: readonly Role[] | null }> = [
  { pattern: '/dashboard', roles: null },
  { pattern: '/create-project', roles: ['borrower'] },
  { pattern: '/my-projects', roles: ['borrower'] },
  { pattern: '/project/:id/edit', roles: ['borrower'] },
  { pattern: '/projects', roles: ['funder'] },
  { pattern: '/portfolio', roles: ['funder'] },
  { pattern: '/project/:id', roles: ['borrower', 'funder', 'admin'] },
  { pattern: '/messages', roles: ['borrower', 'funder', 'admin'] },
  { pattern: '/broker-ai', roles: null },
  { pattern: '/project/:projectId/deal/:dealId', roles: ['borrower', 'funder'] },
  { pattern: '/profile', roles: null },
  { pattern: '/settings', roles: null },
  { pattern: '/admin', roles: ['admin'] },
  // Notification tap-through targets (DESIGN.md section 8).
  { pattern: '/projects/:id', roles: ['borrower', 'funder', 'admin'] },
  { pattern: '/deals/:id', roles: ['borrower', 'funder'] },
  { pattern: '/access-requests', roles: ['borrower'] },
  // Loan administration (issue 33): a party's facilities and draws; the server decides which ones.
  { pattern: '/facilities', roles: ['borrower', 'funder', 'surveyor', 'admin'] },
  { pattern: '/facilities/:id', roles: ['borrower', 'funder', 'surveyor', 'admin'] },
  { pattern: '/draws/:id', roles: ['borrower', 'funder', 'surveyor', 'admin'] },
];

/**
 * The admin's view of one person: the Users tab with their details open. The override history
 * links people here; the Users tab opens the details of the person this parameter names.
 */
export const ADMIN_PERSON_PARAM = 'user';
export const adminPersonPath = (userId: string) =>
  `/admin?tab=users&${ADMIN_PERSON_PARAM}=${encodeURIComponent(userId)}`;

const toRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
const compiled = shellRoutes.map((r) => ({ ...r, re: toRegExp(r.pattern) }));

export function matchShellRoute(path: string) {
  return compiled.find((r) => r.re.test(path)) ?? null;
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; role: Role | null; profileCompleted: boolean };

/**
 * Onboarding is finished once a role is chosen and, for borrowers and funders, the profile is
 * submitted (docs/decisions/003-onboarding-gate.md). Admins are made by the CLI and have no profile.
 */
export const needsOnboarding = (role: Role | null, profileCompleted: boolean) =>
  role === null || (role !== 'admin' && !profileCompleted);

export type GuardDecision = { kind: 'spinner' } | { kind: 'render' } | { kind: 'redirect'; to: string };

/**
 * What the web app does for a path: spinner while the session loads; /login when signed out;
 * /onboarding without a role or profile; /dashboard for a wrong role; unknown paths go to /login outside
 * the shell (signed out) and to /dashboard inside it.
 */
export function decideRoute(path: string, auth: AuthState): GuardDecision {
  if ((publicPaths as readonly string[]).includes(path)) return { kind: 'render' };
  if (auth.status === 'loading') return { kind: 'spinner' };
  if (auth.status === 'signed-out') return { kind: 'redirect', to: '/login' };
  if (path === '/onboarding') return { kind: 'render' };
  if (auth.role === null || needsOnboarding(auth.role, auth.profileCompleted))
    return { kind: 'redirect', to: '/onboarding' };
  const route = matchShellRoute(path);
  if (!route) return { kind: 'redirect', to: '/dashboard' };
  if (route.roles && !route.roles.includes(auth.role)) return { kind: 'redirect', to: '/dashboard' };
  return { kind: 'render' };
}

export interface NavItem {
  label: string;
  to: string;
}

/** Navigation bar by role (spec 000 section 2). */
export function navigationFor(role: Role): NavItem[] {
  const items: NavItem[] = [{ label: 'Dashboard', to: '/dashboard' }];
  if (role === 'funder') items.push({ label: 'Projects', to: '/projects' });
  if (role === 'borrower') items.push({ label: 'My Projects', to: '/my-projects' });
  // The quantity surveyor has no marketplace and no messages: only their facilities.
  if (role !== 'surveyor') items.push({ label: 'Messages', to: '/messages' });
  if (role === 'funder') items.push({ label: 'Portfolio', to: '/portfolio' });
  if (role !== 'admin') items.push({ label: 'Facilities', to: '/facilities' });
  if (role === 'admin') items.push({ label: 'Admin', to: '/admin' });
  return items;
}

/** Mobile bottom bar: Home, the role's project link, Messages, More. */
export function bottomBarFor(role: Role): NavItem[] {
  if (role === 'surveyor')
    return [
      { label: 'Home', to: '/dashboard' },
      { label: 'Facilities', to: '/facilities' },
    ];
  const projectLink: NavItem =
    role === 'funder'
      ? { label: 'Projects', to: '/projects' }
      : role === 'borrower'
        ? { label: 'My Projects', to: '/my-projects' }
        : { label: 'Admin', to: '/admin' };
  return [{ label: 'Home', to: '/dashboard' }, projectLink, { label: 'Messages', to: '/messages' }];
}

/** The shell's footer element shows on every path except these, when signed in. */
export const pathsWithoutFooter = ['/', '/login', '/register', '/onboarding'] as const;
export const showsShellFooter = (path: string) => !(pathsWithoutFooter as readonly string[]).includes(path);
