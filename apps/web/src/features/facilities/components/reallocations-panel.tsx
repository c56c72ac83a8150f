import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useBudget } from '../api/get-budget';
import {
  type ReallocationRow,
  useDecideReallocation,
  useProposeReallocation,
  useReallocations,
} from '../api/variations-api';
import { aud, day, dollarsToCents } from '../utils/money';
import { textOn } from '../utils/text-colors';

const statusWords = {
  proposed: 'Awaiting the funder',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
} as const;

function ReallocationActions({ r, role }: { r: ReallocationRow; role: string }) {
  const decide = useDecideReallocation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (r.status !== 'proposed' || (role !== 'funder' && role !== 'developer')) return null;
  const act = async (action: 'approve' | 'reject' | 'withdraw') => {
    setError(null);
    try {
      await decide.mutateAsync({ id: r.id, action, reason: reason.trim() || undefined });
      setReason('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The reallocation could not be changed');
    }
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end">
        {role === 'funder' && (
          <>
            <Button
              size="xs"
              loading={decide.isPending}
              onClick={() => act('approve')}
              aria-label={`Approve reallocation ${r.number}`}
            >
              Approve
            </Button>
            <TextInput
              size="xs"
              aria-label={`Reason for rejecting reallocation ${r.number}`}
              placeholder="Reason"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              w={180}
            />
            <Button
              size="xs"
              variant="outline"
              color="red"
              c={textOn.red}
              loading={decide.isPending}
              onClick={() => act('reject')}
              aria-label={`Reject reallocation ${r.number}`}
            >
              Reject
            </Button>
          </>
        )}
        {role === 'developer' && (
          <Button
            size="xs"
            variant="subtle"
            loading={decide.isPending}
            onClick={() => act('withdraw')}
            aria-label={`Withdraw reallocation ${r.number}`}
          >
            Withdraw
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" p="xs" c={textOn.red}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function ProposeReallocationForm({ facilityId }: { facilityId: string }) {
  const budget = useBudget(facilityId);
  const lines = (budget.data?.approved?.lines ?? []).filter((l) => l.category !== 'finance');
  const propose = useProposeReallocation(facilityId);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = lines.map((l) => ({ value: l.id, label: `${l.code} ${l.name}` }));
  const fromId = from || lines[0]?.id || '';
  const toId = to || lines[1]?.id || lines[0]?.id || '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    if (cents === null || cents <= 0) return setError('Enter the amount in dollars, for example 20000');
    setError(null);
    try {
      await propose.mutateAsync({ from_line_id: fromId, to_line_id: toId, amount_cents: cents, reason });
      setAmount('');
      setReason('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The reallocation could not be proposed');
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Propose a reallocation">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="From line"
          value={fromId}
          onChange={(e) => setFrom(e.currentTarget.value)}
          data={options}
          w={200}
        />
        <NativeSelect
          label="To line"
          value={toId}
          onChange={(e) => setTo(e.currentTarget.value)}
          data={options}
          w={200}
        />
        <TextInput
          label="Amount (AUD)"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          inputMode="decimal"
          w={150}
        />
        <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} w={240} />
        <Button type="submit" loading={propose.isPending}>
          Propose the reallocation
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" mt="xs" c={textOn.red}>
          {error}
        </Alert>
      )}
    </form>
  );
}

/** Reallocations between budget lines (decision 061): the developer proposes, the funder decides. */
export function ReallocationsPanel({
  facilityId,
  role,
  open,
}: {
  facilityId: string;
  role: string;
  open: boolean;
}) {
  const list = useReallocations(facilityId);
  const items = list.data?.items ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="reallocations">
      <Title order={2} fz="lg" id="reallocations">
        Reallocations
      </Title>
      {list.isError && <Text c={textOn.red}>{list.error.message}</Text>}
      {list.data && items.length === 0 && <Text fz="sm">No reallocations yet.</Text>}
      {items.length > 0 && (
        <Table striped aria-label="Reallocations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>No.</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.number}</Table.Td>
                <Table.Td>{r.from_line_code}</Table.Td>
                <Table.Td>{r.to_line_code}</Table.Td>
                <Table.Td>{aud(r.amount_cents)}</Table.Td>
                <Table.Td>{r.reason}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Badge variant="light" color={r.status === 'approved' ? 'green' : 'gray'} c="dark.7">
                      {statusWords[r.status]}
                    </Badge>
                    {r.decided_at && <Text fz="xs">{day(r.decided_at)}</Text>}
                    {r.decision_reason && <Text fz="xs">Reason: {r.decision_reason}</Text>}
                    {open && <ReallocationActions r={r} role={role} />}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {open && role === 'developer' && <ProposeReallocationForm facilityId={facilityId} />}
    </Stack>
  );
}
