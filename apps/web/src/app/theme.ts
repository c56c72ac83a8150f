import { createTheme } from '@mantine/core';

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
});
