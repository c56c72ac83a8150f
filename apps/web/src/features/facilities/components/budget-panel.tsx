import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { budgetCategoryLabels } from '@plinth/domain/facility/budget';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useApproveBudget } from '../api/approve-budget';
import { type BudgetResult, useBudget } from '../api/get-budget';
import { BudgetImportError, useImportBudget } from '../api/import-budget';
import { aud, day } from '../utils/money';
import { BudgetDraftEditor } from './budget-draft-editor';
import { ScrollTable } from './scroll-table';

type Version = NonNullable<BudgetResult['draft']>;

/** A chosen file's text (FileReader: every browser has it, and so does the tests' DOM). */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

function VersionTable({ version, caption }: { version: Version; caption: string }) {
  return (
    <ScrollTable label={caption} minWidth={560}>
      <Table captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Funded by</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {version.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.code}</Table.Td>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td>{budgetCategoryLabels[l.category]}</Table.Td>
              <Table.Td>{l.funded_by === 'debt' ? 'Debt' : 'Equity'}</Table.Td>
              <Table.Td ta="right">{aud(l.amount_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>Total</Table.Th>
            <Table.Th ta="right">{aud(version.total_cents)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}

interface BudgetPanelProps {
  facilityId: string;
  /** The developer and the funder write the draft. */
  canEdit: boolean;
  /** The funder approves it. */
  canApprove: boolean;
}

/**
 * The budget while it is agreed (decision 055): the approved version, the draft awaiting approval,
 * a CSV import (each row's problem listed as the server names it, 'Row 3: …'), the draft edited line
 * by line, and the funder's approval. Approval makes a new approved version; the old one is kept.
 */
export function BudgetPanel({ facilityId, canEdit, canApprove }: BudgetPanelProps) {
  const budget = useBudget(facilityId);
  const importer = useImportBudget(facilityId);
  const approve = useApproveBudget(facilityId);
  const [isEditing, setEditing] = useState(false);

  const importFile = async (file: File | null) => {
    if (!file) return;
    importer.reset();
    let csv: string;
    try {
      csv = await readText(file);
    } catch {
      notifications.show({ color: 'red', title: 'The file could not be read', message: file.name });
      return;
    }
    importer.mutate(csv, {
      onSuccess: ({ draft }) => {
        setEditing(false);
        notifications.show({
          color: 'green',
          title: 'Budget imported',
          message: `${file.name}: ${draft.lines.length} lines, ${aud(draft.total_cents)}, waiting for approval`,
        });
      },
    });
  };

  const b = budget.data;
  const importError = importer.error;
  const rows = importError instanceof BudgetImportError ? importError.rows : [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="facility-budget">
      <Group justify="space-between" align="center">
        <Title order={2} fz="lg" id="facility-budget">
          Budget
        </Title>
        {b && (
          <Badge variant="light" color={b.draft ? 'yellow' : b.approved ? 'green' : 'gray'} c="dark.7">
            {b.draft
              ? 'Draft awaiting approval'
              : b.approved
                ? `Approved (version ${b.approved.version})`
                : 'None yet'}
          </Badge>
        )}
      </Group>
      {budget.isError && (
        <Alert color="red" variant="light" c="red.9">
          {budget.error.message}
        </Alert>
      )}
      {!b && !budget.isError && <Skeleton h={160} role="status" aria-label="Loading the budget" />}
      {b && !b.draft && !b.approved && (
        <Text fz="sm">
          No budget yet. Import it from a CSV file with the columns code, name, category, amount (dollars) and
          funded_by (debt or equity), or enter it line by line.
        </Text>
      )}
      {importError && (
        <Alert role="alert" color="red" variant="light" c="red.9" title="The CSV was not imported">
          {rows.length > 0 ? (
            <List size="sm" aria-label="Problems in the file">
              {rows.map((row) => (
                <List.Item key={row}>{row}</List.Item>
              ))}
            </List>
          ) : (
            importError.message
          )}
        </Alert>
      )}
      {b?.approved && !isEditing && (
        <VersionTable
          version={b.approved}
          caption={`Approved budget, version ${b.approved.version}, approved ${day(b.approved.approved_at)}`}
        />
      )}
      {b?.draft && !isEditing && (
        <VersionTable
          version={b.draft}
          caption={`Draft budget, version ${b.draft.version}, awaiting approval`}
        />
      )}
      {b && isEditing && (
        <BudgetDraftEditor
          facilityId={facilityId}
          start={b.draft ?? b.approved}
          onSaved={() => setEditing(false)}
        />
      )}
      {approve.error && (
        <Alert role="alert" color="red" variant="light" c="red.9" title="The budget was not approved">
          {approve.error.message}
        </Alert>
      )}
      {b && (
        <Group gap="sm">
          {canEdit && (
            <FileButton onChange={importFile} accept=".csv,text/csv">
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconFileImport aria-hidden size={18} />}
                  loading={importer.isPending}
                >
                  Import CSV
                </Button>
              )}
            </FileButton>
          )}
          {canEdit && (
            <Button variant="default" onClick={() => setEditing((e) => !e)}>
              {isEditing
                ? 'Cancel editing'
                : b.draft
                  ? 'Edit the draft'
                  : b.approved
                    ? 'Revise the budget'
                    : 'Enter the budget'}
            </Button>
          )}
          {canApprove && b.draft && !isEditing && (
            <Button
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(undefined, {
                  onSuccess: (version) =>
                    notifications.show({
                      color: 'green',
                      title: 'Budget approved',
                      message: `Version ${version.version}, ${aud(version.total_cents)}`,
                    }),
                })
              }
            >
              Approve the budget
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
