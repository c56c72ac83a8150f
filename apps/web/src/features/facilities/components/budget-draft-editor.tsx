import { ActionIcon, Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type BudgetCategory,
  budgetCategories,
  budgetCategoryLabels,
  type fundedBy,
} from '@plinth/domain/facility/budget';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { BudgetResult } from '../api/get-budget';
import { useSaveBudget } from '../api/save-budget';
import { aud, centsToDollars, dollarsToCents } from '../utils/money';
import { ScrollTable } from './scroll-table';

type Version = NonNullable<BudgetResult['draft']>;

interface Row {
  key: number;
  code: string;
  name: string;
  category: BudgetCategory;
  amount: string;
  funded_by: (typeof fundedBy)[number];
}

const categoryOptions = budgetCategories.map((c) => ({ value: c, label: budgetCategoryLabels[c] }));
const fundingOptions = [
  { value: 'debt', label: 'Debt' },
  { value: 'equity', label: 'Equity' },
];

let nextKey = 0;
const rowsOf = (version: Version | null): Row[] =>
  version && version.lines.length > 0
    ? version.lines.map((l) => ({
        key: nextKey++,
        code: l.code,
        name: l.name,
        category: l.category,
        amount: centsToDollars(l.amount_cents),
        funded_by: l.funded_by,
      }))
    : [{ key: nextKey++, code: '', name: '', category: 'construction', amount: '', funded_by: 'debt' }];

/**
 * The draft budget line by line, for the developer and the funder (decision 055): started from the
 * draft, else from the approved version (a revision), else one empty line. Saving sends a new draft
 * version; an approved version is never edited. Amounts are typed in dollars and sent in cents. The
 * server's refusals (a line a draw claimed left out, a code twice, a category unknown) show as said.
 */
export function BudgetDraftEditor({
  facilityId,
  start,
  onSaved,
}: {
  facilityId: string;
  start: Version | null;
  onSaved: () => void;
}) {
  const save = useSaveBudget(facilityId);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(start));
  const [problem, setProblem] = useState<string | null>(null);

  const update = (key: number, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const cents = rows.map((r) => dollarsToCents(r.amount));
  const total = cents.reduce<number>((sum, c) => sum + (c ?? 0), 0);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const bad = rows.flatMap((_, i) => (cents[i] === null ? [`Line ${i + 1}`] : []));
    if (bad.length > 0) {
      setProblem(`${bad.join(', ')}: enter the amount in dollars, for example 1,250,000`);
      return;
    }
    setProblem(null);
    save.mutate(
      {
        lines: rows.map((r, i) => ({
          code: r.code.trim(),
          name: r.name.trim(),
          category: r.category,
          amount_cents: cents[i]!,
          funded_by: r.funded_by,
        })),
      },
      {
        onSuccess: (version) => {
          notifications.show({
            color: 'green',
            title: 'Draft budget saved',
            message: `Version ${version.version}: ${version.lines.length} lines, ${aud(version.total_cents)}`,
          });
          onSaved();
        },
      },
    );
  };

  const error = problem ?? save.error?.message ?? null;
  return (
    <form onSubmit={submit} noValidate aria-label="Edit the draft budget">
      <Stack gap="sm">
        {error && (
          <Alert role="alert" color="red" variant="light" c="red.9" title="The budget was not saved">
            {error}
          </Alert>
        )}
        <ScrollTable label={'Budget draft lines'} minWidth={760}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th w={170}>Category</Table.Th>
                <Table.Th w={160}>Amount (AUD)</Table.Th>
                <Table.Th w={110}>Funded by</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Line ${i + 1} code`}
                      value={r.code}
                      onChange={(e) => update(r.key, { code: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Line ${i + 1} name`}
                      value={r.name}
                      onChange={(e) => update(r.key, { name: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Line ${i + 1} category`}
                      value={r.category}
                      data={categoryOptions}
                      onChange={(e) => update(r.key, { category: e.currentTarget.value as BudgetCategory })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Line ${i + 1} amount`}
                      inputMode="decimal"
                      value={r.amount}
                      error={r.amount !== '' && cents[i] === null}
                      onChange={(e) => update(r.key, { amount: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Line ${i + 1} funded by`}
                      value={r.funded_by}
                      data={fundingOptions}
                      onChange={(e) =>
                        update(r.key, { funded_by: e.currentTarget.value as Row['funded_by'] })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove line ${i + 1}`}
                      disabled={rows.length === 1}
                      onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                    >
                      <IconTrash aria-hidden size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus aria-hidden size={16} />}
            onClick={() => setRows((all) => [...all, ...rowsOf(null)])}
          >
            Add a line
          </Button>
          <Group gap="sm">
            <Text fz="sm" fw={600}>
              Total {aud(total)}
            </Text>
            <Button type="submit" loading={save.isPending}>
              Save the draft
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
