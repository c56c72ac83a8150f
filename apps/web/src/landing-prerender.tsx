import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { cssVariablesResolver, theme } from './app/theme';
import { LandingPage } from './features/landing/components/landing-page';

/**
 * The landing page as HTML, rendered once when the app is built (prerender.mjs). Mantine's provider
 * writes the theme's CSS variables as <style> elements ahead of the markup, as it does in the app.
 */
export function renderLanding(): string {
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <LandingPage />
    </MantineProvider>,
  );
}
