import { Anchor, Badge, Box, Group, Skeleton, Table, Text } from '@mantine/core';
import type { Facility } from '@plinth/domain/facilities';
import { daysBetween } from '@plinth/domain/facility/dates';
import { facilityStatusLabels } from '@plinth/domain/facility/facility-machine';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-states';
import { calendarDay } from '../../../lib/format';
import { facilityQueryKeys } from '../api/facility-query-keys';
import { useFacilities } from '../api/get-facilities';
import { getInBalance } from '../api/get-in-balance';
import { useLiveFacilities } from '../hooks/use-live-facilities';
import { aud, day, percentOf } from '../utils/money';
import { textOn } from '../utils/text-colors';
import { ScrollTable } from './scroll-table';

/** The in-balance light: green when the loan is in balance, red with the shortfall when not. */
function InBalanceLight({ shortfall }: { shortfall: number | undefined }) {
  if (shortfall === undefined) return <Skeleton h={20} w={110} aria-hidden />;
  const isInBalance = shortfall === 0;
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        aria-hidden
        w={12}
        h={12}
        style={{
          borderRadius: '50%',
          background: `var(--mantine-color-${isInBalance ? 'green-7' : 'red-7'})`,
        }}
      />
      <Text fz="sm" c={isInBalance ? textOn.green : textOn.red}>
        {isInBalance ? 'In balance' : `Short ${aud(shortfall)}`}
      </Text>
    </Group>
  );
}

const daysToCompletion = (f: Facility) => {
  const days = daysBetween(calendarDay(), f.latest_practical_completion_date);
  return days < 0 ? `${-days} days past` : `${days} days`;
};

/**
 * The caller's facilities (a funder's portfolio; a developer's or surveyor's own): drawn share of the
 * limit, headroom, the in-balance light, the next Security of Payment deadline and the days to the
 * latest practical completion. Live: a 'facility' event refreshes it without a reload.
 */
export function FacilitiesPortfolio() {
  useLiveFacilities();
  const { data, isError, error } = useFacilities();
  const balances = useQueries({
    queries: (data?.items ?? []).map((f) => ({
      queryKey: facilityQueryKeys.inBalance(f.id),
      queryFn: () => getInBalance(f.id),
      retry: false,
    })),
  });

  if (isError) return <LoadFailedAlert title="Failed to load facilities">{error.message}</LoadFailedAlert>;
  if (!data) return <Skeleton h={200} aria-label="Loading facilities" role="status" />;
  if (data.items.length === 0)
    return (
      <Text c="gray.7">No facilities yet. A facility is set up by the funder once a deal is complete.</Text>
    );

  return (
    <ScrollTable label={'Facilities'} minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="facilities-table">
        <Table.Caption>Facilities you are party to; amounts in AUD.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Project</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Limit</Table.Th>
            <Table.Th scope="col">Drawn</Table.Th>
            <Table.Th scope="col">Headroom</Table.Th>
            <Table.Th scope="col">In balance</Table.Th>
            <Table.Th scope="col">Next SOP deadline</Table.Th>
            <Table.Th scope="col">To latest completion</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((f, index) => (
            <Table.Tr key={f.id} data-testid={`facility-row-${f.id}`}>
              <Table.Th scope="row" fw={600}>
                <Anchor component={Link} to={`/facilities/${f.id}`}>
                  {f.project_title}
                </Anchor>
                <Text fz="xs" c="gray.7">
                  {f.state}
                </Text>
              </Table.Th>
              <Table.Td>
                <Badge variant="light" color={f.status === 'active' ? 'green' : 'gray'} c="dark.7">
                  {facilityStatusLabels[f.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{aud(f.limit_cents)}</Table.Td>
              <Table.Td data-testid="facility-drawn">
                {aud(f.drawn_cents)}{' '}
                <Text span fz="xs" c="gray.7">
                  ({percentOf(f.drawn_cents, f.limit_cents)})
                </Text>
              </Table.Td>
              <Table.Td>{aud(f.undrawn_cents)}</Table.Td>
              <Table.Td data-testid="facility-in-balance">
                <InBalanceLight shortfall={balances[index]?.data?.shortfall_cents} />
              </Table.Td>
              <Table.Td>{day(f.next_payment_schedule_due)}</Table.Td>
              <Table.Td>{daysToCompletion(f)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
