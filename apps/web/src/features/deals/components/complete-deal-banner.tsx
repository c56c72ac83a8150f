import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useCompleteDealFlow } from '../hooks/use-complete-deal-flow';

interface CompleteDealBannerProps {
  dealId: string;
  /** Only the developer completes a deal. */
  isDeveloper: boolean;
}

/** Shown once the latest quote is accepted on an open deal: the developer's Complete Deal. */
export function CompleteDealBanner({ dealId, isDeveloper }: CompleteDealBannerProps) {
  const [isConfirming, setConfirming] = useState(false);
  const complete = useCompleteDealFlow(dealId);

  return (
    <Alert
      color="green"
      variant="light"
      c="dark.7"
      title="Quote accepted"
      icon={<IconCircleCheck aria-hidden />}
      role="region"
      aria-label="Quote accepted"
    >
      <Group justify="space-between" gap="sm">
        <Text fz="sm" style={{ flex: 1, minWidth: 200 }}>
          {isDeveloper
            ? 'When the facility is settled, complete the deal: the project is marked funded and leaves the market.'
            : 'The developer has accepted the quote and will complete the deal once the facility is settled.'}
        </Text>
        {isDeveloper && (
          <Button color="teal.9" onClick={() => setConfirming(true)}>
            Complete Deal
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={isConfirming}
        title="Complete this deal?"
        message="The project will be marked funded and removed from the marketplace. This cannot be undone."
        confirmLabel="Complete Deal"
        isPending={complete.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={complete.run}
      />
    </Alert>
  );
}
