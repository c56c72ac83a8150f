import { Anchor, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { useCreateDraw } from '../api/create-draw';
import type { DrawSummary } from '../api/get-draws';
import { aud, day } from '../utils/money';
import { DrawStatusBadge } from './draw-status-badge';

/** The facility's draws, newest first; the developer starts a new draft here (any number of them). */
export function DrawsList({
  facilityId,
  draws,
  canStartDraft,
}: {
  facilityId: string;
  draws: DrawSummary[] | undefined;
  canStartDraft: boolean;
}) {
  const create = useCreateDraw(facilityId);
  const navigate = useNavigate();
  const startDraft = async () => {
    try {
      // A draft starts empty, served now; the developer fills the claim in the workspace.
      const draw = await create.mutateAsync({
        claim_served_at: new Date().toISOString(),
        lines: [],
        note: '',
      });
      await navigate(`/draws/${draw.id}`);
    } catch (e) {
      notifications.show({
        title: 'The draft could not be started',
        message: e instanceof Error ? e.message : '',
        color: 'red',
      });
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="draws">
      <Title order={2} fz="lg" id="draws">
        Draws
      </Title>
      {canStartDraft && (
        <div>
          <Button onClick={startDraft} loading={create.isPending}>
            New draft draw
          </Button>
        </div>
      )}
      {!draws ? (
        <Skeleton h={120} aria-hidden />
      ) : draws.length === 0 ? (
        <Text c="gray.7">No draws yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Draw</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Claimed</Table.Th>
                <Table.Th scope="col">Certified</Table.Th>
                <Table.Th scope="col">Schedule due</Table.Th>
                <Table.Th scope="col">Funded</Table.Th>
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
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
