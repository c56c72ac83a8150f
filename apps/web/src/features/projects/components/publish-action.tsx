import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { paymentMessages } from '@plinth/domain/payments';
import type { ProjectResponse } from '@plinth/domain/projects';
import { useId } from 'react';
import { usePublishPayment } from '../hooks/use-publish-payment';
import { PublishProjectModal } from './publish-project-modal';

interface PublishActionProps {
  project: Pick<ProjectResponse, 'id' | 'title' | 'documents_complete'>;
  /** 'Publish ($499)' on the dashboard card, 'Pay to Publish ($499)' in the list and on the project. */
  label: string;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}

/**
 * The button that opens the Publish modal for one unpaid project. Until every required document is
 * uploaded it is disabled, with the reason written under it (a tooltip would be lost on touch).
 */
export function PublishAction({ project, label, size = 'sm', fullWidth }: PublishActionProps) {
  const payment = usePublishPayment(project.id);
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
      <PublishProjectModal projectTitle={project.title} payment={payment} />
    </>
  );
}
