import { Fieldset, MultiSelect, NumberInput, SimpleGrid, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { funderCriteriaMessages } from '@plinth/domain/funder-criteria';
import { australianStates, developmentStages, propertyTypes } from '@plinth/domain/projects';
import { type FunderCriteriaValues, limitStepNote } from '../utils/funder-criteria-form';

// A closed list's options are unmounted, so each label names exactly one element.
const unmountWhenClosed = { keepMounted: false };
const money = {
  prefix: '$',
  thousandSeparator: ',',
  allowDecimal: false,
  allowNegative: false,
  inputMode: 'numeric',
  hideControls: true,
} as const;
const percent = {
  suffix: '%',
  decimalScale: 2,
  allowNegative: false,
  inputMode: 'decimal',
  hideControls: true,
} as const;

/** The lending-criteria fields: what is lent on, the loan range, and the confidential limits. */
export function LendingCriteriaFields({ form }: { form: UseFormReturnType<FunderCriteriaValues> }) {
  const isRangeOutOfOrder = form.errors.min_loan === funderCriteriaMessages.loanRangeOrder;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MultiSelect
          label="Property types"
          placeholder="Any"
          data={propertyTypes}
          comboboxProps={unmountWhenClosed}
          clearable
          searchable
          name="property_types"
          {...form.getInputProps('property_types')}
        />
        <MultiSelect
          label="States"
          placeholder="Any"
          data={australianStates}
          comboboxProps={unmountWhenClosed}
          clearable
          searchable
          name="states"
          {...form.getInputProps('states')}
        />
        <MultiSelect
          label="Development stages"
          placeholder="Any"
          data={developmentStages}
          comboboxProps={unmountWhenClosed}
          clearable
          searchable
          name="development_stages"
          {...form.getInputProps('development_stages')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Minimum loan" placeholder="Any" {...money} {...form.getInputProps('min_loan')} />
        <NumberInput
          label="Maximum loan"
          placeholder="Any"
          {...money}
          {...form.getInputProps('max_loan')}
          // The range is out of order on both ends; its message is said once, under the minimum.
          error={form.errors.max_loan ?? (isRangeOutOfOrder || undefined)}
        />
      </SimpleGrid>
      <Fieldset
        variant="unstyled"
        legend={
          <Title order={3} fz="md">
            Confidential limits (optional)
          </Title>
        }
        aria-describedby="confidential-limits-help"
      >
        <Text c="gray.7" fz="sm" mb="sm" id="confidential-limits-help">
          Matched on each listing's full figures on the server, and never shown to developers. So that no run
          of saved limits can reveal a listing's figures, each is matched in steps, rounded in your favour: a
          maximum up to the next 5 points, a minimum margin down to the next 2.5 points.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Maximum loan / GRV"
            placeholder="Any"
            {...percent}
            {...form.getInputProps('max_loan_to_grv')}
            description={limitStepNote('max_loan_to_grv', form.values.max_loan_to_grv)}
          />
          <NumberInput
            label="Maximum LVR on land"
            placeholder="Any"
            {...percent}
            {...form.getInputProps('max_lvr')}
            description={limitStepNote('max_lvr', form.values.max_lvr)}
          />
          <NumberInput
            label="Minimum margin on cost"
            placeholder="Any"
            {...percent}
            {...form.getInputProps('min_margin_on_cost')}
            description={limitStepNote('min_margin_on_cost', form.values.min_margin_on_cost)}
          />
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
