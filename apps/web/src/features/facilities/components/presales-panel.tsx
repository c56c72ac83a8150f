import { Alert, Badge, Button, FileButton, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BudgetImportError } from '../api/import-budget';
import { type PresaleRow, useImportPresales, usePresales, useRemovePresale } from '../api/presales-api';
import { aud, day } from '../utils/money';
import { textOn } from '../utils/text-colors';
import { PresaleAddForm } from './presale-add-form';
import { PresaleCoverPanel } from './presale-cover-panel';
import { PresaleSettleForm } from './presale-settle-form';
import { ScrollTable } from './scroll-table';

const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

const statusWords = { exchanged: 'Exchanged', settled: 'Settled', released: 'Released' } as const;

function PresaleRowView({ p, role, open }: { p: PresaleRow; role: string; open: boolean }) {
  const [settling, setSettling] = useState(false);
  const remove = useRemovePresale();
  return (
    <Table.Tr data-testid={`presale-${p.lot}`}>
      <Table.Td>{p.lot}</Table.Td>
      <Table.Td>{p.purchaser_name}</Table.Td>
      <Table.Td>{aud(p.price_ex_gst_cents)}</Table.Td>
      <Table.Td>
        {aud(p.deposit_cents)} {p.deposit_form === 'bond' ? `bond to ${day(p.bond_expiry)}` : 'cash'}
      </Table.Td>
      <Table.Td>{day(p.exchanged_on)}</Table.Td>
      <Table.Td>{day(p.sunset_on)}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Badge variant="light" color={p.status === 'settled' ? 'green' : 'gray'} c="dark.7">
            {statusWords[p.status]}
          </Badge>
          {p.settlement && (
            <Text fz="xs">
              {day(p.settlement.settled_on)}: {aud(p.settlement.net_proceeds_cents)} net,{' '}
              {aud(p.settlement.principal_cents)} to principal
              {p.settlement.surplus_cents > 0
                ? `, ${aud(p.settlement.surplus_cents)} surplus to the developer`
                : ''}
            </Text>
          )}
          {open && p.status === 'exchanged' && role === 'funder' && !settling && (
            <Button
              size="xs"
              variant="light"
              onClick={() => setSettling(true)}
              aria-label={`Settle lot ${p.lot}`}
            >
              Record settlement
            </Button>
          )}
          {settling && <PresaleSettleForm presale={p} onDone={() => setSettling(false)} />}
          {open && p.status === 'exchanged' && role === 'developer' && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              c={textOn.red}
              loading={remove.isPending}
              onClick={() => remove.mutate(p.id)}
              aria-label={`Remove lot ${p.lot}`}
            >
              Remove
            </Button>
          )}
          {remove.error && (
            <Text fz="xs" c={textOn.red} role="alert">
              {remove.error.message}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The presale register (decision 062), a page at a time: the developer adds contracts one by one
 * or imports a CSV (every row's problem at once); the funder records settlements. Cover, reasons,
 * warnings and the timeline sit above it.
 */
export function PresalesPanel({
  facilityId,
  role,
  open,
}: {
  facilityId: string;
  role: string;
  open: boolean;
}) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const page = usePresales(facilityId, cursor);
  const importer = useImportPresales(facilityId);
  const items = page.data?.items ?? [];
  const importError = importer.error;
  const rows = importError instanceof BudgetImportError ? importError.rows : [];

  const importFile = async (file: File | null) => {
    if (!file) return;
    importer.reset();
    importer.mutate(await readText(file));
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="presales">
      <Title order={2} fz="lg" id="presales">
        Presales
      </Title>
      <PresaleCoverPanel facilityId={facilityId} />
      {page.isError && <Text c={textOn.red}>{page.error.message}</Text>}
      {page.data && items.length === 0 && cursors.length === 1 && (
        <Text fz="sm">No presales on the register yet.</Text>
      )}
      {items.length > 0 && (
        <ScrollTable label={'Presale register'} minWidth={760}>
          <Table striped aria-label="Presale register">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lot</Table.Th>
                <Table.Th>Purchaser</Table.Th>
                <Table.Th>Price ex GST</Table.Th>
                <Table.Th>Deposit</Table.Th>
                <Table.Th>Exchanged</Table.Th>
                <Table.Th>Sunset</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <PresaleRowView key={p.id} p={p} role={role} open={open} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {(cursors.length > 1 || page.data?.next_cursor) && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={cursors.length === 1}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Previous page
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!page.data?.next_cursor}
            onClick={() => page.data?.next_cursor && setCursors([...cursors, page.data.next_cursor])}
          >
            Next page
          </Button>
        </Group>
      )}
      {importError && (
        <Alert role="alert" color="red" variant="light" c={textOn.red} title="The presales were not imported">
          {rows.length > 0 ? (
            <List size="sm" aria-label="Problems in the presale file">
              {rows.map((row) => (
                <List.Item key={row}>{row}</List.Item>
              ))}
            </List>
          ) : (
            importError.message
          )}
        </Alert>
      )}
      {open && role === 'developer' && (
        <>
          <PresaleAddForm facilityId={facilityId} />
          <Group gap="sm">
            <FileButton onChange={(f) => void importFile(f)} accept=".csv,text/csv">
              {(props) => (
                <Button {...props} variant="default" loading={importer.isPending}>
                  Import presales CSV
                </Button>
              )}
            </FileButton>
            <Text fz="xs" c="gray.7">
              Columns: lot, purchaser_name, price_ex_gst, deposit, deposit_form, bond_expiry, related_party,
              exchanged_on, sunset_on.
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
