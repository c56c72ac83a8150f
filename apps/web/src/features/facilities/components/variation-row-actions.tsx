import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { VariationState } from '@plinth/domain/facility/variation-machine';
import { useState } from 'react';
import { useMoveVariation, type VariationRow } from '../api/variations-api';
import { dollarsToCents } from '../utils/money';
import { textOn } from '../utils/text-colors';
import { type FacilityRole, variationActions, wholeDays } from '../utils/variation-actions';

/**
 * A variation's buttons for the viewer: the surveyor's assessment (changed figures need a note),
 * the developer's approval or withdrawal, the funder's consent or rejection (with its reason). A
 * refusal is shown in the server's words under the buttons.
 */
export function VariationRowActions({
  variation,
  viewerRole,
}: {
  variation: VariationRow;
  viewerRole: FacilityRole;
}) {
  const move = useMoveVariation();
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<'assess' | 'reject' | null>(null);
  const [cost, setCost] = useState('');
  const [days, setDays] = useState('');
  const [note, setNote] = useState('');
  const actions = variationActions(viewerRole, variation.status as VariationState);
  if (actions.length === 0) return null;
  const label = `variation ${variation.number}`;

  const send = async (body: Parameters<typeof move.mutateAsync>[0]['body']) => {
    setError(null);
    try {
      await move.mutateAsync({ id: variation.id, body });
      setMode(null);
      setNote('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The variation could not be moved');
    }
  };

  const assess = () => {
    const body: { type: 'assess'; cost_cents?: number; days?: number; note?: string } = { type: 'assess' };
    if (cost.trim()) {
      const c = dollarsToCents(cost);
      if (c === null) return setError('Enter the assessed cost in dollars, for example 120000');
      body.cost_cents = c;
    }
    if (days.trim()) {
      const d = wholeDays(days);
      if (d === null) return setError('Enter the assessed days as a whole number');
      body.days = d;
    }
    if (note.trim()) body.note = note.trim();
    void send(body);
  };

  return (
    <Stack gap={6}>
      <Group gap="xs">
        {actions.includes('assess') && mode !== 'assess' && (
          <Button size="xs" onClick={() => setMode('assess')} aria-label={`Assess ${label}`}>
            Assess
          </Button>
        )}
        {actions.includes('approve') && (
          <Button
            size="xs"
            loading={move.isPending}
            onClick={() => send({ type: 'approve' })}
            aria-label={`Approve ${label}`}
          >
            Approve
          </Button>
        )}
        {actions.includes('lender_approve') && (
          <Button
            size="xs"
            loading={move.isPending}
            onClick={() => send({ type: 'lender_approve' })}
            aria-label={`Consent to ${label}`}
          >
            Consent
          </Button>
        )}
        {actions.includes('lender_reject') && mode !== 'reject' && (
          <Button
            size="xs"
            variant="outline"
            color="red"
            c={textOn.red}
            onClick={() => setMode('reject')}
            aria-label={`Reject ${label}`}
          >
            Reject
          </Button>
        )}
        {actions.includes('withdraw') && (
          <Button
            size="xs"
            variant="subtle"
            loading={move.isPending}
            onClick={() => send({ type: 'withdraw' })}
            aria-label={`Withdraw ${label}`}
          >
            Withdraw
          </Button>
        )}
      </Group>
      {mode === 'assess' && (
        <Group align="flex-end" gap="xs">
          <TextInput
            size="xs"
            label="Assessed cost (AUD)"
            placeholder="as proposed"
            value={cost}
            onChange={(e) => setCost(e.currentTarget.value)}
            w={150}
          />
          <TextInput
            size="xs"
            label="Assessed days"
            placeholder="as proposed"
            value={days}
            onChange={(e) => setDays(e.currentTarget.value)}
            w={110}
          />
          <TextInput
            size="xs"
            label="Assessment note"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            w={220}
          />
          <Button size="xs" loading={move.isPending} onClick={assess}>
            Save the assessment
          </Button>
        </Group>
      )}
      {mode === 'reject' && (
        <Group align="flex-end" gap="xs">
          <TextInput
            size="xs"
            label="Reason for rejecting"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            w={260}
          />
          <Button
            size="xs"
            color="red.9"
            loading={move.isPending}
            onClick={() => send({ type: 'lender_reject', reason: note })}
          >
            Reject the variation
          </Button>
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" p="xs" c={textOn.red}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
