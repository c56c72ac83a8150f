import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dealMessages, dealRoomPath, type ProjectDealSummary } from '@plinth/domain/deals';
import { IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { projectDealsQueryOptions } from '../api/list-project-deals';
import { DealSelectorModal } from './deal-selector-modal';

interface DealRoomButtonProps extends Pick<ButtonProps, 'size' | 'fullWidth'> {
  project: { id: string; deal_count: number };
}

/**
 * The developer's Deal Room button (spec 000 section 2, Borrower project card): the project's deals
 * are read when it is pressed; one deal goes straight into its room, several open the selector.
 * Nothing when the project has no deal.
 */
export function DealRoomButton({ project, size, fullWidth }: DealRoomButtonProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLoading, setIsLoading] = useState(false);
  const [choices, setChoices] = useState<readonly ProjectDealSummary[] | null>(null);

  if (project.deal_count === 0) return null;

  const open = async () => {
    setIsLoading(true);
    try {
      // Always afresh: a funder may have engaged since the list was read.
      const { items } = await queryClient.fetchQuery({
        ...projectDealsQueryOptions(project.id),
        staleTime: 0,
      });
      if (items.length === 1) navigate(dealRoomPath({ id: items[0]!.id, project_id: project.id }));
      else if (items.length > 1) setChoices(items);
      else throw new Error(dealMessages.notFound);
    } catch {
      notifications.show({
        color: 'red',
        title: dealMessages.loadFailedTitle,
        message: dealMessages.loadFailed,
      });
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      <Button
        size={size}
        fullWidth={fullWidth}
        color="teal.9"
        loading={isLoading}
        rightSection={<IconArrowRight aria-hidden size={16} />}
        onClick={() => void open()}
      >
        Deal Room
      </Button>
      <DealSelectorModal projectId={project.id} deals={choices} onClose={() => setChoices(null)} />
    </>
  );
}
