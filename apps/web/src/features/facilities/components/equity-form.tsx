import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { calendarDay } from '../../../lib/format';
import { useRecordEquity } from '../api/record-equity';
import { aud, dollarsToCents } from '../utils/money';

/** Equity paid in (developer or funder): amount and the day it was received. */
export function EquityForm({ facilityId, receivedCents }: { facilityId: string; receivedCents: number }) {
  const record = useRecordEquity(facilityId);
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(calendarDay());
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    if (cents === null || cents <= 0) {
      setError('Enter the amount in dollars, for example 250000 or 250,000.50');
      return;
    }
    setError(null);
    try {
      await record.mutateAsync({ amount_cents: cents, received_on: receivedOn });
      setAmount('');
      notifications.show({ title: 'Equity recorded', message: `${aud(cents)} received`, color: 'green' });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Equity could not be recorded');
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="equity">
      <Title order={2} fz="lg" id="equity">
        Equity
      </Title>
      <Text fz="sm">
        Equity received so far: {aud(receivedCents)}. Equity is spent before the loan is drawn.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Equity received (AUD)"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={error}
            inputMode="decimal"
            w={220}
          />
          <TextInput
            label="Received on"
            type="date"
            value={receivedOn}
            onChange={(e) => setReceivedOn(e.currentTarget.value)}
            w={180}
          />
          <Button type="submit" loading={record.isPending}>
            Record equity
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
