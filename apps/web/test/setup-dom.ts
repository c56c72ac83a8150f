import { configure } from '@testing-library/react';

// Set up once for every web test (vitest.config.ts, project 'web'): what jsdom lacks and the app's
// components need. Mantine asks matchMedia for the colour scheme.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

// findBy/waitFor wait for what the screen shows, never for time: 1 s (the default) was too short for
// an answer from the scripted server to reach the screen on a loaded machine (an alert seen at 1.7 s;
// 15 files timed out at load 33). Up to 10 s, as the browser journeys' expect.poll: a wrong screen
// still fails, only later.
configure({ asyncUtilTimeout: 10_000 });
