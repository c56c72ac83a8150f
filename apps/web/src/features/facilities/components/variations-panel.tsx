import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type VariationFunding,
  variationFundingLabels,
  variationFundings,
} from '@plinth/domain/facility/variations';
import { useState } from 'react';
import { useBudget } from '../api/get-budget';
import { useProposeVariation, useVariations } from '../api/variations-api';
import { aud, day, dollarsToCents } from '../utils/money';
import { textOn } from '../utils/text-colors';
import { type FacilityRole, variationStatusWords, wholeDays } from '../utils/variation-actions';
import { ScrollTable } from './scroll-table';
import { VariationRowActions } from './variation-row-actions';

/** Lines a variation may change: cost lines of the approved budget (not contingency, not finance). */
function useVariableLines(facilityId: string) {
  const budget = useBudget(facilityId);
  return (budget.data?.approved?.lines ?? []).filter(
    (l) => l.category !== 'contingency' && l.category !== 'finance',
  );
}

function ProposeVariationForm({ facilityId }: { facilityId: string }) {
  const lines = useVariableLines(facilityId);
  const propose = useProposeVariation(facilityId);
  const [lineId, setLineId] = useState('');
  const [description, setDescription] = useState('');
  const [cost, setCost] = useState('');
  const [days, setDays] = useState('');
  const [funding, setFunding] = useState<VariationFunding>('contingency');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const costCents = cost.trim() === '' ? 0 : dollarsToCents(cost);
    const d = wholeDays(days);
    if (costCents === null) return setError('Enter the cost in dollars, for example 120000');
    if (d === null) return setError('Enter the days as a whole number');
    setError(null);
    try {
      await propose.mutateAsync({
        budget_line_id: lineId || lines[0]?.id || '',
        description,
        cost_cents: costCents,
        days: d,
        funding,
      });
      setDescription('');
      setCost('');
      setDays('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The variation could not be proposed');
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Propose a variation">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Budget line"
          value={lineId || lines[0]?.id || ''}
          onChange={(e) => setLineId(e.currentTarget.value)}
          data={lines.map((l) => ({ value: l.id, label: `${l.code} ${l.name}` }))}
          w={220}
        />
        <TextInput
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          w={240}
        />
        <TextInput
          label="Cost (AUD)"
          value={cost}
          onChange={(e) => setCost(e.currentTarget.value)}
          inputMode="decimal"
          w={150}
        />
        <TextInput
          label="Days added"
          value={days}
          onChange={(e) => setDays(e.currentTarget.value)}
          inputMode="numeric"
          w={110}
        />
        <NativeSelect
          label="Funded by"
          value={funding}
          onChange={(e) => setFunding(e.currentTarget.value as VariationFunding)}
          data={variationFundings.map((v) => ({ value: v, label: variationFundingLabels[v] }))}
          w={260}
        />
        <Button type="submit" loading={propose.isPending}>
          Propose the variation
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

/**
 * Variations of the approved budget (decision 061): each with its status, figures (the surveyor's
 * once assessed) and, once the developer approves, whether the lender must consent and why.
 */
export function VariationsPanel({
  facilityId,
  role,
  open,
}: {
  facilityId: string;
  role: FacilityRole;
  open: boolean;
}) {
  const variations = useVariations(facilityId);
  const items = variations.data?.items ?? [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="variations">
      <Title order={2} fz="lg" id="variations">
        Variations
      </Title>
      {variations.isError && <Text c={textOn.red}>{variations.error.message}</Text>}
      {variations.data && items.length === 0 && <Text fz="sm">No variations yet.</Text>}
      {items.length > 0 && (
        <ScrollTable label={'Variations'} minWidth={720}>
          <Table striped aria-label="Variations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>No.</Table.Th>
                <Table.Th>Line</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Cost</Table.Th>
                <Table.Th>Days</Table.Th>
                <Table.Th>Funding</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((v) => (
                <Table.Tr key={v.id} data-testid={`variation-${v.number}`}>
                  <Table.Td>{v.number}</Table.Td>
                  <Table.Td>{v.budget_line_code}</Table.Td>
                  <Table.Td>{v.description}</Table.Td>
                  <Table.Td>
                    {aud(v.cost_cents)}
                    {v.cost_cents !== v.proposed_cost_cents && (
                      <Text fz="xs" c="gray.7">
                        proposed {aud(v.proposed_cost_cents)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{v.days}</Table.Td>
                  <Table.Td>{variationFundingLabels[v.funding]}</Table.Td>
                  <Table.Td>
                    <Stack gap={6}>
                      <Badge
                        variant="light"
                        c="dark.7"
                        color={
                          v.status === 'incorporated'
                            ? 'green'
                            : v.status === 'developer_approved'
                              ? 'orange'
                              : 'gray'
                        }
                      >
                        {variationStatusWords[v.status]}
                      </Badge>
                      {v.consent_required && v.consent_reasons.length > 0 && (
                        <List size="xs" aria-label={`Why variation ${v.number} needs the lender`}>
                          {v.consent_reasons.map((r) => (
                            <List.Item key={r.code}>{r.message}</List.Item>
                          ))}
                        </List>
                      )}
                      {v.assessment_note && <Text fz="xs">Surveyor: {v.assessment_note}</Text>}
                      {v.decision_reason && <Text fz="xs">Reason: {v.decision_reason}</Text>}
                      {v.budget_version != null && (
                        <Text fz="xs">
                          Budget version {v.budget_version} · {day(v.updated_at)}
                        </Text>
                      )}
                      {open && <VariationRowActions variation={v} viewerRole={role} />}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {open && role === 'developer' && <ProposeVariationForm facilityId={facilityId} />}
    </Stack>
  );
}
