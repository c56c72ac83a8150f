import { Table, Text } from '@mantine/core';
import type { Draw } from '@plinth/domain/facilities';
import { aud } from '../utils/money';
import { textOn } from '../utils/text-colors';
import { ScrollTable } from './scroll-table';

/** The claim beside the certificate, line by line, with the surveyor's reasons and retention. */
export function DrawLinesTable({ draw }: { draw: Draw }) {
  if (draw.lines.length === 0) return <Text c="gray.7">No lines claimed yet.</Text>;
  const isCertified = draw.certified_cents !== null;
  return (
    <ScrollTable label={'Draw lines'} minWidth={720}>
      <Table striped verticalSpacing="xs" fz="sm" data-testid="draw-lines">
        <Table.Caption>Claimed beside certified, in AUD.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Budget</Table.Th>
            <Table.Th scope="col">Claimed</Table.Th>
            <Table.Th scope="col">Certified</Table.Th>
            <Table.Th scope="col">Difference</Table.Th>
            <Table.Th scope="col">Retention</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draw.lines.map((l) => {
            const gap = l.certified_cents === null ? null : l.claimed_cents - l.certified_cents;
            return (
              <Table.Tr key={l.budget_line_id}>
                <Table.Th scope="row" fw={500}>
                  {l.code} {l.name}
                </Table.Th>
                <Table.Td>{aud(l.budget_cents)}</Table.Td>
                <Table.Td>{aud(l.claimed_cents)}</Table.Td>
                <Table.Td>{isCertified ? aud(l.certified_cents) : 'not yet'}</Table.Td>
                <Table.Td c={gap ? textOn.red : undefined}>
                  {gap === null ? '—' : gap > 0 ? `−${aud(gap)}` : '—'}
                </Table.Td>
                <Table.Td>{aud(l.retention_cents)}</Table.Td>
                <Table.Td>{l.reason || '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td />
            <Table.Td fw={600}>{aud(draw.claimed_cents)}</Table.Td>
            <Table.Td fw={600}>{isCertified ? aud(draw.certified_cents) : 'not yet'}</Table.Td>
            <Table.Td
              fw={600}
              c={isCertified && draw.claimed_cents > draw.certified_cents! ? textOn.red : undefined}
            >
              {isCertified && draw.claimed_cents > draw.certified_cents!
                ? `−${aud(draw.claimed_cents - draw.certified_cents!)}`
                : '—'}
            </Table.Td>
            <Table.Td fw={600}>{aud(draw.retention_cents)}</Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}
