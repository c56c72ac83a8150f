import { Badge } from '@mantine/core';
import { type DrawState, drawStateLabels } from '@plinth/domain/facility/draw-machine';
import { textOn } from '../utils/text-colors';

const colors: Record<DrawState, keyof typeof textOn> = {
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
    <Badge color={colors[status]} variant="light" c={textOn[colors[status]]}>
      {drawStateLabels[status]}
    </Badge>
  );
}
