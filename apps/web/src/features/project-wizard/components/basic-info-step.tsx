import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  MAX_INTEREST_RATE,
  MAX_LOAN_TERM_MONTHS,
  MIN_LOAN_AMOUNT,
  MIN_LOAN_TERM_MONTHS,
} from '@plinth/domain/constants';
import { australianStates, developmentStages, propertyTypes } from '@plinth/domain/projects';
import { AddressAutocomplete } from './address-autocomplete';
import { AmountInput, type ProjectForm, unmountWhenClosed } from './form-fields';

/** Step 1: what and where the project is, and the loan sought. */
export function BasicInfoStep({ form }: { form: ProjectForm }) {
  const { values } = form;
  return (
    <Stack gap="md">
      <TextInput label="Project title" required maxLength={200} {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxRows={12}
        maxLength={10_000}
        {...form.getInputProps('description')}
      />
      <AddressAutocomplete
        required
        value={values.location}
        error={form.errors.location}
        onChange={(location) => {
          form.setFieldValue('location', location);
          // Typing a new address forgets the coordinates of the last chosen locality.
          if (values.latitude !== null) form.setValues({ latitude: null, longitude: null });
        }}
        onPlaceSelected={(details, location) => {
          form.setValues({
            location,
            suburb: details.suburb,
            city: details.city ?? '',
            state: details.state,
            postcode: details.postcode,
            latitude: details.latitude,
            longitude: details.longitude,
          });
          for (const field of ['location', 'suburb', 'city', 'state', 'postcode'] as const)
            form.clearFieldError(field);
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Suburb" required maxLength={100} {...form.getInputProps('suburb')} />
        <TextInput label="City" maxLength={100} {...form.getInputProps('city')} />
        <Select
          label="State"
          placeholder="Select a state"
          data={australianStates}
          clearable
          comboboxProps={unmountWhenClosed}
          {...form.getInputProps('state')}
        />
        <TextInput
          label="Postcode"
          inputMode="numeric"
          maxLength={4}
          {...form.getInputProps('postcode')}
          onChange={(event) => form.setFieldValue('postcode', event.currentTarget.value.replace(/\D/g, ''))}
        />
        <Select
          label="Property type"
          data={propertyTypes}
          allowDeselect={false}
          comboboxProps={unmountWhenClosed}
          {...form.getInputProps('property_type')}
        />
        <Select
          label="Development stage"
          data={developmentStages}
          allowDeselect={false}
          comboboxProps={unmountWhenClosed}
          {...form.getInputProps('development_stage')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AmountInput form={form} field="loan_amount" label="Loan amount" required min={MIN_LOAN_AMOUNT} />
        <AmountInput
          form={form}
          field="interest_rate"
          label="Interest rate (%)"
          isMoney={false}
          min={0}
          max={MAX_INTEREST_RATE}
          step={0.1}
          decimalScale={2}
        />
        <AmountInput
          form={form}
          field="loan_term"
          label="Loan term (months)"
          isMoney={false}
          allowDecimal={false}
          min={MIN_LOAN_TERM_MONTHS}
          max={MAX_LOAN_TERM_MONTHS}
        />
      </SimpleGrid>
    </Stack>
  );
}
