import { Badge } from '@mantine/core';
import { type DrawState, drawStateLabels } from '@plinth/domain/facility/draw-machine';

const colors: Record<DrawState, string> = {
  draft: 'gray',
  submitted: 'blue',
  certified: 'indigo',
  approved: 'teal',
  funded: 'green',
  returned: 'orange',
  rejected: 'red',
  cancelled: 'gray',
};

export function DrawStatusBadge({ status }: { status: DrawState }) {
  return (
    <Badge color={colors[status]} variant="light" c={`${colors[status]}.9`}>
      {drawStateLabels[status]}
    </Badge>
  );
}
