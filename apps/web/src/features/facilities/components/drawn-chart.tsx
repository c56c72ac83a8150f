import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Box, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DrawSummary } from '../api/get-draws';
import { drawnOverTime } from '../utils/cost-report';
import { aud, day } from '../utils/money';

const CHART_HEIGHT = 260;

// The axis in thousands or millions ('$1.2m'); whole dollars from cents, display only.
const axisAud = (dollars: number) =>
  dollars >= 1_000_000
    ? `$${(dollars / 1_000_000).toLocaleString('en-AU', { maximumFractionDigits: 1 })}m`
    : dollars >= 1_000
      ? `$${Math.round(dollars / 1_000).toLocaleString('en-AU')}k`
      : `$${dollars}`;

/**
 * Paid to date against the approved budget, one point per funded draw. The chart's height is held
 * while the figures load, so nothing below it moves; screen readers get the summary sentence.
 */
export function DrawnChart({
  closeDate,
  budgetCents,
  draws,
}: {
  closeDate: string;
  budgetCents: number | undefined;
  draws: DrawSummary[] | undefined;
}) {
  const points = draws && budgetCents !== undefined ? drawnOverTime(closeDate, budgetCents, draws) : null;
  const last = points?.at(-1);
  return (
    <Stack gap="xs" component="section" aria-labelledby="drawn-chart">
      <Title order={2} fz="lg" id="drawn-chart">
        Drawn against budget
      </Title>
      <Box h={CHART_HEIGHT + 28}>
        {!points || !last ? (
          <Skeleton h={CHART_HEIGHT + 28} aria-hidden />
        ) : (
          <>
            <Text fz="sm" data-testid="drawn-summary">
              {aud(last.paid_cents)} certified and paid of a {aud(last.budget_cents)} budget by{' '}
              {day(last.date)}.
            </Text>
            <div aria-hidden>
              <AreaChart
                h={CHART_HEIGHT}
                data={points.map((p) => ({
                  date: day(p.date),
                  Paid: Math.trunc(p.paid_cents / 100),
                  Budget: Math.trunc(p.budget_cents / 100),
                }))}
                dataKey="date"
                withLegend
                curveType="stepAfter"
                valueFormatter={(dollars) => aud(dollars * 100)}
                yAxisProps={{ tickFormatter: axisAud, width: 70 }}
                series={[
                  { name: 'Paid', label: 'Certified and paid', color: 'navy.7' },
                  { name: 'Budget', label: 'Approved budget', color: 'orange.7', strokeDasharray: '5 5' },
                ]}
              />
            </div>
          </>
        )}
      </Box>
    </Stack>
  );
}
