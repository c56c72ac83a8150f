import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { lvr, lvrBarPercent } from '@plinth/domain/finance';
import { formatRate } from '@plinth/domain/format';
import { numberOrNull } from '../utils/project-form-values';
import { AmountInput, type ProjectForm } from './form-fields';

/** Step 2: the project's costs and returns, and the LVR they give. */
export function FinancialsStep({ form }: { form: ProjectForm }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <AmountInput form={form} field="total_project_cost" label="Total project cost" required min={1} />
        <AmountInput form={form} field="equity_contribution" label="Equity contribution" required min={0} />
        <AmountInput form={form} field="land_value" label="Land value" min={0} />
        <AmountInput form={form} field="construction_cost" label="Construction cost" min={0} />
        <AmountInput
          form={form}
          field="expected_gdc"
          label="Expected GDC"
          description="Gross development value on completion"
          min={0}
        />
        <AmountInput form={form} field="expected_profit" label="Expected profit" min={0} />
      </SimpleGrid>
      <LvrSummary
        loanAmount={numberOrNull(form.values.loan_amount)}
        landValue={numberOrNull(form.values.land_value)}
      />
    </Stack>
  );
}

/** The computed LVR (loan amount / land value), as the project page will show it. */
export function LvrSummary({
  loanAmount,
  landValue,
}: {
  loanAmount: number | null;
  landValue: number | null;
}) {
  const value = lvr(loanAmount, landValue);
  const text = formatRate(value);
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <div>
          <Text fw={600} id="computed-lvr-label">
            Loan-to-value ratio (LVR)
          </Text>
          <Text fz="sm" c="gray.7">
            Loan amount ÷ land value
          </Text>
        </div>
        <Text fz="xl" fw={700} aria-labelledby="computed-lvr-label" data-testid="computed-lvr">
          {text}
        </Text>
      </Group>
      <Progress mt="sm" value={lvrBarPercent(value)} color="navy" aria-label="LVR" />
      {value === null && (
        <Text fz="sm" c="gray.7" mt="xs">
          Enter the loan amount (step 1) and the land value to see the LVR.
        </Text>
      )}
    </Paper>
  );
}
