import { Button, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Draw } from '@plinth/domain/facilities';
import { useState } from 'react';
import { calendarDay } from '../../../lib/format';
import { useCertifyDraw } from '../api/certify-draw';
import type { InBalanceResult } from '../api/get-in-balance';
import { aud, centsToDollars, dollarsToCents } from '../utils/money';
import { ScrollTable } from './scroll-table';

interface LineEntry {
  certified: string;
  costToComplete: string;
  reason: string;
}

/**
 * The quantity surveyor's certificate: each claimed line's claim beside the amount certified, the
 * cost to complete after it and a reason where less is certified; the inspection day, percent
 * complete and any delay to practical completion. The server checks every line (certified ≤ claimed,
 * cumulative ≤ budget) and answers each refusal by line.
 */
export function CertificationForm({
  draw,
  inBalance,
}: {
  draw: Draw;
  inBalance: InBalanceResult | undefined;
}) {
  const certify = useCertifyDraw(draw.id);
  const required = new Map(
    (inBalance?.lines ?? [])
      .filter((l) => l.budget_line_id)
      .map((l) => [l.budget_line_id!, l.required_cents]),
  );
  const [entries, setEntries] = useState<Record<string, LineEntry>>(() =>
    Object.fromEntries(
      draw.lines.map((l) => [
        l.budget_line_id,
        {
          certified: centsToDollars(l.claimed_cents),
          // What the line still needs after this claim, as the in-balance test counts it now.
          costToComplete: centsToDollars(
            Math.max(0, (required.get(l.budget_line_id) ?? l.budget_cents) - l.claimed_cents),
          ),
          reason: '',
        },
      ]),
    ),
  );
  const [inspectedOn, setInspectedOn] = useState(calendarDay());
  const [percentComplete, setPercentComplete] = useState<number | string>('');
  const [delayDays, setDelayDays] = useState<number | string>(0);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (id: string, change: Partial<LineEntry>) =>
    setEntries((e) => ({ ...e, [id]: { ...e[id]!, ...change } }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const lines = draw.lines.map((l) => {
      const entry = entries[l.budget_line_id]!;
      const certified = dollarsToCents(entry.certified);
      const ctc = dollarsToCents(entry.costToComplete);
      if (certified === null) found[`${l.budget_line_id}.certified`] = 'Enter dollars';
      else if (certified > l.claimed_cents)
        found[`${l.budget_line_id}.certified`] = 'Cannot be more than claimed';
      else if (certified < l.claimed_cents && !entry.reason.trim())
        found[`${l.budget_line_id}.reason`] = 'Say why less than claimed is certified';
      if (ctc === null) found[`${l.budget_line_id}.ctc`] = 'Enter dollars';
      return {
        budget_line_id: l.budget_line_id,
        certified_cents: certified ?? 0,
        cost_to_complete_cents: ctc ?? 0,
        reason: entry.reason.trim(),
      };
    });
    if (typeof percentComplete !== 'number') found.percent = 'Enter the percent complete';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await certify.mutateAsync({
        inspected_on: inspectedOn,
        lines,
        percent_complete: Number(percentComplete),
        delay_days: typeof delayDays === 'number' ? delayDays : 0,
      });
      notifications.show({
        title: 'Draw certified',
        message: 'Sent to the funder for approval',
        color: 'green',
      });
    } catch (e) {
      notifications.show({
        title: 'The draw was not certified',
        message: e instanceof Error ? e.message : '',
        color: 'red',
      });
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="certify">
      <Title order={2} fz="lg" id="certify">
        Certify this claim
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ScrollTable label={'Certification lines'} minWidth={820}>
            <Table verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Line</Table.Th>
                  <Table.Th scope="col">Claimed</Table.Th>
                  <Table.Th scope="col">Certified (AUD)</Table.Th>
                  <Table.Th scope="col">Cost to complete (AUD)</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draw.lines.map((l) => {
                  const entry = entries[l.budget_line_id]!;
                  const name = `${l.code} ${l.name}`;
                  return (
                    <Table.Tr key={l.budget_line_id}>
                      <Table.Th scope="row" fw={500}>
                        {name}
                      </Table.Th>
                      <Table.Td>{aud(l.claimed_cents)}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Certified on ${name}`}
                          value={entry.certified}
                          onChange={(e) => set(l.budget_line_id, { certified: e.currentTarget.value })}
                          error={errors[`${l.budget_line_id}.certified`]}
                          inputMode="decimal"
                          size="xs"
                          w={140}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Cost to complete on ${name}`}
                          value={entry.costToComplete}
                          onChange={(e) => set(l.budget_line_id, { costToComplete: e.currentTarget.value })}
                          error={errors[`${l.budget_line_id}.ctc`]}
                          inputMode="decimal"
                          size="xs"
                          w={140}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Reason on ${name}`}
                          value={entry.reason}
                          onChange={(e) => set(l.budget_line_id, { reason: e.currentTarget.value })}
                          error={errors[`${l.budget_line_id}.reason`]}
                          size="xs"
                          miw={200}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Inspected on"
              type="date"
              value={inspectedOn}
              onChange={(e) => setInspectedOn(e.currentTarget.value)}
              w={180}
            />
            <NumberInput
              label="Percent complete"
              value={percentComplete}
              onChange={setPercentComplete}
              min={0}
              max={100}
              decimalScale={2}
              suffix=" %"
              error={errors.percent}
              w={160}
            />
            <NumberInput
              label="Delay to completion (days)"
              value={delayDays}
              onChange={setDelayDays}
              min={0}
              max={3650}
              allowDecimal={false}
              w={200}
            />
          </Group>
          <Text fz="xs" c="gray.7">
            A delay moves the forecast of interest to the later completion, which the in-balance test counts.
          </Text>
          <div>
            <Button type="submit" loading={certify.isPending}>
              Certify
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
