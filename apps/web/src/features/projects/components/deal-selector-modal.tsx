import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { dealMessages, dealRoomPath, type ProjectDealSummary } from '@plinth/domain/deals';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { badgeColours } from './listing-status-badge';

interface DealSelectorModalProps {
  projectId: string;
  /** The project's deals; null while closed. */
  deals: readonly ProjectDealSummary[] | null;
  onClose: () => void;
}

/**
 * Spec 000 section 2 (Borrower project card): a project with several deals asks which room to open,
 * listing each funder's name and e-mail, when the deal was opened, its id, and 'Quote Accepted'
 * when its quote was accepted.
 */
export function DealSelectorModal({ projectId, deals, onClose }: DealSelectorModalProps) {
  return (
    <Modal opened={deals !== null} onClose={onClose} title="Select a Deal Room" size="lg" centered>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {deals?.map((deal) => (
          <Paper key={deal.id} component="li" withBorder radius="md" p="md">
            <Group justify="space-between" align="center" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Group gap="xs" align="center">
                  <Text fw={700} c="navy.9" style={{ overflowWrap: 'anywhere' }}>
                    {deal.funder_name}
                  </Text>
                  {deal.proposal_status === 'accepted' && (
                    <Badge
                      variant="light"
                      color={badgeColours.success.color}
                      c={badgeColours.success.text}
                      tt="none"
                    >
                      {dealMessages.quoteAccepted}
                    </Badge>
                  )}
                  {deal.status === 'completed' && (
                    <Badge variant="light" color="gray" c="gray.8" tt="none">
                      Completed
                    </Badge>
                  )}
                </Group>
                {deal.funder_company && (
                  <Text fz="sm" c="gray.7">
                    {deal.funder_company}
                  </Text>
                )}
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {deal.funder_email}
                </Text>
                <Text fz="xs" c="gray.7">
                  Opened {formatDateTime(deal.created_at)}
                </Text>
                <Text fz="xs" c="gray.7" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  Deal ID: {deal.id}
                </Text>
              </Stack>
              <Button
                component={Link}
                to={dealRoomPath({ id: deal.id, project_id: projectId })}
                aria-label={`Open Deal Room with ${deal.funder_name}`}
                color="teal.9"
                rightSection={<IconArrowRight aria-hidden size={16} />}
                onClick={onClose}
              >
                Open Deal Room
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}
