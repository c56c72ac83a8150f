import { Input, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type RiskRating, riskRatings } from '@plinth/domain/finance';
import { planningPermitStatuses } from '@plinth/domain/projects';
import { AmountInput, type ProjectForm, readableDescription, unmountWhenClosed } from './form-fields';

const riskOptions = riskRatings.map((rating) => ({
  value: rating,
  label: rating.charAt(0).toUpperCase() + rating.slice(1),
}));

const riskFields = [
  { field: 'market_risk_rating', label: 'Market risk' },
  { field: 'construction_risk_rating', label: 'Construction risk' },
  { field: 'location_risk_rating', label: 'Location risk' },
] as const;

/** Step 3: size, planning, timing and the developer's own view of the risks. */
export function DetailsStep({ form }: { form: ProjectForm }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <AmountInput
          form={form}
          field="project_size_sqm"
          label="Project size (sqm)"
          isMoney={false}
          thousandSeparator=","
          decimalScale={2}
          min={0}
        />
        <AmountInput
          form={form}
          field="number_of_units"
          label="Number of units"
          isMoney={false}
          allowDecimal={false}
          min={0}
        />
        <AmountInput
          form={form}
          field="number_of_levels"
          label="Number of levels"
          isMoney={false}
          allowDecimal={false}
          min={0}
        />
        <AmountInput
          form={form}
          field="car_spaces"
          label="Car spaces"
          isMoney={false}
          allowDecimal={false}
          min={0}
        />
        <TextInput
          label="Zoning"
          placeholder="e.g. R3 Medium Density"
          maxLength={200}
          {...form.getInputProps('zoning')}
        />
        <Select
          label="Planning permit status"
          data={planningPermitStatuses}
          allowDeselect={false}
          comboboxProps={unmountWhenClosed}
          {...form.getInputProps('planning_permit_status')}
        />
        <TextInput label="Expected start date" type="date" {...form.getInputProps('expected_start_date')} />
        <TextInput
          label="Expected completion date"
          type="date"
          min={form.values.expected_start_date || undefined}
          {...form.getInputProps('expected_completion_date')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {riskFields.map(({ field, label }) => (
          <Input.Wrapper
            key={field}
            label={label}
            labelElement="div"
            id={field}
            description="Your own assessment"
            styles={readableDescription}
          >
            <SegmentedControl
              fullWidth
              mt={4}
              aria-labelledby={`${field}-label`}
              aria-describedby={`${field}-description`}
              data={riskOptions}
              value={form.values[field]}
              onChange={(value) => form.setFieldValue(field, value as RiskRating)}
            />
          </Input.Wrapper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
