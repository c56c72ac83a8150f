import { Badge, type MantineSize } from '@mantine/core';

// Spec 000 section 4: success (green), warning (yellow), error (red); the text is darker than
// Mantine's so it passes WCAG AA on the light tint (the shades the other badges use).
const tones = {
  success: { color: 'green', text: '#1e6b30' },
  warning: { color: 'yellow', text: '#8a4b00' },
  error: { color: 'red', text: '#a51d1d' },
  info: { color: 'blue', text: 'var(--mantine-color-blue-9)' },
  neutral: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
} as const;

export type StatusTone = keyof typeof tones;

/** A status word in the spec's colours (accepted/fulfilled green, pending yellow, declined red). */
export function StatusBadge({
  label,
  tone,
  size = 'sm',
}: {
  label: string;
  tone: StatusTone;
  size?: MantineSize;
}) {
  const look = tones[tone];
  return (
    <Badge color={look.color} c={look.text} variant="light" size={size} style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
