import { Group, Table, Text } from '@mantine/core';
import { pct } from '@plinth/domain/broker-ai/answer';
import {
  type HurdleStanding,
  SENSITIVITY_REVENUE_FALLS,
  type SensitivityGrid,
} from '@plinth/domain/broker-ai/feasibility';
import { formatRate } from '@plinth/domain/format';
import { FeasibilityCard, NeedsFigures } from './feasibility-card';
import { standingLooks, ToneBadge } from './rating-badge';

const standings: HurdleStanding[] = ['clears', 'below', 'loss'];

/** Margin on cost as construction cost rises (rows) and revenue falls (columns). */
export function SensitivityGridCard({
  grid,
  hurdlePercent,
}: {
  grid: SensitivityGrid | null;
  hurdlePercent: number;
}) {
  const hurdle = formatRate(hurdlePercent);
  if (!grid)
    return (
      <FeasibilityCard title="Sensitivity grid">
        <NeedsFigures>
          The sensitivity grid needs the total project cost (above $0) and a revenue: the expected GDC, or the
          expected profit.
        </NeedsFigures>
      </FeasibilityCard>
    );
  const costLabel = grid.costBasis === 'total cost' ? 'Total cost' : 'Construction cost';
  return (
    <FeasibilityCard
      title="Sensitivity grid"
      description={
        grid.costBasis === 'total cost'
          ? 'Margin on cost when the total cost rises (no construction cost is given) and revenue (GRV ex GST) falls.'
          : 'Margin on cost when the construction cost rises (added to the total cost; land and finance costs stay) and revenue (GRV ex GST) falls.'
      }
    >
      <Group gap="xs" aria-label={`Legend: margin on cost against the ${hurdle} hurdle`} role="group">
        <Text fz="sm" fw={600}>
          Against the {hurdle} hurdle:
        </Text>
        {standings.map((standing) => (
          <ToneBadge
            key={standing}
            tone={standingLooks[standing].tone}
            label={
              standing === 'clears'
                ? `Clears (${hurdle} or more)`
                : standing === 'below'
                  ? `Below ${hurdle}`
                  : 'Loss (under 0%)'
            }
          />
        ))}
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder withColumnBorders ta="center" data-testid="sensitivity-grid">
          <Table.Caption>
            Margin on cost: {costLabel.toLowerCase()} up (rows) against revenue down (columns); hurdle{' '}
            {hurdle}.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" ta="left">
                {costLabel} \ Revenue
              </Table.Th>
              {SENSITIVITY_REVENUE_FALLS.map((fall) => (
                <Table.Th key={fall} scope="col" ta="center">
                  Revenue −{formatRate(fall)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grid.rows.map((row) => (
              <Table.Tr key={row[0]!.costRisePercent}>
                <Table.Th scope="row" ta="left">
                  {costLabel} +{formatRate(row[0]!.costRisePercent)}
                </Table.Th>
                {row.map((cell) => (
                  <Table.Td
                    key={cell.revenueFallPercent}
                    data-testid={`sensitivity-cell-${cell.costRisePercent}-${cell.revenueFallPercent}`}
                    data-standing={cell.standing}
                    title={standingLooks[cell.standing].label}
                    aria-label={`${pct(cell.marginOnCost)}, ${standingLooks[cell.standing].label.toLowerCase()}`}
                    style={{
                      background: standingLooks[cell.standing].background,
                      fontVariantNumeric: 'tabular-nums',
                    }}
                  >
                    {pct(cell.marginOnCost)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </FeasibilityCard>
  );
}
