import { Badge } from '@mantine/core';
import type { AdminProject } from '@plinth/domain/admin';

// Spec 001 section 9: success for live, warning for pending and draft, error for rejected; and the
// brand's navy for funded (a completed deal: off the market, done), as on the developer's badge.
const colours: Record<AdminProject['status_label'], string> = {
  Published: 'green',
  'Pending Review': 'yellow',
  Draft: 'yellow',
  Rejected: 'red',
  Funded: 'navy',
};

export function ProjectStatusBadge({ label }: { label: AdminProject['status_label'] }) {
  const colour = colours[label];
  // Mantine's shade 9 on a light badge is under 4.5:1 for yellow and green: darken the text further.
  return (
    <Badge
      color={colour}
      variant="light"
      c={`color-mix(in srgb, var(--mantine-color-${colour}-9) 65%, black)`}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}
