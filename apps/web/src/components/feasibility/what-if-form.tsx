import { Button, NumberInput, SimpleGrid, Text } from '@mantine/core';
import type { FeasibilityInputs } from '@plinth/domain/broker-ai/feasibility';
import { FeasibilityCard } from './feasibility-card';
import type { WhatIf, WhatIfField } from './use-what-if';

interface FieldSpec {
  field: WhatIfField;
  label: string;
  kind: 'money' | 'rate' | 'months';
}

const fields: FieldSpec[] = [
  { field: 'loan', label: 'Loan amount', kind: 'money' },
  { field: 'ratePercent', label: 'Interest rate (% p.a.)', kind: 'rate' },
  { field: 'termMonths', label: 'Loan term (months)', kind: 'months' },
  { field: 'totalCost', label: 'Total project cost', kind: 'money' },
  { field: 'constructionCost', label: 'Construction cost', kind: 'money' },
  { field: 'revenue', label: 'Revenue (GRV ex GST)', kind: 'money' },
  { field: 'land', label: 'Land value', kind: 'money' },
  { field: 'equity', label: 'Equity contribution', kind: 'money' },
];

const kindProps = {
  money: { prefix: '$', thousandSeparator: ',', allowDecimal: false, inputMode: 'numeric' },
  rate: { suffix: '%', decimalScale: 2, inputMode: 'decimal' },
  months: { allowDecimal: false, inputMode: 'numeric' },
} as const;

/**
 * 'What if': the viewer changes any figure and the tab recomputes at once. It lives in this page
 * only; the listing is changed in Edit Project, never from here.
 */
export function WhatIfForm({ whatIf }: { whatIf: WhatIf }) {
  const shown = (field: keyof FeasibilityInputs) => whatIf.inputs[field] ?? '';
  return (
    <FeasibilityCard
      title="What if"
      description="Try other figures: every section below recomputes at once. Nothing here is saved; the listing keeps its own figures."
      action={
        <Button variant="default" size="xs" onClick={whatIf.reset} disabled={!whatIf.isChanged}>
          Reset to listing
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {fields.map(({ field, label, kind }) => (
          <NumberInput
            key={field}
            label={label}
            value={shown(field)}
            onChange={(value) => whatIf.change(field, typeof value === 'number' ? value : null)}
            allowNegative={false}
            hideControls
            {...kindProps[kind]}
          />
        ))}
      </SimpleGrid>
      <Text fz="xs" c="gray.7" aria-live="polite">
        {whatIf.isChanged ? 'Showing your figures, not the listing’s.' : 'Showing the listing’s figures.'}{' '}
        Total project cost is land, construction and the listing’s other costs: changing land or construction
        changes it too, unless you type a total of your own.
      </Text>
    </FeasibilityCard>
  );
}
