/**
 * Text darker than Mantine's own shade 9 where that one fails WCAG AA on its light tint or a striped
 * row (green.9 #2b8a3e is 3.8:1 on green's light tint); checked with axe in the facility browser test.
 */
export const textOn = {
  green: '#1e6b30',
  teal: '#06634a',
  orange: '#8a4b00',
  red: '#a51d1d',
  blue: 'var(--mantine-color-blue-9)',
  indigo: 'var(--mantine-color-indigo-9)',
  gray: 'var(--mantine-color-dark-7)',
} as const;
