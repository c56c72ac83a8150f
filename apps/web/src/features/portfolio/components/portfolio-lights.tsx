import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PortfolioLights as Lights } from '@plinth/domain/covenants';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { usePortfolioLights } from '../api/get-portfolio-lights';

const lightColour = { green: 'green', amber: 'orange', red: 'red' } as const;
const lightWord = { green: 'On track', amber: 'Watch', red: 'Breach' } as const;
const eventWord = { sunset: 'Sunset date', bond_expiry: 'Deposit bond expires' } as const;

type Item = Lights['items'][number];

function FacilityLight({ item }: { item: Item }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      aria-label={`${item.project_title}: ${lightWord[item.light]}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Anchor component={Link} to={`/facilities/${item.facility_id}`} fw={600} c="navy.9">
          {item.project_title}
        </Anchor>
        <Badge color={lightColour[item.light]} variant="filled" radius="sm">
          {lightWord[item.light]}
        </Badge>
      </Group>
      <Text fz="sm" c="gray.8" mt={4}>
        {item.summary}
      </Text>
      {item.upcoming.length > 0 && (
        <Stack gap={2} mt="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
          {item.upcoming.slice(0, 5).map((u) => (
            <Text key={`${u.kind}-${u.lot}-${u.date}`} component="li" fz="xs" c="gray.7">
              Lot {u.lot}: {eventWord[u.kind]} {formatDate(u.date)} ({u.days_away} days)
            </Text>
          ))}
          {item.upcoming.length > 5 && (
            <Text component="li" fz="xs" c="gray.7">
              and {item.upcoming.length - 5} more
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The portfolio's lights (issue 34 item 9): each facility the funder holds with its covenant light
 * (red in default or past a cure period, amber while a breach is being cured or a covenant is within
 * 5 % of its threshold) and the sunset dates and deposit-bond expiries of the next 90 days. Nothing
 * is shown while the funder holds no facility, or if the lights cannot be read.
 */
export function PortfolioLights() {
  const query = usePortfolioLights();
  if (!query.data || query.data.items.length === 0) return null;
  const { items, totals, horizon_days } = query.data;
  return (
    <section aria-labelledby="portfolio-lights-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="portfolio-lights-title">
          Facilities
        </Title>
        <Group gap="xs" aria-label="Facilities by light">
          <Badge color="red" variant="light">{`${totals.red} breach`}</Badge>
          <Badge color="orange" variant="light">{`${totals.amber} watch`}</Badge>
          <Badge color="green" variant="light">{`${totals.green} on track`}</Badge>
        </Group>
      </Group>
      <Text fz="xs" c="gray.7" mb="sm">
        Covenants as last tested; sunset dates and deposit-bond expiries in the next {horizon_days} days.
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {items.map((item) => (
          <FacilityLight key={item.facility_id} item={item} />
        ))}
      </SimpleGrid>
    </section>
  );
}
