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
