import { Anchor, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BudgetResult } from '../api/get-budget';
import type { DrawSummary } from '../api/get-draws';
import { aud, day } from '../utils/money';
import { DrawStatusBadge } from './draw-status-badge';
import { DrawWorkspace } from './draw-workspace';
import { ScrollTable } from './scroll-table';

/** The facility's draws, newest first; the developer starts a new draft here (any number of them). */
export function DrawsList({
  facilityId,
  draws,
  budget,
  canStartDraft,
}: {
  facilityId: string;
  draws: DrawSummary[] | undefined;
  budget: BudgetResult | undefined;
  canStartDraft: boolean;
}) {
  const [isDrafting, setIsDrafting] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-labelledby="draws">
      <Title order={2} fz="lg" id="draws">
        Draws
      </Title>
      {canStartDraft && !isDrafting && (
        <div>
          <Button onClick={() => setIsDrafting(true)}>New draft draw</Button>
        </div>
      )}
      {canStartDraft && isDrafting && budget && <DrawWorkspace facilityId={facilityId} budget={budget} />}
      {!draws ? (
        <Skeleton h={120} aria-hidden />
      ) : draws.length === 0 ? (
        <Text c="gray.7">No draws yet.</Text>
      ) : (
        <ScrollTable label={'Draws'} minWidth={640}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Draw</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Claimed</Table.Th>
                <Table.Th scope="col">Certified</Table.Th>
                <Table.Th scope="col">Schedule due</Table.Th>
                <Table.Th scope="col">Funded on</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draws.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={`/draws/${d.id}`}>
                      Draw {d.number}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>
                    <DrawStatusBadge status={d.status} />
                  </Table.Td>
                  <Table.Td>{aud(d.claimed_cents)}</Table.Td>
                  <Table.Td>{aud(d.certified_cents)}</Table.Td>
                  <Table.Td>{day(d.payment_schedule_due)}</Table.Td>
                  <Table.Td>{day(d.funded_on)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
