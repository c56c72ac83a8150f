import { describe, expect, it } from 'vitest';
import type { Role } from '../src/roles';
import {
  ADMIN_PERSON_PARAM,
  type AuthState,
  adminPersonPath,
  bottomBarFor,
  decideRoute,
  matchShellRoute,
  navigationFor,
  needsOnboarding,
  pathsWithoutFooter,
  publicPaths,
  showsShellFooter,
} from '../src/routes';

const loading: AuthState = { status: 'loading' };
const signedOut: AuthState = { status: 'signed-out' };
const signedIn = (role: Role | null, profileCompleted = true): AuthState => ({
  status: 'signed-in',
  role,
  profileCompleted,
});

const allRoles: Role[] = ['borrower', 'funder', 'admin'];
const render = { kind: 'render' };
const spinner = { kind: 'spinner' };
const redirectTo = (to: string) => ({ kind: 'redirect', to });

/** One concrete path for each row of the signed-in routes table, and who may open it. */
const routeTable: Array<{ path: string; roles: readonly Role[] }> = [
  { path: '/dashboard', roles: allRoles },
  { path: '/create-project', roles: ['borrower'] },
  { path: '/my-projects', roles: ['borrower'] },
  { path: '/project/abc/edit', roles: ['borrower'] },
  { path: '/projects', roles: ['funder'] },
  { path: '/portfolio', roles: ['funder'] },
  { path: '/project/abc', roles: ['borrower', 'funder', 'admin'] },
  { path: '/messages', roles: ['borrower', 'funder', 'admin'] },
  { path: '/broker-ai', roles: allRoles },
  { path: '/project/1/deal/2', roles: ['borrower', 'funder'] },
  { path: '/profile', roles: allRoles },
  { path: '/settings', roles: allRoles },
  { path: '/admin', roles: ['admin'] },
  { path: '/facilities', roles: allRoles },
  { path: '/facilities/abc', roles: allRoles },
  { path: '/draws/abc', roles: allRoles },
];

const allowedCases = routeTable.flatMap(({ path, roles }) => roles.map((role) => [role, path] as const));
const refusedCases = routeTable.flatMap(({ path, roles }) =>
  allRoles.filter((role) => !roles.includes(role)).map((role) => [role, path] as const),
);

describe('decideRoute: public paths', () => {
  const states: Array<[string, AuthState]> = [
    ['loading', loading],
    ['signed out', signedOut],
    ['signed in without a role', signedIn(null, false)],
    ['a borrower without a profile', signedIn('borrower', false)],
    ['a funder', signedIn('funder')],
    ['an admin', signedIn('admin')],
  ];
  const cases = publicPaths.flatMap((path) => states.map(([name, auth]) => [path, name, auth] as const));

  it.each(cases)('decideRoute: public path %s when %s renders', (path, _, auth) => {
    expect(decideRoute(path, auth)).toEqual(render);
  });

  it('publicPaths: are the landing, sign-in, sign-up and legal pages', () => {
    expect([...publicPaths].sort()).toEqual(['/', '/cookies', '/login', '/privacy', '/register', '/terms']);
  });
});

describe('decideRoute: loading', () => {
  it.each(['/dashboard', '/admin', '/onboarding', '/no-such-page'])(
    'decideRoute: %s while the session loads shows the spinner',
    (path) => {
      expect(decideRoute(path, loading)).toEqual(spinner);
    },
  );
});

describe('decideRoute: signed out', () => {
  it.each(routeTable.map((r) => r.path))(
    'decideRoute: shell path %s when signed out redirects to /login',
    (path) => {
      expect(decideRoute(path, signedOut)).toEqual(redirectTo('/login'));
    },
  );

  it('decideRoute: /onboarding when signed out redirects to /login', () => {
    expect(decideRoute('/onboarding', signedOut)).toEqual(redirectTo('/login'));
  });

  it.each(['/no-such-page', '/project', '/admin/users/1'])(
    'decideRoute: unknown path %s when signed out redirects to /login',
    (path) => {
      expect(decideRoute(path, signedOut)).toEqual(redirectTo('/login'));
    },
  );
});

describe('decideRoute: onboarding gate', () => {
  it.each(['/dashboard', '/messages', '/profile', '/no-such-page'])(
    'decideRoute: %s when signed in without a role redirects to /onboarding',
    (path) => {
      expect(decideRoute(path, signedIn(null, false))).toEqual(redirectTo('/onboarding'));
    },
  );

  it('decideRoute: signed in without a role but with a profile flag still redirects to /onboarding', () => {
    expect(decideRoute('/dashboard', signedIn(null, true))).toEqual(redirectTo('/onboarding'));
  });

  it.each([
    ['borrower', '/my-projects'],
    ['borrower', '/dashboard'],
    ['funder', '/projects'],
    ['funder', '/dashboard'],
  ] as const)(
    'decideRoute: a %s without a completed profile on %s redirects to /onboarding',
    (role, path) => {
      expect(decideRoute(path, signedIn(role, false))).toEqual(redirectTo('/onboarding'));
    },
  );

  it.each(['/dashboard', '/admin'])('decideRoute: an admin without a profile on %s renders', (path) => {
    expect(decideRoute(path, signedIn('admin', false))).toEqual(render);
  });

  it.each([
    ['without a role', signedIn(null, false)],
    ['as a borrower without a profile', signedIn('borrower', false)],
    ['as a funder with a profile', signedIn('funder', true)],
    ['as an admin', signedIn('admin', false)],
  ])('decideRoute: /onboarding when signed in %s renders', (_, auth) => {
    expect(decideRoute('/onboarding', auth)).toEqual(render);
  });
});

describe('decideRoute: signed-in routes by role', () => {
  it.each(allowedCases)('decideRoute: a %s on %s renders', (role, path) => {
    expect(decideRoute(path, signedIn(role))).toEqual(render);
  });

  it.each(refusedCases)('decideRoute: a %s on %s (wrong role) redirects to /dashboard', (role, path) => {
    expect(decideRoute(path, signedIn(role))).toEqual(redirectTo('/dashboard'));
  });

  it('decideRoute: the wrong-role cases named in the spec redirect to /dashboard', () => {
    expect(decideRoute('/projects', signedIn('borrower'))).toEqual(redirectTo('/dashboard'));
    expect(decideRoute('/admin', signedIn('borrower'))).toEqual(redirectTo('/dashboard'));
    expect(decideRoute('/my-projects', signedIn('funder'))).toEqual(redirectTo('/dashboard'));
    expect(decideRoute('/create-project', signedIn('funder'))).toEqual(redirectTo('/dashboard'));
    expect(decideRoute('/project/1/deal/2', signedIn('admin'))).toEqual(redirectTo('/dashboard'));
  });

  it.each([
    ['borrower', '/projects/abc'],
    ['funder', '/projects/abc'],
    ['admin', '/projects/abc'],
    ['borrower', '/deals/abc'],
    ['funder', '/deals/abc'],
    ['borrower', '/access-requests'],
  ] as const)('decideRoute: a %s on the notification target %s renders', (role, path) => {
    expect(decideRoute(path, signedIn(role))).toEqual(render);
  });

  it.each([
    ['admin', '/deals/abc'],
    ['funder', '/access-requests'],
    ['admin', '/access-requests'],
  ] as const)('decideRoute: a %s on the notification target %s redirects to /dashboard', (role, path) => {
    expect(decideRoute(path, signedIn(role))).toEqual(redirectTo('/dashboard'));
  });

  it('decideRoute: a path with a trailing slash is treated as the same route', () => {
    expect(decideRoute('/dashboard/', signedIn('funder'))).toEqual(render);
    expect(decideRoute('/admin/', signedIn('funder'))).toEqual(redirectTo('/dashboard'));
  });
});

describe('decideRoute: unknown paths when signed in', () => {
  it.each([
    '/no-such-page',
    '/project',
    '/project/abc/delete',
    '/project/1/deal',
    '/project/1/deal/2/extra',
    '/admin/users',
    '/dashboardx',
  ])('decideRoute: unknown path %s when signed in redirects to /dashboard', (path) => {
    for (const role of allRoles) expect(decideRoute(path, signedIn(role))).toEqual(redirectTo('/dashboard'));
  });
});

describe('needsOnboarding', () => {
  it.each([
    [null, false, true],
    [null, true, true],
    ['borrower', false, true],
    ['borrower', true, false],
    ['funder', false, true],
    ['funder', true, false],
    ['admin', false, false],
    ['admin', true, false],
  ] as const)('needsOnboarding: role %s with profileCompleted %s returns %s', (role, done, expected) => {
    expect(needsOnboarding(role, done)).toBe(expected);
  });
});

describe('matchShellRoute', () => {
  it("matchShellRoute: '/project/abc/edit' matches the borrower-only edit route, not the detail route", () => {
    expect(matchShellRoute('/project/abc/edit')?.pattern).toBe('/project/:id/edit');
  });

  it("matchShellRoute: '/project/abc' matches the detail route", () => {
    expect(matchShellRoute('/project/abc')?.pattern).toBe('/project/:id');
  });

  it("matchShellRoute: '/project/1/deal/2' matches the deal room", () => {
    expect(matchShellRoute('/project/1/deal/2')?.pattern).toBe('/project/:projectId/deal/:dealId');
  });

  it("matchShellRoute: '/projects' matches the marketplace and '/projects/abc' the notification target", () => {
    expect(matchShellRoute('/projects')?.pattern).toBe('/projects');
    expect(matchShellRoute('/projects/abc')?.pattern).toBe('/projects/:id');
  });

  it.each(['/nowhere', '/project/', '/project//edit', '/', '/login', '/onboarding'])(
    "matchShellRoute: '%s' returns null",
    (path) => {
      expect(matchShellRoute(path)).toBeNull();
    },
  );

  it('matchShellRoute: returns the roles of the matched route', () => {
    expect(matchShellRoute('/admin')?.roles).toEqual(['admin']);
    expect(matchShellRoute('/dashboard')?.roles).toBeNull();
  });
});

describe('navigationFor', () => {
  it('navigationFor (borrower): returns Dashboard, My Projects, Messages, Facilities', () => {
    expect(navigationFor('borrower')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'My Projects', to: '/my-projects' },
      { label: 'Messages', to: '/messages' },
      { label: 'Facilities', to: '/facilities' },
    ]);
  });

  it('navigationFor (funder): returns Dashboard, Projects, Messages, Portfolio, Facilities', () => {
    expect(navigationFor('funder')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Projects', to: '/projects' },
      { label: 'Messages', to: '/messages' },
      { label: 'Portfolio', to: '/portfolio' },
      { label: 'Facilities', to: '/facilities' },
    ]);
  });

  it('navigationFor (surveyor): returns Dashboard, Facilities; both render for a surveyor', () => {
    expect(navigationFor('surveyor')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Facilities', to: '/facilities' },
    ]);
    for (const item of [...navigationFor('surveyor'), ...bottomBarFor('surveyor')])
      expect(decideRoute(item.to, signedIn('surveyor'))).toEqual(render);
    expect(decideRoute('/draws/3f1b0c2e-0000-4000-8000-000000000000', signedIn('surveyor'))).toEqual(render);
    expect(decideRoute('/messages', signedIn('surveyor'))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('navigationFor (admin): returns Dashboard, Messages, Admin', () => {
    expect(navigationFor('admin')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Messages', to: '/messages' },
      { label: 'Admin', to: '/admin' },
    ]);
  });

  it.each(allRoles)('navigationFor (%s): every link renders for that role', (role) => {
    for (const item of navigationFor(role)) expect(decideRoute(item.to, signedIn(role))).toEqual(render);
  });
});

describe('bottomBarFor', () => {
  it('bottomBarFor (borrower): returns Home, My Projects, Messages', () => {
    expect(bottomBarFor('borrower')).toEqual([
      { label: 'Home', to: '/dashboard' },
      { label: 'My Projects', to: '/my-projects' },
      { label: 'Messages', to: '/messages' },
    ]);
  });

  it('bottomBarFor (funder): returns Home, Projects, Messages', () => {
    expect(bottomBarFor('funder')).toEqual([
      { label: 'Home', to: '/dashboard' },
      { label: 'Projects', to: '/projects' },
      { label: 'Messages', to: '/messages' },
    ]);
  });

  it('bottomBarFor (admin): returns Home, Admin, Messages', () => {
    expect(bottomBarFor('admin')).toEqual([
      { label: 'Home', to: '/dashboard' },
      { label: 'Admin', to: '/admin' },
      { label: 'Messages', to: '/messages' },
    ]);
  });

  it.each(allRoles)('bottomBarFor (%s): every link renders for that role', (role) => {
    for (const item of bottomBarFor(role)) expect(decideRoute(item.to, signedIn(role))).toEqual(render);
  });
});

describe('showsShellFooter', () => {
  it.each(['/', '/login', '/register', '/onboarding'])('showsShellFooter: on %s returns false', (path) => {
    expect(showsShellFooter(path)).toBe(false);
  });

  it.each(['/dashboard', '/messages', '/admin', '/project/abc', '/privacy'])(
    'showsShellFooter: on %s returns true',
    (path) => {
      expect(showsShellFooter(path)).toBe(true);
    },
  );

  it('pathsWithoutFooter: lists exactly the four paths of the spec', () => {
    expect([...pathsWithoutFooter]).toEqual(['/', '/login', '/register', '/onboarding']);
  });
});

describe('adminPersonPath', () => {
  it("adminPersonPath: the Users tab with the person's id in the 'user' parameter, encoded", () => {
    expect(adminPersonPath('abc123')).toBe('/admin?tab=users&user=abc123');
    expect(adminPersonPath('a b&c')).toBe('/admin?tab=users&user=a%20b%26c');
    expect(adminPersonPath('x/y').endsWith(`&${ADMIN_PERSON_PARAM}=x%2Fy`)).toBe(true);
    expect(decideRoute('/admin', { status: 'signed-in', role: 'admin', profileCompleted: true })).toEqual({
      kind: 'render',
    });
  });
});
