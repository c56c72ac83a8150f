import { type CSSVariablesResolver, createTheme, Modal, Notification } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'navy',
  colors: {
    navy: [
      '#eef3f8',
      '#dbe4ee',
      '#b3c6da',
      '#88a6c6',
      '#648bb5',
      '#4e7aab',
      '#3f6d9f',
      '#2f5b8b',
      '#24507c',
      '#1c3d5a',
    ],
  },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'md',
  components: {
    // A modal's close button is an icon: it needs a name (a modal may still give its own).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Toasts: Mantine's close button has no accessible name, and its message grey (gray.6) is
    // under 4.5:1 on white.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  },
});

// Mantine's default error red (red.6) and dimmed grey are under 4.5:1 on white: use darker shades
// everywhere so text passes WCAG AA.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
