import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { lvrBarPercent } from '@plinth/domain/finance';
import { formatRate } from '@plinth/domain/format';
import type { ProjectResponse } from '@plinth/domain/projects';
import { audOrDash, countOrDash, ratioOrDash } from '../utils/figures';
import { DetailFields } from './detail-fields';

/** Lenders read LVR bands: up to 65 % comfortable, to 80 % usual, above that stretched. */
const lvrColour = (lvr: number) => (lvr <= 65 ? 'green.8' : lvr <= 80 ? 'yellow.8' : 'red.8');

export function ProjectFinancialsTab({ project }: { project: ProjectResponse }) {
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="md">
          Loan and costs
        </Title>
        <DetailFields
          fields={[
            { label: 'Loan amount', value: audOrDash(project.loan_amount) },
            { label: 'Interest rate', value: formatRate(project.interest_rate) },
            { label: 'Loan term', value: countOrDash(project.loan_term, ' months') },
            { label: 'Total project cost', value: audOrDash(project.total_project_cost) },
            { label: 'Equity contribution', value: audOrDash(project.equity_contribution) },
            { label: 'Land value', value: audOrDash(project.land_value) },
            { label: 'Construction cost', value: audOrDash(project.construction_cost) },
            { label: 'Expected GDC', value: audOrDash(project.expected_gdc) },
            { label: 'Expected profit', value: audOrDash(project.expected_profit) },
          ]}
        />
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="lg" mb="md">
          Key metrics
        </Title>
        <Stack gap="lg">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fz="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                LVR (loan to land value)
              </Text>
              <Text fw={700}>{formatRate(project.lvr)}</Text>
            </Group>
            <Progress
              value={lvrBarPercent(project.lvr)}
              color={project.lvr === null ? 'gray' : lvrColour(project.lvr)}
              size="lg"
              radius="xl"
              aria-label="LVR"
            />
          </Stack>
          <DetailFields
            fields={[
              { label: 'ICR', value: ratioOrDash(project.icr) },
              { label: 'Debt / equity', value: ratioOrDash(project.debt_to_equity) },
              { label: 'Monthly interest', value: audOrDash(project.monthly_interest) },
              { label: 'Profit margin (on cost)', value: formatRate(project.profit_margin) },
            ]}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
