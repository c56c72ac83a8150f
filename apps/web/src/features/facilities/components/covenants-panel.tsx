import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { calendarDay } from '../../../lib/format';
import { useCovenantHistory, useCovenants, useLenderReports, useRecordValuation } from '../api/covenants-api';
import { aud, day, dollarsToCents } from '../utils/money';
import { textOn } from '../utils/text-colors';

const statusColour = { pass: 'green', breach: 'red', not_tested: 'gray' } as const;
const statusWords = { pass: 'Pass', breach: 'Breach', not_tested: 'Not tested' } as const;

function ValuationForm({ facilityId }: { facilityId: string }) {
  const record = useRecordValuation(facilityId);
  const [valuedOn, setValuedOn] = useState(calendarDay());
  const [value, setValue] = useState('');
  const [valuer, setValuer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(value);
    if (cents === null || cents <= 0) return setError('Enter the value in dollars, for example 1500000');
    setError(null);
    try {
      await record.mutateAsync({ valued_on: valuedOn, value_cents: cents, valuer });
      setValue('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The valuation could not be recorded');
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Record a valuation">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Valued on"
          type="date"
          value={valuedOn}
          onChange={(e) => setValuedOn(e.currentTarget.value)}
          w={170}
        />
        <TextInput
          label="Value (AUD)"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          inputMode="decimal"
          w={170}
        />
        <TextInput label="Valuer" value={valuer} onChange={(e) => setValuer(e.currentTarget.value)} w={220} />
        <Button type="submit" loading={record.isPending}>
          Record the valuation
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

function CovenantHistory({ facilityId }: { facilityId: string }) {
  const [shown, setShown] = useState(false);
  const history = useCovenantHistory(facilityId, shown);
  return (
    <details onToggle={(e) => setShown((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <Text component="span" fz="sm" fw={600}>
          History of the tests
        </Text>
      </summary>
      {history.isError && <Text c={textOn.red}>{history.error.message}</Text>}
      <List size="sm" mt="xs">
        {(history.data?.items ?? []).map((t) => (
          <List.Item key={t.id}>
            {day(t.tested_on)} · {statusWords[t.status]} · {t.message}
          </List.Item>
        ))}
      </List>
    </details>
  );
}

/**
 * Covenants (decision 067) with each latest test in the server's words, open breaches and their
 * cure dates, the notices; the funder records valuations; the monthly lender reports to download.
 */
export function CovenantsPanel({
  facilityId,
  role,
  open,
}: {
  facilityId: string;
  role: string;
  open: boolean;
}) {
  const covenants = useCovenants(facilityId);
  const reports = useLenderReports(facilityId);
  const c = covenants.data;
  return (
    <Stack gap="xs" component="section" aria-labelledby="covenants">
      <Title order={2} fz="lg" id="covenants">
        Covenants
      </Title>
      {covenants.isError && <Text c={textOn.red}>{covenants.error.message}</Text>}
      {c && c.covenants.length === 0 && <Text fz="sm">No covenants are set for this facility.</Text>}
      {c && c.covenants.length > 0 && (
        <Table striped aria-label="Covenants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Covenant</Table.Th>
              <Table.Th>Threshold</Table.Th>
              <Table.Th>Latest result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.covenants.map((k) => (
              <Table.Tr key={k.kind}>
                <Table.Td>{k.label}</Table.Td>
                <Table.Td>
                  {k.threshold_text} · {k.frequency} · cure {k.cure_days} days
                </Table.Td>
                <Table.Td>
                  {k.latest ? (
                    <Stack gap={2}>
                      <Badge variant="light" color={statusColour[k.latest.status]} c="dark.7">
                        {statusWords[k.latest.status]}
                      </Badge>
                      <Text fz="xs">
                        {day(k.latest.tested_on)}: {k.latest.message}
                      </Text>
                    </Stack>
                  ) : (
                    'Not yet tested'
                  )}
                  {k.open_breach && (
                    <Text fz="xs" c={textOn.red}>
                      Breached {day(k.open_breach.breached_on)}; cure by {day(k.open_breach.cure_ends_on)},
                      default on {day(k.open_breach.default_on)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {c && c.covenants.length > 0 && <CovenantHistory facilityId={facilityId} />}
      {c?.notices && c.notices.length > 0 && (
        <List size="sm" aria-label="Covenant notices">
          {c.notices.map((n) => (
            <List.Item key={n.id}>
              <Anchor href={n.download_url}>
                {n.kind === 'breach' ? 'Breach' : n.kind === 'default' ? 'Default' : 'Cured'} notice,{' '}
                {day(n.issued_on)}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      <Title order={3} fz="md">
        Valuations
      </Title>
      <Text fz="sm">
        {c?.latest_valuation
          ? `Latest valuation: ${aud(c.latest_valuation.value_cents)} by ${c.latest_valuation.valuer}, ${day(c.latest_valuation.valued_on)}.`
          : 'No valuation recorded.'}
      </Text>
      {open && role === 'funder' && <ValuationForm facilityId={facilityId} />}
      <Title order={3} fz="md">
        Monthly reports
      </Title>
      {reports.isError && <Text c={textOn.red}>{reports.error.message}</Text>}
      {reports.data && reports.data.items.length === 0 && (
        <Text fz="sm">The first report is made on the first business day of next month.</Text>
      )}
      {reports.data && reports.data.items.length > 0 && (
        <List size="sm" aria-label="Monthly reports">
          {reports.data.items.map((r) => (
            <List.Item key={r.id}>
              <Anchor href={r.download_url}>Report for {r.month}</Anchor> ({r.pages} pages, made{' '}
              {day(r.generated_on)})
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
