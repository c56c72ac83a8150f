import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import type { InterestMonth } from '@plinth/domain/broker-ai/feasibility';
import { formatAud } from '@plinth/domain/format';
import { FeasibilityCard, NeedsFigures } from './feasibility-card';

// Whole thousands or millions on the axis ('$1.2m'); the tooltip and the table give whole dollars.
const axisAud = (value: number) =>
  Math.abs(value) >= 1_000_000
    ? `$${(value / 1_000_000).toLocaleString('en-AU', { maximumFractionDigits: 1 })}m`
    : Math.abs(value) >= 1_000
      ? `$${Math.round(value / 1_000).toLocaleString('en-AU')}k`
      : formatAud(value);

/** The interest over the term: capitalised monthly on the full facility, beside simple interest. */
export function InterestScheduleCard({ schedule }: { schedule: InterestMonth[] | null }) {
  const last = schedule?.at(-1);
  if (!schedule || !last)
    return (
      <FeasibilityCard title="Capitalised interest">
        <NeedsFigures>
          The interest schedule needs the loan amount, the interest rate and a loan term of at least one
          month.
        </NeedsFigures>
      </FeasibilityCard>
    );
  const data = schedule.map((m) => ({ month: m.month, Capitalised: m.capitalised, Simple: m.simple }));
  const summary = `Over ${last.month} months: ${formatAud(last.capitalised)} of interest capitalised monthly, against ${formatAud(last.simple)} simple; the balance at the end of the term is ${formatAud(last.balance)}.`;
  return (
    <FeasibilityCard
      title="Capitalised interest"
      description="Interest capitalised month by month on the full facility from the first month, beside the simple interest a quote prices."
    >
      <Text fz="sm" data-testid="interest-summary">
        {summary}
      </Text>
      {/* The chart repeats the table below for sighted readers; screen readers get the summary and the table. */}
      <div aria-hidden>
        <LineChart
          h={260}
          data={data}
          dataKey="month"
          withLegend
          curveType="linear"
          withDots={false}
          xAxisLabel="Month"
          yAxisLabel="Interest (AUD)"
          valueFormatter={formatAud}
          yAxisProps={{ tickFormatter: axisAud, width: 70 }}
          series={[
            { name: 'Capitalised', label: 'Capitalised (compounded monthly)', color: 'navy.7' },
            { name: 'Simple', label: 'Simple', color: 'orange.7', strokeDasharray: '5 5' },
          ]}
        />
      </div>
      <details>
        <summary>
          <Text component="span" fz="sm" fw={600}>
            Month-by-month table
          </Text>
        </summary>
        <Table.ScrollContainer minWidth={520} mah={360}>
          <Table striped stickyHeader ta="right">
            <Table.Caption>Interest month by month over the {last.month}-month term, in AUD.</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                <Table.Th scope="col">Interest this month</Table.Th>
                <Table.Th scope="col">Capitalised to date</Table.Th>
                <Table.Th scope="col">Simple to date</Table.Th>
                <Table.Th scope="col">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedule.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Th scope="row">{m.month}</Table.Th>
                  <Table.Td>{formatAud(m.interest)}</Table.Td>
                  <Table.Td>{formatAud(m.capitalised)}</Table.Td>
                  <Table.Td>{formatAud(m.simple)}</Table.Td>
                  <Table.Td>{formatAud(m.balance)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </details>
    </FeasibilityCard>
  );
}
