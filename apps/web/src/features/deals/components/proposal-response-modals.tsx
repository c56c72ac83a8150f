import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_INTEREST_RATE, MAX_LOAN_TERM_MONTHS } from '@plinth/domain/constants';
import { type Proposal, proposalMessages, quoteSummary } from '@plinth/domain/proposals';
import { useState } from 'react';
import { ReasonModal } from '../../../components/reason-modal';
import { useRespondToProposal } from '../api/respond-to-proposal';

interface ResponseModalProps {
  dealId: string;
  proposal: Proposal;
  opened: boolean;
  onClose: () => void;
}

const failed = (title: string, error: Error) =>
  notifications.show({ color: 'red', title, message: error.message || title });

/** Accepting is asked once more: it moves the deal to the term sheet and opens Complete Deal. */
export function AcceptProposalModal({ dealId, proposal, opened, onClose }: ResponseModalProps) {
  const respond = useRespondToProposal(dealId);
  // mutateAsync, not mutate with callbacks: the room's live refresh may show the quote accepted
  // (and unmount this modal) before the answer arrives, and mutate's callbacks die with the modal.
  const accept = async () => {
    try {
      await respond.mutateAsync({ proposalId: proposal.id, body: { response: 'accept' } });
    } catch (error) {
      failed(proposalMessages.acceptFailed, error as Error);
      return;
    }
    notifications.show({
      color: 'green',
      title: proposalMessages.acceptedTitle,
      message: 'You can now complete the deal from the banner at the top of the room.',
    });
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => !respond.isPending && onClose()}
      title="Accept this quote?"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text>
          {proposal.funder_name} offers {quoteSummary(proposal)}. Accepting moves the deal to the term sheet
          stage; other quotes can no longer be made on this deal.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={respond.isPending}>
            Cancel
          </Button>
          <Button color="teal.9" onClick={accept} loading={respond.isPending} data-autofocus>
            Accept Quote
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Declining needs a reason (spec 000 section 5): a blank one is refused here, and the modal stays. */
export function DeclineProposalModal({ dealId, proposal, opened, onClose }: ResponseModalProps) {
  const respond = useRespondToProposal(dealId);
  const decline = async (reason: string) => {
    try {
      await respond.mutateAsync({ proposalId: proposal.id, body: { response: 'decline', reason } });
      notifications.show({
        color: 'green',
        title: proposalMessages.declinedTitle,
        message: 'The funder has been told why, and may send a new quote.',
      });
      return true;
    } catch (error) {
      failed(proposalMessages.declineFailed, error as Error);
      return false;
    }
  };
  return (
    <ReasonModal
      opened={opened}
      title="Decline this quote?"
      reasonLabel="Reason for declining"
      reasonDescription="The funder sees this and may send a new quote."
      isReasonRequired
      onBlankReason={() =>
        notifications.show({
          color: 'red',
          title: proposalMessages.declineReasonTitle,
          message: proposalMessages.declineReason,
        })
      }
      confirmLabel="Decline Quote"
      confirmColor="red.9"
      isPending={respond.isPending}
      onClose={onClose}
      onConfirm={decline}
    >
      <Text>{quoteSummary(proposal)}</Text>
    </ReasonModal>
  );
}

const numberOrNull = (value: number | string) => (typeof value === 'number' ? value : null);

/** A counter offer: any of amount, rate, term and a message, posted as a comment (no status changes). */
export function CounterOfferModal({ dealId, proposal, opened, onClose }: ResponseModalProps) {
  const respond = useRespondToProposal(dealId);
  const [loanAmount, setLoanAmount] = useState<number | null>(null);
  const [interestRate, setInterestRate] = useState<number | null>(null);
  const [loanTerm, setLoanTerm] = useState<number | null>(null);
  const [message, setMessage] = useState('');

  const close = () => {
    if (respond.isPending) return;
    setLoanAmount(null);
    setInterestRate(null);
    setLoanTerm(null);
    setMessage('');
    onClose();
  };

  const send = async () => {
    try {
      await respond.mutateAsync({
        proposalId: proposal.id,
        body: {
          response: 'counter',
          loan_amount: loanAmount,
          interest_rate: interestRate,
          loan_term: loanTerm,
          message: message.trim() || null,
        },
      });
    } catch (error) {
      failed(proposalMessages.counterFailed, error as Error);
      return;
    }
    notifications.show({
      color: 'green',
      title: proposalMessages.counterSentTitle,
      message: 'Your counter offer was posted to the comments.',
    });
    close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Counter Offer"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text fz="sm">
          Against {quoteSummary(proposal)}. Fill in only what you would change; the counter offer is posted to
          the comments and the quote stays pending.
        </Text>
        <NumberInput
          label="Loan amount (optional)"
          prefix="$"
          thousandSeparator=","
          decimalScale={0}
          allowNegative={false}
          min={1}
          value={loanAmount ?? ''}
          onChange={(v) => setLoanAmount(numberOrNull(v))}
        />
        <NumberInput
          label="Interest rate (% p.a., optional)"
          decimalScale={2}
          step={0.1}
          allowNegative={false}
          min={0}
          max={MAX_INTEREST_RATE}
          value={interestRate ?? ''}
          onChange={(v) => setInterestRate(numberOrNull(v))}
        />
        <NumberInput
          label="Loan term in months (optional)"
          decimalScale={0}
          allowNegative={false}
          min={1}
          max={MAX_LOAN_TERM_MONTHS}
          value={loanTerm ?? ''}
          onChange={(v) => setLoanTerm(numberOrNull(v))}
        />
        <Textarea
          label="Message (optional)"
          autosize
          minRows={3}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={respond.isPending}>
            Cancel
          </Button>
          <Button onClick={send} loading={respond.isPending}>
            Send Counter Offer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
