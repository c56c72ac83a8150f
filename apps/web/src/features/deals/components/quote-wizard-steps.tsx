import { NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { MAX_INTEREST_RATE, MAX_LOAN_TERM_MONTHS } from '@plinth/domain/constants';
import type { QuoteValues } from '@plinth/domain/proposals';

export interface StepFieldsProps {
  values: QuoteValues;
  errors: Partial<Record<keyof QuoteValues, string>>;
  /** YYYY-MM-DD in Sydney: the earliest 'valid until'. */
  today: string;
  onChange: <K extends keyof QuoteValues>(field: K, value: QuoteValues[K]) => void;
}

/** A NumberInput's value: a number, or null while it is empty. */
const numberOrNull = (value: number | string) => (typeof value === 'number' ? value : null);
const textOrNull = (value: string) => (value === '' ? null : value);

/** Step 1: the facility the funder offers. */
export function LoanTermsStep({ values, errors, onChange }: StepFieldsProps) {
  return (
    <Stack gap="md">
      <NumberInput
        label="Loan amount"
        required
        prefix="$"
        thousandSeparator=","
        decimalScale={0}
        allowNegative={false}
        min={1}
        value={values.loan_amount ?? ''}
        error={errors.loan_amount}
        onChange={(v) => onChange('loan_amount', numberOrNull(v))}
      />
      <NumberInput
        label="Interest rate (% p.a.)"
        required
        decimalScale={2}
        step={0.1}
        allowNegative={false}
        min={0}
        max={MAX_INTEREST_RATE}
        value={values.interest_rate ?? ''}
        error={errors.interest_rate}
        onChange={(v) => onChange('interest_rate', numberOrNull(v))}
      />
      <NumberInput
        label="Loan term (months)"
        required
        decimalScale={0}
        allowNegative={false}
        min={1}
        max={MAX_LOAN_TERM_MONTHS}
        value={values.loan_term ?? ''}
        error={errors.loan_term}
        onChange={(v) => onChange('loan_term', numberOrNull(v))}
      />
    </Stack>
  );
}

/** Step 2: what the facility costs besides interest. */
export function FeesStep({ values, errors, onChange }: StepFieldsProps) {
  return (
    <Stack gap="md">
      <NumberInput
        label="Establishment fee"
        description="A one-off amount in dollars; leave empty for none"
        prefix="$"
        thousandSeparator=","
        decimalScale={0}
        min={0}
        value={values.establishment_fee ?? ''}
        error={errors.establishment_fee}
        onChange={(v) => onChange('establishment_fee', numberOrNull(v))}
      />
      <Textarea
        label="Other fees"
        description="Line fees, legal costs, valuation: as you would word them"
        autosize
        minRows={2}
        maxLength={1000}
        value={values.other_fees ?? ''}
        error={errors.other_fees}
        onChange={(event) => onChange('other_fees', textOrNull(event.currentTarget.value))}
      />
    </Stack>
  );
}

/** Step 3: the conditions precedent and how long the quote stands. */
export function ConditionsStep({ values, errors, today, onChange }: StepFieldsProps) {
  return (
    <Stack gap="md">
      <Textarea
        label="Conditions"
        description="Conditions precedent, security, covenants"
        autosize
        minRows={4}
        maxLength={5000}
        value={values.conditions ?? ''}
        error={errors.conditions}
        onChange={(event) => onChange('conditions', textOrNull(event.currentTarget.value))}
      />
      <TextInput
        type="date"
        label="Valid until"
        min={today}
        value={values.valid_until ?? ''}
        error={errors.valid_until}
        onChange={(event) => onChange('valid_until', textOrNull(event.currentTarget.value))}
      />
    </Stack>
  );
}
