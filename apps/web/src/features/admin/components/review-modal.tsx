import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AdminProject, adminMessages } from '@plinth/domain/admin';
import { formatAud } from '@plinth/domain/format';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notifyAction } from '../../../lib/notify-action';
import { useApproveProject } from '../api/approve-project';
import { useDenyProject } from '../api/deny-project';
import { useMarkPaymentFailed } from '../api/mark-payment-failed';
import { adminProjectUrl, paymentDashboardUrl } from '../utils/project-links';

interface ReviewModalProps {
  opened: boolean;
  /** The project under review; kept while the modal closes. */
  project: AdminProject | null;
  onClose: () => void;
}

/** The admin's review of a paid project (spec 001 section 2.3): approve it, deny it, or fail its payment. */
export function ReviewModal({ opened, project, onClose }: ReviewModalProps) {
  return (
    <Modal opened={opened && project !== null} onClose={onClose} title="Review Project" size="lg" centered>
      {/* Keyed by project so the denial form starts empty for each one. */}
      {project && <ReviewContent key={project.id} project={project} onDone={onClose} />}
    </Modal>
  );
}

function ReviewContent({ project, onDone }: { project: AdminProject; onDone: () => void }) {
  const approve = useApproveProject();
  const deny = useDenyProject();
  const paymentFailed = useMarkPaymentFailed();
  const [reason, setReason] = useState('');
  const [isPaymentNotReceived, setIsPaymentNotReceived] = useState(false);
  const [isConfirmingFailure, setIsConfirmingFailure] = useState(false);
  const isBusy = approve.isPending || deny.isPending || paymentFailed.isPending;
  const dashboardUrl = paymentDashboardUrl(project.payment_intent_id);

  const approveAndPublish = async () => {
    const done = await notifyAction(() => approve.mutateAsync({ id: project.id }), {
      success: 'Project Approved',
      failure: 'Approval Failed',
    });
    if (done) onDone();
  };

  const denyProject = async () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      notifications.show({
        color: 'red',
        title: 'Reason Required',
        message: adminMessages.denialReasonRequired,
      });
      return;
    }
    const done = await notifyAction(
      () => deny.mutateAsync({ id: project.id, reason: trimmed, payment_not_received: isPaymentNotReceived }),
      { success: 'Project Denied', failure: 'Denial Failed' },
    );
    if (done) onDone();
  };

  const markPaymentFailed = async () => {
    const done = await notifyAction(() => paymentFailed.mutateAsync(project.id), {
      success: 'Payment Failed',
      failure: 'Failed to Mark Payment',
    });
    setIsConfirmingFailure(false);
    if (done) onDone();
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Detail label="Title">{project.title}</Detail>
        <Detail label="Borrower">
          {project.borrower_name}
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {project.borrower_email}
          </Text>
        </Detail>
        <Detail label="Loan amount">{formatAud(project.loan_amount)}</Detail>
        <Detail label="Property type">{project.property_type}</Detail>
        <Detail label="Suburb">{project.suburb || '—'}</Detail>
        <Detail label="Payment intent">
          <Text ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {project.payment_intent_id ?? '—'}
          </Text>
          {dashboardUrl ? (
            <Anchor href={dashboardUrl} target="_blank" rel="noopener" fz="sm">
              Verify in the Stripe dashboard
            </Anchor>
          ) : (
            project.payment_intent_id && (
              <Text fz="sm" c="dimmed">
                Sandbox payment
              </Text>
            )
          )}
        </Detail>
      </SimpleGrid>

      <Group gap="sm">
        <Button color="teal.9" onClick={approveAndPublish} loading={approve.isPending} disabled={isBusy}>
          Approve &amp; Publish
        </Button>
        <Button
          component="a"
          href={adminProjectUrl(project.id)}
          target="_blank"
          rel="noopener"
          variant="default"
        >
          View Full Project
        </Button>
      </Group>

      <Divider label="Deny with Reason" labelPosition="left" />
      <Textarea
        label="Reason for denial"
        description="Sent to the developer with the outcome."
        autosize
        minRows={3}
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <Checkbox
        label="Payment not received (return to unpaid draft)"
        checked={isPaymentNotReceived}
        onChange={(event) => setIsPaymentNotReceived(event.currentTarget.checked)}
      />
      <Group justify="space-between" gap="sm">
        <Button
          color="red"
          variant="light"
          c="red.9"
          onClick={denyProject}
          loading={deny.isPending}
          disabled={isBusy}
        >
          Deny
        </Button>
        <Button
          color="red"
          variant="subtle"
          c="red.9"
          onClick={() => setIsConfirmingFailure(true)}
          disabled={isBusy}
        >
          Mark Payment as Failed
        </Button>
      </Group>

      <ConfirmModal
        opened={isConfirmingFailure}
        title="Mark Payment as Failed"
        message={`Mark the listing payment for '${project.title}' as failed? The project returns to an unpaid draft.`}
        confirmLabel="Mark as Failed"
        isPending={paymentFailed.isPending}
        canCancelWhilePending
        zIndex={300}
        onCancel={() => setIsConfirmingFailure(false)}
        onConfirm={markPaymentFailed}
      />
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}
