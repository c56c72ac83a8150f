import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { ABN_INPUT_MAX_LENGTH, BIO_MAX_LENGTH } from '@plinth/domain/constants';
import { companyTypesFor, investmentFocuses } from '@plinth/domain/onboarding';
import type { SelfServiceRole } from '@plinth/domain/roles';
import type { ProfileFieldValues } from './profile-field-values';

/** A form's `getInputProps`, for the profile fields only. */
export type ProfileInputProps = (field: keyof ProfileFieldValues) => GetInputPropsReturnType;

// Mantine's dimmed description colour is below 4.5:1 on white; descriptions here stay readable.
export const readableDescription = { description: { color: 'var(--mantine-color-gray-7)' } };
// A closed Select's option list is unmounted, so its label names exactly one element.
const unmountWhenClosed = { keepMounted: false };
const money = { prefix: '$', thousandSeparator: ',', min: 0, allowDecimal: false, allowNegative: false };

/** Company name, type, phone, ABN, LinkedIn and bio: onboarding's step 2 and My Profile. */
export function CompanyFields({
  role,
  inputProps,
}: {
  role: SelfServiceRole;
  inputProps: ProfileInputProps;
}) {
  const bio = inputProps('bio');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Company name"
          required
          autoComplete="organization"
          {...inputProps('company_name')}
        />
        <Select
          label="Company type"
          required
          placeholder="Select a type"
          data={companyTypesFor(role)}
          comboboxProps={unmountWhenClosed}
          {...inputProps('company_type')}
        />
        <TextInput
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          placeholder="e.g. 0412 345 678"
          {...inputProps('phone')}
        />
        <TextInput
          label="ABN"
          required
          inputMode="numeric"
          maxLength={ABN_INPUT_MAX_LENGTH}
          placeholder="e.g. 12 345 678 901"
          {...inputProps('abn')}
        />
      </SimpleGrid>
      <TextInput
        label="LinkedIn"
        type="url"
        autoComplete="url"
        placeholder="https://www.linkedin.com/in/your-name"
        {...inputProps('linkedin')}
      />
      <Textarea
        label="Bio"
        autosize
        minRows={3}
        maxLength={BIO_MAX_LENGTH}
        description={`${String(bio.value ?? '').length}/${BIO_MAX_LENGTH} characters`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        styles={readableDescription}
        {...bio}
      />
    </>
  );
}

/** A funder's investment criteria: focus, deal sizes, years of experience and (optional) AUM. */
export function InvestorFields({ inputProps }: { inputProps: ProfileInputProps }) {
  return (
    <>
      <Select
        label="Investment focus"
        required
        placeholder="Select a focus"
        data={investmentFocuses}
        comboboxProps={unmountWhenClosed}
        {...inputProps('investment_focus')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Minimum deal size" required {...money} {...inputProps('typical_deal_size_min')} />
        <NumberInput label="Maximum deal size" required {...money} {...inputProps('typical_deal_size_max')} />
        <NumberInput
          label="Years of experience"
          required
          min={0}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          {...inputProps('years_experience')}
        />
        <NumberInput
          label="Assets under management"
          description="Optional"
          styles={readableDescription}
          {...money}
          {...inputProps('aum')}
        />
      </SimpleGrid>
    </>
  );
}
