import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { theme } from '../src/app/theme';
import { resolveRelativeFetch, startScriptedApiServer } from './scripted-api-server';

export const FACILITY = '00000000-0000-4000-8000-0000000000f1';
export const DEAL = '00000000-0000-4000-8000-0000000000d1';

/**
 * A screen test's time limit: a form of six covenants renders in about a second on a quiet machine
 * and took 5.6 s with the load average at 25 (two cores shared by eight engineers), past vitest's 5 s.
 * The tests wait on what the screen shows, never on time, so a longer limit hides no race.
 */
export const SCREEN_TIMEOUT_MS = 20_000;

// findBy/waitFor wait up to 10 s in every web test (setup-dom.ts).

/**
 * The facility screens' web tests: the real api-client against a real HTTP server answering by
 * script, one per file. Returns the server (read after beforeAll has run).
 */
export function scriptedFacilityApi() {
  const holder = {} as { server: Awaited<ReturnType<typeof startScriptedApiServer>> };
  beforeAll(async () => {
    holder.server = await startScriptedApiServer();
    vi.stubGlobal('fetch', resolveRelativeFetch(holder.server.origin));
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });
  afterEach(() => {
    cleanup();
    // Mantine's notifications live in a store of their own, outside the tree cleanup() unmounts.
    notifications.clean();
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await holder.server.close();
  });
  return holder;
}

/** A screen inside the app's providers, with a fresh query cache. */
export function show(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The text of the elements an input's aria-describedby names: its description and error. */
export const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
