import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NumericField, ProjectFormValues } from '../utils/project-form-values';

export type ProjectForm = UseFormReturnType<ProjectFormValues>;

// Mantine's dimmed description colour is below 4.5:1 on white; descriptions here stay readable.
export const readableDescription = { description: { color: 'var(--mantine-color-gray-7)' } };

// Mantine keeps a closed Select's option list in the page, labelled like the input; unmounting it
// keeps each label naming exactly one element.
export const unmountWhenClosed = { keepMounted: false };

interface AmountInputProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'form'> {
  form: ProjectForm;
  field: NumericField;
  label: string;
  /** Whole dollars with a $ and thousands separators (default); false for counts and rates. */
  isMoney?: boolean;
}

/**
 * A number field of the project form. Only digits (and a decimal point where allowed) can be
 * typed; out-of-range values are kept as typed so the step's rule can say what is wrong, rather
 * than being silently clamped.
 */
export function AmountInput({ form, field, label, isMoney = true, ...props }: AmountInputProps) {
  return (
    <NumberInput
      label={label}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      inputMode={props.allowDecimal === false || isMoney ? 'numeric' : 'decimal'}
      {...(isMoney ? { prefix: '$', thousandSeparator: ',', allowDecimal: false } : {})}
      styles={readableDescription}
      {...props}
      {...form.getInputProps(field)}
    />
  );
}
