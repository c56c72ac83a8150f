import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Draw } from '@plinth/domain/facilities';
import { formatDateTime } from '../../../lib/format';
import { day } from '../utils/money';
import { textOn } from '../utils/text-colors';

/**
 * The Security of Payment clock of one claim: when it was served, the payment schedule's due day
 * under the project state's Act, and the surveyor's and funder's own deadlines inside it (the
 * server's figures from the domain's business-day calendar).
 */
export function SopClockPanel({ draw, state }: { draw: Draw; state: string }) {
  const isOpen = draw.status === 'submitted' || draw.status === 'certified' || draw.status === 'approved';
  const left = draw.business_days_left;
  return (
    <Stack gap={6} component="section" aria-labelledby="sop-clock">
      <Title order={2} fz="lg" id="sop-clock">
        Security of Payment clock ({state})
      </Title>
      <Text fz="sm">
        Claim served {formatDateTime(draw.claim_served_at)}. The payment schedule is due by{' '}
        <strong>{day(draw.payment_schedule_due)}</strong>; the quantity surveyor's deadline is{' '}
        {day(draw.surveyor_due)} and the funder's {day(draw.funder_due)}.
      </Text>
      {isOpen && (
        <Group gap="xs">
          <Badge
            color={left <= 2 ? 'red' : left <= 5 ? 'orange' : 'gray'}
            c={left <= 2 ? textOn.red : left <= 5 ? textOn.orange : textOn.gray}
            variant="light"
            data-testid="sop-days-left"
          >
            {left < 0
              ? `${-left} business ${-left === 1 ? 'day' : 'days'} overdue`
              : `${left} business ${left === 1 ? 'day' : 'days'} left`}
          </Badge>
        </Group>
      )}
    </Stack>
  );
}
