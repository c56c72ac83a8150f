import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Draw } from '@plinth/domain/facilities';
import { legalDrawActions } from '@plinth/domain/facility/draw-machine';
import { useState } from 'react';
import { ReasonModal } from '../../../components/reason-modal';
import { calendarDay } from '../../../lib/format';
import type { InBalanceResult } from '../api/get-in-balance';
import { type DrawMoveInput, useMoveDraw } from '../api/move-draw';
import { aud } from '../utils/money';
import { textOn } from '../utils/text-colors';

/**
 * The funder's decision on a certified draw: approve, return to the developer or reject (with a
 * reason), then fund on a day. The in-balance verdict sits above (InBalancePanel); while the loan is
 * short, approving and funding are refused by the server, and the buttons say why first.
 */
export function FunderReview({ draw, inBalance }: { draw: Draw; inBalance: InBalanceResult | undefined }) {
  const move = useMoveDraw(draw.id);
  const legal = legalDrawActions(draw.status);
  const [asking, setAsking] = useState<'return' | 'reject' | null>(null);
  const [fundedOn, setFundedOn] = useState(calendarDay());
  const shortfall = inBalance?.shortfall_cents ?? 0;

  const run = async (input: DrawMoveInput, title: string) => {
    try {
      await move.mutateAsync(input);
      notifications.show({ title, message: `Draw ${draw.number}`, color: 'green' });
      return true;
    } catch (e) {
      notifications.show({ title: 'Not done', message: e instanceof Error ? e.message : '', color: 'red' });
      return false;
    }
  };

  if (!legal.some((a) => a === 'approve' || a === 'fund' || a === 'return' || a === 'reject')) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="decision">
      <Title order={2} fz="lg" id="decision">
        Your decision
      </Title>
      {draw.certified_cents !== null && (
        <Text fz="sm">
          The surveyor certified {aud(draw.certified_cents)} of {aud(draw.claimed_cents)} claimed
          {draw.claimed_cents > draw.certified_cents
            ? ` (${aud(draw.claimed_cents - draw.certified_cents)} less)`
            : ''}
          {draw.percent_complete !== null ? `; the works are ${draw.percent_complete} % complete` : ''}
          {draw.delay_days ? ` and ${draw.delay_days} days late` : ''}.
        </Text>
      )}
      {shortfall > 0 && (
        <Text fz="sm" c={textOn.red} data-testid="review-shortfall">
          Approving and funding wait for equity of {aud(shortfall)}.
        </Text>
      )}
      <Group gap="sm" align="flex-end">
        {legal.includes('approve') && (
          <Button
            onClick={() => void run({ action: 'approve' }, 'Draw approved')}
            loading={move.isPending}
            disabled={shortfall > 0}
          >
            Approve
          </Button>
        )}
        {legal.includes('fund') && (
          <>
            <TextInput
              label="Funded on"
              type="date"
              value={fundedOn}
              onChange={(e) => setFundedOn(e.currentTarget.value)}
              w={180}
            />
            <Button
              onClick={() => void run({ action: 'fund', funded_on: fundedOn }, 'Draw funded')}
              loading={move.isPending}
              disabled={shortfall > 0}
            >
              Fund
            </Button>
          </>
        )}
        {legal.includes('return') && (
          <Button variant="default" onClick={() => setAsking('return')}>
            Return to the developer
          </Button>
        )}
        {legal.includes('reject') && (
          <Button variant="light" color="red" c={textOn.red} onClick={() => setAsking('reject')}>
            Reject
          </Button>
        )}
      </Group>
      <ReasonModal
        opened={asking !== null}
        title={asking === 'reject' ? 'Reject this draw' : 'Return this draw'}
        reasonLabel="Reason"
        isReasonRequired
        confirmLabel={asking === 'reject' ? 'Reject' : 'Return'}
        confirmColor={asking === 'reject' ? 'red' : undefined}
        isPending={move.isPending}
        onClose={() => setAsking(null)}
        onConfirm={(reason) =>
          run({ action: asking!, reason }, asking === 'reject' ? 'Draw rejected' : 'Draw returned')
        }
      >
        <Text fz="sm">
          {asking === 'reject'
            ? 'A rejected draw is closed; the developer sees your reason.'
            : 'The developer can change the claim and submit it again; they see your reason.'}
        </Text>
      </ReasonModal>
    </Stack>
  );
}
