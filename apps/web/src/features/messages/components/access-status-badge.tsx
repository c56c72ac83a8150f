import { Badge, type MantineSize } from '@mantine/core';
import type { AccessStatus } from '@plinth/domain/marketplace';

// Spec 000 section 4: success (green), warning (yellow), error (red); the text is darker than
// Mantine's so it passes WCAG AA on the light tint (the shades the listing badges use).
const tones = {
  success: { color: 'green', text: '#1e6b30' },
  warning: { color: 'yellow', text: '#8a4b00' },
  error: { color: 'red', text: '#a51d1d' },
  neutral: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
} as const;

const looks: Record<AccessStatus, { label: string; tone: keyof typeof tones }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  declined: { label: 'Declined', tone: 'error' },
  due_diligence: { label: 'Due Diligence', tone: 'success' },
  term_sheet: { label: 'Term Sheet', tone: 'success' },
  funded: { label: 'Funded', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
  revoked: { label: 'Access revoked', tone: 'error' },
};

export function AccessStatusBadge({ status, size = 'sm' }: { status: AccessStatus; size?: MantineSize }) {
  const look = looks[status];
  const tone = tones[look.tone];
  return (
    <Badge color={tone.color} c={tone.text} variant="light" size={size} style={{ flexShrink: 0 }}>
      {look.label}
    </Badge>
  );
}
