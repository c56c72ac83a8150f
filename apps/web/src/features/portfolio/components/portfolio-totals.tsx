import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { PortfolioResponse } from '@plinth/domain/deals';
import { formatAud, formatRate } from '@plinth/domain/format';

/**
 * The portfolio's totals as the server computed them (spec 000 section 9: total returns = funded
 * amount x 12.5 %, a fixed figure).
 */
export function PortfolioTotals({ totals }: { totals: PortfolioResponse['totals'] }) {
  const stats = [
    { title: 'DEALS', value: String(totals.deals), note: 'Projects with approved access' },
    { title: 'ACTIVE DEALS', value: String(totals.active_deals), note: 'Open deal rooms' },
    { title: 'FUNDED', value: String(totals.funded_count), note: 'Completed deals' },
    {
      title: 'FUNDED AMOUNT',
      value: formatAud(totals.funded_amount),
      note: 'Agreed where a quote was accepted',
    },
    {
      title: 'TOTAL RETURNS',
      value: formatAud(totals.total_returns),
      note: `Average return ${formatRate(totals.average_return_percent)}`,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
      {stats.map((stat) => (
        <Paper key={stat.title} withBorder radius="md" p="lg">
          <Text fz="xs" fw={700} c="gray.7" style={{ letterSpacing: '0.05em' }}>
            {stat.title}
          </Text>
          <Text fz={26} fw={700} c="navy.9" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {stat.value}
          </Text>
          <Text fz="sm" c="gray.7">
            {stat.note}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
