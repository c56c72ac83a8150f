import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { budgetCategoryLabels } from '@plinth/domain/facility/budget';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBudget } from '../api/get-budget';
import { drawQueryOptions } from '../api/get-draw';
import type { DrawSummary } from '../api/get-draws';
import { useInBalance } from '../api/get-in-balance';
import { costReport, costReportTotals } from '../utils/cost-report';
import { aud, percentOf } from '../utils/money';
import { textOn } from '../utils/text-colors';
import { ScrollTable } from './scroll-table';

/**
 * The cost report by budget line: budget, claimed, certified, paid, retention held and to complete
 * (the in-balance test's own figure), with the contingency used.
 */
export function CostReportTable({
  facilityId,
  draws,
}: {
  facilityId: string;
  draws: DrawSummary[] | undefined;
}) {
  const budget = useBudget(facilityId);
  const inBalance = useInBalance(facilityId);
  const counted = (draws ?? []).filter((d) => d.status !== 'draft' && d.status !== 'cancelled');
  const details = useQueries({ queries: counted.map((d) => drawQueryOptions(d.id)) });
  const isLoaded = budget.data && inBalance.data && draws && details.every((d) => d.data);
  const lines = useMemo(() => {
    if (!isLoaded) return null;
    const toComplete = new Map(
      inBalance.data!.lines.filter((l) => l.budget_line_id).map((l) => [l.budget_line_id!, l.required_cents]),
    );
    return costReport(
      budget.data!.approved?.lines ?? [],
      details.map((d) => d.data!),
      toComplete,
    );
  }, [isLoaded, budget.data, inBalance.data, details]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="cost-report">
      <Title order={2} fz="lg" id="cost-report">
        Cost report
      </Title>
      {budget.isError ? (
        <Text c={textOn.red}>{budget.error.message}</Text>
      ) : !lines ? (
        <Skeleton h={320} aria-hidden />
      ) : lines.length === 0 ? (
        <Text c="gray.7">No approved budget yet.</Text>
      ) : (
        <CostReportBody lines={lines} />
      )}
    </Stack>
  );
}

function CostReportBody({ lines }: { lines: ReturnType<typeof costReport> }) {
  const totals = costReportTotals(lines);
  const contingency = lines.filter((l) => l.category === 'contingency');
  const contingencyBudget = contingency.reduce((s, l) => s + l.budget_cents, 0);
  const contingencyUsed = contingency.reduce((s, l) => s + l.certified_cents, 0);
  return (
    <>
      <Text fz="sm" data-testid="contingency-used">
        Contingency used: {aud(contingencyUsed)} of {aud(contingencyBudget)} (
        {percentOf(contingencyUsed, contingencyBudget)}).
      </Text>
      <ScrollTable label={'Cost report by line'} minWidth={860}>
        <Table striped verticalSpacing="xs" fz="sm" data-testid="cost-report-table">
          <Table.Caption>
            Amounts in AUD; to complete is what the in-balance test counts for the line.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Budget</Table.Th>
              <Table.Th scope="col">Claimed</Table.Th>
              <Table.Th scope="col">Certified</Table.Th>
              <Table.Th scope="col">Paid</Table.Th>
              <Table.Th scope="col">Retention</Table.Th>
              <Table.Th scope="col">To complete</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.budget_line_id}>
                <Table.Th scope="row" fw={500}>
                  {l.code} {l.name}
                  <Text fz="xs" c="gray.7">
                    {budgetCategoryLabels[l.category]}
                  </Text>
                </Table.Th>
                <Table.Td>{aud(l.budget_cents)}</Table.Td>
                <Table.Td>{aud(l.claimed_cents)}</Table.Td>
                <Table.Td>{aud(l.certified_cents)}</Table.Td>
                <Table.Td>{aud(l.paid_cents)}</Table.Td>
                <Table.Td>{aud(l.retention_cents)}</Table.Td>
                <Table.Td>{l.category === 'finance' ? 'forecast' : aud(l.to_complete_cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td fw={600}>{aud(totals.budget_cents)}</Table.Td>
              <Table.Td fw={600}>{aud(totals.claimed_cents)}</Table.Td>
              <Table.Td fw={600}>{aud(totals.certified_cents)}</Table.Td>
              <Table.Td fw={600}>{aud(totals.paid_cents)}</Table.Td>
              <Table.Td fw={600}>{aud(totals.retention_cents)}</Table.Td>
              <Table.Td fw={600}>{aud(totals.to_complete_cents)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
    </>
  );
}
