import { Alert, Button, Group, Modal, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { adminMessages } from '@plinth/domain/admin';
import { type AdminPayment, godModeMessages, type UnpaidProject } from '@plinth/domain/admin-console';
import { formatAudCents } from '@plinth/domain/format';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { TraceLeakedCopy } from '../../../components/trace-leaked-copy';
import { notifyAction } from '../../../lib/notify-action';
import { useForcePublishProject } from '../api/force-publish-project';
import type { GrantedAccess } from '../api/get-god-mode';
import {
  useForceCompleteDeal,
  useRevokeAccess,
  useSendSystemMessage,
  useSyncPayment,
  useViewAsUser,
} from '../api/god-mode-actions';
import { RecentPaymentsTable, UnpaidProjectsPanel } from './god-mode-lists';
import { OverrideDialog } from './override-dialog';
import { OverrideHistoryTable } from './override-history-table';
import { RevokeAccessPicker } from './revoke-access-picker';

type Override =
  | { kind: 'force_publish'; project: UnpaidProject }
  | { kind: 'sync'; payment: AdminPayment }
  | { kind: 'system_message'; userId: string; message: string }
  | { kind: 'view_as'; userId: string }
  | { kind: 'complete_deal'; dealId: string }
  | { kind: 'revoke_access'; access: GrantedAccess };

type QuickAction = 'system_message' | 'view_as' | 'complete_deal';
const quickActionTitles: Record<QuickAction, string> = {
  system_message: 'Send System Message',
  view_as: 'View As User',
  complete_deal: 'Force Complete Deal',
};

/** What each quick action asks for first: a user or a deal, by id (Revoke Access picks instead). */
const idLabels: Record<QuickAction, { label: string; missing: string }> = {
  system_message: { label: 'User ID', missing: 'Please enter a user id' },
  view_as: { label: 'User ID', missing: 'Please enter a user id' },
  complete_deal: { label: 'Deal ID', missing: 'Please enter a deal id' },
};

function describe(o: Override): { action: string; target: string } {
  switch (o.kind) {
    case 'force_publish':
      return {
        action: 'Force publish the unpaid project (skips payment verification)',
        target: o.project.title,
      };
    case 'sync':
      return {
        action: 'Sync the listing payment with the payment provider and apply its real state',
        target: `${formatAudCents(o.payment.amount)} · ${o.payment.project_title ?? o.payment.id}`,
      };
    case 'system_message':
      return { action: `Send a system message: “${o.message}”`, target: `User ${o.userId}` };
    case 'view_as':
      return { action: 'View as user (recorded in the audit log)', target: `User ${o.userId}` };
    case 'complete_deal':
      return {
        action: 'Force complete the deal (the listing is funded and leaves the market)',
        target: `Deal ${o.dealId}`,
      };
    case 'revoke_access':
      return {
        action: "Revoke the funder's access (the reason is sent to the funder and the developer)",
        target: `${o.access.funder_name} · ${o.access.project_title}`,
      };
  }
}

/**
 * God Mode (spec 001 section 2.3): the banner, unpaid projects, recent payments, pending funders
 * (composed in by the route), the newest override history and the quick actions. Every action
 * goes through the override dialog with its reason.
 */
export function GodModeTab({ pendingFunders }: { pendingFunders?: ReactNode }) {
  const [override, setOverride] = useState<{ value: Override; isOpen: boolean } | null>(null);
  const [asking, setAsking] = useState<QuickAction | null>(null);
  const [pickingAccess, setPickingAccess] = useState(false);
  const [viewedName, setViewedName] = useState<string | null>(null);
  const forcePublish = useForcePublishProject();
  const sync = useSyncPayment();
  const systemMessage = useSendSystemMessage();
  const viewAs = useViewAsUser();
  const completeDeal = useForceCompleteDeal();
  const revokeAccess = useRevokeAccess();
  const isPending =
    revokeAccess.isPending ||
    forcePublish.isPending ||
    sync.isPending ||
    systemMessage.isPending ||
    viewAs.isPending ||
    completeDeal.isPending;

  const open = (value: Override) => setOverride({ value, isOpen: true });
  const close = () => setOverride((o) => o && { ...o, isOpen: false });

  const execute = (o: Override, reason: string): Promise<boolean> => {
    switch (o.kind) {
      case 'force_publish':
        return notifyAction(() => forcePublish.mutateAsync({ id: o.project.id, reason }), {
          success: 'Project Force Published',
          failure: 'Force Publish Failed',
        });
      case 'sync':
        return notifyAction(() => sync.mutateAsync({ paymentId: o.payment.id, reason }), {
          success: 'Payment Synced',
          failure: 'Sync Failed',
        });
      case 'system_message':
        return notifyAction(
          () => systemMessage.mutateAsync({ user_id: o.userId, message: o.message, reason }),
          { success: 'Message Sent', failure: 'Send Failed' },
        );
      case 'view_as':
        return notifyAction(
          async () => {
            const result = await viewAs.mutateAsync({ userId: o.userId, reason });
            // Spec 001: the answer is logged and only the user's name is shown.
            console.info('View as user', result);
            setViewedName(result.user.name);
            return result;
          },
          { success: 'Viewing As User', failure: 'Action Failed' },
          (result) => result.user.name,
        );
      case 'complete_deal':
        return notifyAction(
          () => completeDeal.mutateAsync({ dealId: o.dealId, reason }),
          { success: 'Deal Force Completed', failure: 'Override Failed' },
          () => 'The deal is completed and its listing funded',
        );
      case 'revoke_access':
        return notifyAction(
          () => revokeAccess.mutateAsync({ accessRequestId: o.access.access_request_id, reason }),
          { success: 'Access Revoked', failure: 'Override Failed' },
          () => "The funder's access is revoked",
        );
    }
  };

  const described = override ? describe(override.value) : { action: '', target: '' };

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          God Mode
        </Title>
        <Alert color="red" variant="light" c="red.9" icon={<IconAlertTriangle aria-hidden />}>
          {godModeMessages.banner}
        </Alert>
      </Stack>
      <section aria-labelledby="quick-actions-heading">
        <Title id="quick-actions-heading" order={3} fz="md" mb="sm">
          Quick actions
        </Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => setAsking('system_message')}>
            Send System Message
          </Button>
          <Button variant="default" onClick={() => setAsking('view_as')}>
            View As User
          </Button>
          <Button variant="default" onClick={() => setAsking('complete_deal')}>
            Force Complete Deal
          </Button>
          <Button variant="default" onClick={() => setPickingAccess(true)}>
            Revoke Access
          </Button>
        </Group>
        {viewedName && (
          <Alert
            mt="sm"
            color="blue"
            variant="light"
            c="dark.7"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setViewedName(null)}
          >
            Viewing as: {viewedName}
          </Alert>
        )}
      </section>
      <UnpaidProjectsPanel onForcePublish={(project) => open({ kind: 'force_publish', project })} />
      <RecentPaymentsTable onSync={(payment) => open({ kind: 'sync', payment })} />
      {pendingFunders}
      <OverrideHistoryTable />
      <TraceLeakedCopy />
      <QuickActionModal
        kind={asking}
        onClose={() => setAsking(null)}
        onNext={(value) => {
          setAsking(null);
          open(value);
        }}
      />
      <RevokeAccessPicker
        opened={pickingAccess}
        onClose={() => setPickingAccess(false)}
        onNext={(access) => open({ kind: 'revoke_access', access })}
      />
      <OverrideDialog
        opened={override?.isOpen ?? false}
        action={described.action}
        target={described.target}
        isPending={isPending}
        onClose={close}
        onExecute={(reason) => (override ? execute(override.value, reason) : Promise.resolve(false))}
      />
    </Stack>
  );
}

/** Asks for the user id (and for a system message, then the message) before the override dialog. */
function QuickActionModal({
  kind,
  onClose,
  onNext,
}: {
  kind: QuickAction | null;
  onClose: () => void;
  onNext: (o: Override) => void;
}) {
  const [userId, setUserId] = useState('');
  const [message, setMessage] = useState('');
  const [step, setStep] = useState<'user' | 'message'>('user');
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setUserId('');
    setMessage('');
    setStep('user');
    setError(null);
  };
  const dismiss = () => {
    reset();
    onClose();
  };
  const next = () => {
    const id = userId.trim();
    if (!id) return setError(idLabels[kind ?? 'view_as'].missing);
    if (kind === 'view_as') {
      reset();
      return onNext({ kind: 'view_as', userId: id });
    }
    if (kind === 'complete_deal') {
      reset();
      return onNext({ kind: 'complete_deal', dealId: id });
    }
    if (step === 'user') {
      setError(null);
      return setStep('message');
    }
    if (!message.trim()) return setError(adminMessages.messageRequired);
    reset();
    onNext({ kind: 'system_message', userId: id, message: message.trim() });
  };

  return (
    <Modal opened={kind !== null} onClose={dismiss} title={kind ? quickActionTitles[kind] : ''} centered>
      <Stack gap="md">
        {step === 'user' ? (
          <TextInput
            label={idLabels[kind ?? 'view_as'].label}
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
        ) : (
          <Textarea
            label="Message"
            rows={6}
            maxLength={1000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss}>
            Cancel
          </Button>
          <Button onClick={next}>Next</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
