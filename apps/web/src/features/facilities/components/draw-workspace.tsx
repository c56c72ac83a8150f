import {
  Button,
  FileInput,
  Group,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Draw } from '@plinth/domain/facilities';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type DrawDocumentKind, useAttachDrawDocument } from '../api/attach-draw-document';
import { useCreateDraw } from '../api/create-draw';
import type { BudgetResult } from '../api/get-budget';
import { useMoveDraw } from '../api/move-draw';
import { useUpdateDraw } from '../api/update-draw';
import { aud, centsToDollars, dollarsToCents } from '../utils/money';
import { textOn } from '../utils/text-colors';
import { ScrollTable } from './scroll-table';

const documentKinds: { value: DrawDocumentKind; label: string }[] = [
  { value: 'builders_claim', label: "Builder's progress claim" },
  { value: 'invoice', label: 'Invoice' },
  { value: 'supporting_statement', label: 'Supporting statement' },
  { value: 'other', label: 'Other' },
];

/** 'YYYY-MM-DDTHH:mm' in Sydney, for a datetime-local field. */
const localSydney = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(' ', 'T');

/** The field's Sydney wall-clock time as an instant with its offset (the browser's own zone ignored). */
function sydneyInstant(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const guess = new Date(`${local}:00Z`);
  // Sydney's offset at that moment: the difference between its wall clock and UTC.
  const wall = new Date(`${localSydney(guess.toISOString())}:00Z`);
  const offsetMinutes = Math.round((wall.getTime() - guess.getTime()) / 60_000);
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local}:00${offset}`;
}

/**
 * The developer's draw workspace: a new draft (no `draw` yet: saving creates it and opens its page),
 * or a draft or returned draw — when the claim was served, the amount claimed on each budget line, a
 * note, the documents (uploaded to the draw, decision 063), save and submit.
 */
export function DrawWorkspace({
  facilityId,
  draw,
  budget,
}: {
  facilityId: string;
  draw?: Draw;
  budget: BudgetResult;
}) {
  const navigate = useNavigate();
  const create = useCreateDraw(facilityId);
  const update = useUpdateDraw(draw?.id ?? '');
  const move = useMoveDraw(draw?.id ?? '');
  const attach = useAttachDrawDocument(draw?.id ?? '');
  const lines = budget.approved?.lines ?? [];
  const [servedAt, setServedAt] = useState(localSydney(draw?.claim_served_at ?? new Date().toISOString()));
  const [note, setNote] = useState(draw?.note ?? '');
  const [claims, setClaims] = useState<Record<string, string>>(() =>
    Object.fromEntries((draw?.lines ?? []).map((l) => [l.budget_line_id, centsToDollars(l.claimed_cents)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<DrawDocumentKind>('builders_claim');

  const save = async () => {
    const found: Record<string, string> = {};
    const claimLines: { budget_line_id: string; claimed_cents: number }[] = [];
    for (const line of lines) {
      const text = (claims[line.id] ?? '').trim();
      if (!text) continue;
      const cents = dollarsToCents(text);
      if (cents === null) found[line.id] = 'Enter dollars, for example 120000';
      else if (cents > 0) claimLines.push({ budget_line_id: line.id, claimed_cents: cents });
    }
    const served = sydneyInstant(servedAt);
    if (!served) found.servedAt = 'Enter the day and time the claim was served';
    if (claimLines.length === 0) found.lines = 'Claim an amount on at least one line';
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      if (!draw) {
        const created = await create.mutateAsync({ claim_served_at: served!, lines: claimLines, note });
        await navigate(`/draws/${created.id}`);
        return false;
      }
      await update.mutateAsync({ claim_served_at: served!, lines: claimLines, note });
      return true;
    } catch (e) {
      notifications.show({
        title: 'The draft could not be saved',
        message: e instanceof Error ? e.message : '',
        color: 'red',
      });
      return false;
    }
  };

  const submit = async () => {
    if (!(await save())) return;
    try {
      await move.mutateAsync({ action: 'submit' });
      notifications.show({
        title: 'Draw submitted',
        message: 'Sent to the quantity surveyor',
        color: 'green',
      });
    } catch (e) {
      notifications.show({
        title: 'The draw was not submitted',
        message: e instanceof Error ? e.message : '',
        color: 'red',
      });
    }
  };

  const upload = async () => {
    if (!file || !draw) return;
    try {
      await attach.mutateAsync({ file, kind });
      setFile(null);
    } catch (e) {
      notifications.show({
        title: 'The file was not attached',
        message: e instanceof Error ? e.message : '',
        color: 'red',
      });
    }
  };

  const total = lines.reduce((sum, l) => sum + (dollarsToCents(claims[l.id] ?? '') ?? 0), 0);
  return (
    <Stack gap="md" component="section" aria-labelledby="workspace">
      <Title order={draw ? 2 : 3} fz="lg" id="workspace">
        {draw ? 'Your claim' : 'New draft claim'}
      </Title>
      <TextInput
        label="Claim served (Sydney time)"
        description="When the builder's payment claim was served: it starts the Security of Payment clock."
        type="datetime-local"
        value={servedAt}
        onChange={(e) => setServedAt(e.currentTarget.value)}
        error={errors.servedAt}
        w={280}
      />
      <ScrollTable label={'Claim lines'} minWidth={560}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Budget line</Table.Th>
              <Table.Th scope="col">Budget</Table.Th>
              <Table.Th scope="col">Claimed this draw (AUD)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Th scope="row" fw={500}>
                  {line.code} {line.name}
                </Table.Th>
                <Table.Td>{aud(line.amount_cents)}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Claimed on ${line.code} ${line.name}`}
                    value={claims[line.id] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setClaims((c) => ({ ...c, [line.id]: value }));
                    }}
                    error={errors[line.id]}
                    inputMode="decimal"
                    size="xs"
                    w={160}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Text fz="sm" fw={600} data-testid="claim-total">
        Total claimed: {aud(total)}
      </Text>
      {errors.lines && (
        <Text fz="sm" c={textOn.red} role="alert">
          {errors.lines}
        </Text>
      )}
      <Textarea
        label="Note to the surveyor and funder"
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      {draw && (
        <Stack gap={6}>
          <Title order={3} fz="md">
            Documents
          </Title>
          {draw.documents.length === 0 ? (
            <Text fz="sm" c="gray.7">
              No documents attached yet.
            </Text>
          ) : (
            draw.documents.map((d) => (
              <Text fz="sm" key={d.document_id}>
                {documentKinds.find((k) => k.value === d.kind)?.label}: {d.file_name}
              </Text>
            ))
          )}
          <Group align="flex-end" gap="sm">
            <Select
              label="Document type"
              data={documentKinds}
              value={kind}
              onChange={(v) => v && setKind(v as DrawDocumentKind)}
              allowDeselect={false}
              w={240}
            />
            <FileInput
              label="File"
              placeholder="Choose a file"
              value={file}
              onChange={setFile}
              w={240}
              clearable
            />
            <Button variant="default" onClick={upload} disabled={!file} loading={attach.isPending}>
              Attach
            </Button>
          </Group>
          {attach.percent !== null && <Progress value={attach.percent} aria-label="Upload progress" />}
        </Stack>
      )}
      <Group gap="sm">
        <Button
          variant={draw ? 'default' : 'filled'}
          onClick={() => void save()}
          loading={(update.isPending || create.isPending) && !move.isPending}
        >
          Save draft
        </Button>
        {draw && (
          <Button onClick={() => void submit()} loading={move.isPending}>
            Submit to the surveyor
          </Button>
        )}
      </Group>
    </Stack>
  );
}
