import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatAud, formatRate } from '@plinth/domain/format';
import type { MarketplaceResponse } from '@plinth/domain/marketplace';
import { averageReturnNote } from '@plinth/domain/marketplace-stats';

/**
 * The stats header. The counts are over the whole filtered set (not only the page shown); the
 * average return is a fixed cell's (the whole market, or one property type in one state) from the
 * day's snapshot, and its note says which cell and which day (decision 032).
 */
export function MarketplaceStats({ stats }: { stats: MarketplaceResponse['stats'] | undefined }) {
  const items = [
    { title: 'Total Capital Seeking', value: stats ? formatAud(stats.total_capital_seeking) : undefined },
    { title: 'Active Opportunities', value: stats?.active_opportunities.toLocaleString('en-AU') },
    { title: 'Trending Asset Class', value: stats ? (stats.trending_asset_class ?? '—') : undefined },
    {
      title: 'Average Expected Return',
      value: stats ? formatRate(stats.average_expected_return) : undefined,
      // When the figure is a dash, the note says why (issue 37 item 14).
      note: stats ? averageReturnNote(stats) : undefined,
    },
  ];
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 2, md: 4 }}
      spacing="md"
      m={0}
      aria-label="Marketplace statistics"
    >
      {items.map((item) => (
        <Paper key={item.title} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <Text component="dt" fz="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: '0.05em' }}>
            {item.title}
          </Text>
          <Text component="dd" m={0} mt={4} fz={{ base: 20, sm: 26 }} fw={700} c="navy.9">
            {item.value ?? <Skeleton h={28} w="60%" mt={4} aria-hidden />}
          </Text>
          {item.note && (
            <Text component="dd" m={0} mt={2} fz="xs" c="gray.7">
              {item.note}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
