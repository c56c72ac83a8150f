import { Table } from '@mantine/core';
import { pct } from '@plinth/domain/broker-ai/answer';
import type { StressCase } from '@plinth/domain/broker-ai/tools';
import { formatAud, formatRate } from '@plinth/domain/format';
import { FeasibilityCard, NeedsFigures } from './feasibility-card';
import { ToneBadge } from './rating-badge';

const caseLabels: Record<StressCase['name'], string> = {
  base: 'Base case (the listing)',
  'cost +10%': 'Cost blow-out (cost +10%)',
  'revenue −10%': 'Sales drop (revenue −10%)',
  '6-month delay': '6-month delay (six more months of interest)',
  combined: 'Combined (all three)',
};

/** The lenders' stress cases, each against the margin hurdle. */
export function StressCasesCard({
  cases,
  hurdlePercent,
  isWhatIf = false,
}: {
  cases: StressCase[] | null;
  hurdlePercent: number;
  /** The viewer changed figures: the base row is theirs, not the listing's (issue 37 item 9). */
  isWhatIf?: boolean;
}) {
  const hurdle = formatRate(hurdlePercent);
  if (!cases)
    return (
      <FeasibilityCard title="Stress cases">
        <NeedsFigures>
          The stress cases need the total project cost (above $0) and a revenue: the expected GDC, or the
          expected profit.
        </NeedsFigures>
      </FeasibilityCard>
    );
  const hasDelay = cases.some((c) => c.name === '6-month delay');
  return (
    <FeasibilityCard
      title="Stress cases"
      description={`Margin on cost in each case lenders run, against the ${hurdle} hurdle.${
        hasDelay
          ? ''
          : ' The 6-month delay needs the interest rate, so it is left out here and of the combined case.'
      }`}
    >
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label={`Stress cases against the ${hurdle} hurdle`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Case</Table.Th>
              <Table.Th scope="col" ta="right">
                Cost
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Revenue
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Profit
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Margin on cost
              </Table.Th>
              <Table.Th scope="col">Against {hurdle}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cases.map((c) => (
              <Table.Tr key={c.name} data-testid={`stress-${c.name}`}>
                <Table.Th scope="row" fw={600}>
                  {c.name === 'base' && isWhatIf ? 'What-if (your figures)' : caseLabels[c.name]}
                </Table.Th>
                <Table.Td ta="right">{formatAud(c.cost)}</Table.Td>
                <Table.Td ta="right">{formatAud(c.revenue)}</Table.Td>
                <Table.Td ta="right">{formatAud(c.profit)}</Table.Td>
                <Table.Td ta="right">{pct(c.marginOnCost)}</Table.Td>
                <Table.Td>
                  {c.clearsHurdle ? (
                    <ToneBadge tone="green" label="Clears" />
                  ) : (
                    <ToneBadge tone="red" label="Fails" />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </FeasibilityCard>
  );
}
