import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { calendarDay } from '../../../lib/format';
import { type PresaleRow, useRecordSettlement } from '../api/presales-api';
import { aud, dollarsToCents } from '../utils/money';
import { textOn } from '../utils/text-colors';

/** The funder records a lot's settlement: the day, the gross proceeds and the approved selling costs. */
export function PresaleSettleForm({ presale, onDone }: { presale: PresaleRow; onDone: () => void }) {
  const settle = useRecordSettlement();
  const [settledOn, setSettledOn] = useState(calendarDay());
  const [gross, setGross] = useState('');
  const [costs, setCosts] = useState('0');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const g = dollarsToCents(gross);
    const c = dollarsToCents(costs || '0');
    if (g === null || g <= 0) return setError('Enter the gross proceeds in dollars, for example 650000');
    if (c === null) return setError('Enter the selling costs in dollars, for example 15000');
    setError(null);
    try {
      const s = await settle.mutateAsync({
        id: presale.id,
        body: { settled_on: settledOn, gross_cents: g, selling_costs_cents: c },
      });
      notifications.show({
        color: 'green',
        title: `Lot ${presale.lot} settled`,
        message: s.repaid
          ? 'The facility is repaid'
          : `${aud(s.net_proceeds_cents)} applied; ${aud(s.owed_after_cents)} still owed`,
      });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The settlement could not be recorded');
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Settle lot ${presale.lot}`}>
      <Stack gap={4}>
        <Group align="flex-end" gap="xs">
          <TextInput
            size="xs"
            label="Settled on"
            type="date"
            value={settledOn}
            onChange={(e) => setSettledOn(e.currentTarget.value)}
            w={150}
          />
          <TextInput
            size="xs"
            label="Gross proceeds (AUD)"
            value={gross}
            onChange={(e) => setGross(e.currentTarget.value)}
            inputMode="decimal"
            w={150}
          />
          <TextInput
            size="xs"
            label="Selling costs (AUD)"
            value={costs}
            onChange={(e) => setCosts(e.currentTarget.value)}
            inputMode="decimal"
            w={140}
          />
          <Button size="xs" type="submit" loading={settle.isPending}>
            Record the settlement
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" p="xs" c={textOn.red}>
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
