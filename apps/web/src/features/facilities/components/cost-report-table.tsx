import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { budgetCategoryLabels } from '@plinth/domain/facility/budget';
import { type CostReport, useCostReport } from '../api/get-cost-report';
import { aud, percentOf } from '../utils/money';
import { textOn } from '../utils/text-colors';
import { ScrollTable } from './scroll-table';

/**
 * The cost report by budget line: budget, claimed, certified, paid, retention held and to complete
 * (the in-balance test's own figure), with the contingency used; one answer from the server's
 * GET /facilities/{id}/cost-report (decision 078), refreshed by the 'facility' live event.
 */
export function CostReportTable({ facilityId }: { facilityId: string }) {
  const report = useCostReport(facilityId);
  return (
    <Stack gap="xs" component="section" aria-labelledby="cost-report">
      <Title order={2} fz="lg" id="cost-report">
        Cost report
      </Title>
      {report.isError ? (
        <Text c={textOn.red}>{report.error.message}</Text>
      ) : !report.data ? (
        <Skeleton h={320} aria-hidden />
      ) : report.data.lines.length === 0 ? (
        <Text c="gray.7">No approved budget yet.</Text>
      ) : (
        <CostReportBody report={report.data} />
      )}
    </Stack>
  );
}

function CostReportBody({ report }: { report: CostReport }) {
  const { lines, totals } = report;
  const contingencyBudget = report.contingency.budget_cents;
  const contingencyUsed = report.contingency.used_cents;
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
              <Table.Th scope="col">Retention held</Table.Th>
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
                <Table.Td>{aud(l.retention_held_cents)}</Table.Td>
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
              <Table.Td fw={600}>{aud(totals.retention_held_cents)}</Table.Td>
              <Table.Td fw={600}>{aud(totals.to_complete_cents)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
    </>
  );
}
