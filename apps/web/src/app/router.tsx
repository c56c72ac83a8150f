import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { PageLoader } from './shell/page-loader';

// Every route is its own lazily loaded chunk. A first visit to `/` gets the static landing page
// (landing.html, rendered by the build) and none of this; `/` here serves the links and redirects to
// it from inside the app (decision 043).
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  {
    // A pathless root: the first lazy chunk loads behind a spinner instead of a blank page.
    Component: RootLayout,
    HydrateFallback: PageLoader,
    children: [
      { path: '/', lazy: page(() => import('./routes/landing')) },
      { path: '/privacy', lazy: page(() => import('./routes/legal')) },
      { path: '/terms', lazy: page(() => import('./routes/legal')) },
      { path: '/cookies', lazy: page(() => import('./routes/legal')) },
      { path: '/login', lazy: page(() => import('./routes/login')) },
      { path: '/register', lazy: page(() => import('./routes/register')) },
      // A facility's invitation links here (/sign-up?role=surveyor&email=…, decision 063).
      { path: '/sign-up', lazy: page(() => import('./routes/register')) },
      { path: '/onboarding', lazy: page(() => import('./routes/onboarding')) },
      {
        // The signed-in shell: the guard decides (spinner, /login, /onboarding, /dashboard) before any page renders.
        lazy: page(() => import('./shell/shell-layout')),
        children: [
          { path: '/dashboard', lazy: page(() => import('./routes/dashboard')) },
          { path: '/create-project', lazy: page(() => import('./routes/create-project')) },
          { path: '/my-projects', lazy: page(() => import('./routes/my-projects')) },
          { path: '/project/:id/edit', lazy: page(() => import('./routes/project-edit')) },
          { path: '/projects', lazy: page(() => import('./routes/marketplace')) },
          { path: '/portfolio', lazy: page(() => import('./routes/portfolio')) },
          { path: '/project/:id', lazy: page(() => import('./routes/project-detail')) },
          { path: '/messages', lazy: page(() => import('./routes/messages')) },
          { path: '/broker-ai', lazy: page(() => import('./routes/broker-ai')) },
          { path: '/project/:projectId/deal/:dealId', lazy: page(() => import('./routes/deal-room')) },
          { path: '/profile', lazy: page(() => import('./routes/profile')) },
          { path: '/settings', lazy: page(() => import('./routes/settings')) },
          { path: '/admin', lazy: page(() => import('./routes/admin')) },
          { path: '/projects/:id', lazy: page(() => import('./routes/project-redirect')) },
          { path: '/deals/:id', lazy: page(() => import('./routes/deal-redirect')) },
          { path: '/access-requests', lazy: page(() => import('./routes/access-requests')) },
          { path: '/facilities', lazy: page(() => import('./routes/facilities')) },
          // A completed deal's way in (?deal=…): its funder sets the facility up; either party opens it.
          { path: '/facilities/new', lazy: page(() => import('./routes/facility-new')) },
          { path: '/facilities/:id', lazy: page(() => import('./routes/facility')) },
          { path: '/draws/:id', lazy: page(() => import('./routes/draw')) },
          // Unknown paths: the guard sends signed-out people to /login and signed-in ones to /dashboard.
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
]);
