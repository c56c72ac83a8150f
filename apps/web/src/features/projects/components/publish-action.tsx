import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { formatAud } from '@plinth/domain/format';
import { paymentMessages } from '@plinth/domain/payments';
import type { ProjectResponse } from '@plinth/domain/projects';
import { useId } from 'react';
import { usePricing } from '../../../lib/pricing';
import { usePublishPayment } from '../hooks/use-publish-payment';
import { PublishProjectModal } from './publish-project-modal';

interface PublishActionProps {
  project: Pick<ProjectResponse, 'id' | 'title' | 'documents_complete'>;
  /** 'Publish' on the dashboard card, 'Pay to Publish' in the list and on the project; the fee follows. */
  action: 'Publish' | 'Pay to Publish';
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}

/**
 * The button that opens the Publish modal for one unpaid project. Until every required document is
 * uploaded it is disabled, with the reason written under it (a tooltip would be lost on touch).
 */
export function PublishAction({ project, action, size = 'sm', fullWidth }: PublishActionProps) {
  const payment = usePublishPayment(project.id);
  const pricing = usePricing();
  // 'Publish ($499)' as spec 000 writes it, with the fee the admin set (decision 021).
  const label = pricing ? `${action} (${formatAud(pricing.listing_fee_aud)})` : action;
  const hintId = useId();
  const isBlocked = !project.documents_complete;

  return (
    <>
      <Stack gap={4} align={fullWidth ? 'stretch' : 'flex-start'}>
        <Button
          size={size}
          fullWidth={fullWidth}
          disabled={isBlocked}
          aria-describedby={isBlocked ? hintId : undefined}
          onClick={payment.open}
        >
          {label}
        </Button>
        {isBlocked && (
          <Text id={hintId} fz="xs" c="gray.7">
            {paymentMessages.documentsIncomplete}
          </Text>
        )}
      </Stack>
      <PublishProjectModal projectTitle={project.title} payment={payment} projectId={project.id} />
    </>
  );
}
