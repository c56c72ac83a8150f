import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ABN_INPUT_MAX_LENGTH, BIO_MAX_LENGTH } from '@plinth/domain/constants';
import {
  companyTypesFor,
  type FieldIssue,
  investmentFocuses,
  joinIssues,
  type ProfileBody,
  profileBody,
  profileIssues,
} from '@plinth/domain/onboarding';
import type { SelfServiceRole } from '@plinth/domain/roles';
import { useEffect, useRef, useState } from 'react';

interface ProfileFormValues {
  company_name: string;
  company_type: string | null;
  phone: string;
  abn: string;
  linkedin: string;
  bio: string;
  investment_focus: string | null;
  typical_deal_size_min: number | string;
  typical_deal_size_max: number | string;
  years_experience: number | string;
  aum: number | string;
}

const initialValues: ProfileFormValues = {
  company_name: '',
  company_type: null,
  phone: '',
  abn: '',
  linkedin: '',
  bio: '',
  investment_focus: null,
  typical_deal_size_min: '',
  typical_deal_size_max: '',
  years_experience: '',
  aum: '',
};

// Mantine's dimmed description colour is below 4.5:1 on white; descriptions here stay readable.
const readable = { description: { color: 'var(--mantine-color-gray-7)' } };

// Mantine keeps a closed Select's option list in the page, labelled like the input; unmounting it
// keeps 'Company type' naming exactly one element.
const unmountWhenClosed = { keepMounted: false };

/** NumberInput gives '' when empty. */
const amount = (value: number | string) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function toBody(role: SelfServiceRole, values: ProfileFormValues): ProfileBody {
  const body: ProfileBody = {
    company_name: values.company_name,
    company_type: values.company_type || null,
    phone: values.phone,
    abn: values.abn,
    linkedin: values.linkedin || null,
    bio: values.bio || null,
  };
  if (role !== 'funder') return body;
  return {
    ...body,
    investment_focus: values.investment_focus || null,
    typical_deal_size_min: amount(values.typical_deal_size_min),
    typical_deal_size_max: amount(values.typical_deal_size_max),
    years_experience: amount(values.years_experience),
    aum: amount(values.aum),
  };
}

/** The domain's rules, in the spec's order; a body of the wrong shape reports zod's messages instead. */
function issuesOf(role: SelfServiceRole, body: ProfileBody): FieldIssue[] {
  const parsed = profileBody.safeParse(body);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? ''),
      message: issue.message,
    }));
  return profileIssues(role, parsed.data);
}

function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of issues)
    errors[field] = errors[field] ? `${errors[field]}, ${message}` : message;
  return errors;
}

interface ProfileStepProps {
  role: SelfServiceRole;
  isPending: boolean;
  serverError: string | null;
  onSubmit: (body: ProfileBody) => void;
}

/** Step 2: the profile form; errors are shown per field and joined by commas in one banner. */
export function ProfileStep({ role, isPending, serverError, onSubmit }: ProfileStepProps) {
  const isFunder = role === 'funder';
  const [issueText, setIssueText] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const form = useForm<ProfileFormValues>({ initialValues });
  const banner = issueText ?? serverError;

  useEffect(() => {
    if (banner) bannerRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [banner]);

  const handleSubmit = form.onSubmit((values) => {
    const body = toBody(role, values);
    const issues = issuesOf(role, body);
    form.setErrors(fieldErrors(issues));
    if (issues.length > 0) {
      setIssueText(joinIssues(issues));
      return;
    }
    setIssueText(null);
    onSubmit(body);
  });

  const bioLength = form.getValues().bio.length;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="xl">
              Your profile
            </Title>
            <Text c="gray.7">
              {isFunder
                ? 'Tell us about your organisation and the deals you look for.'
                : 'Tell us about your company so funders know who they are dealing with.'}
            </Text>
          </div>
          {banner && (
            <Alert ref={bannerRef} role="alert" color="red" variant="light" c="red.9">
              {banner}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Company name"
              required
              autoComplete="organization"
              {...form.getInputProps('company_name')}
            />
            <Select
              label="Company type"
              required
              placeholder="Select a type"
              data={companyTypesFor(role)}
              comboboxProps={unmountWhenClosed}
              {...form.getInputProps('company_type')}
            />
            <TextInput
              label="Phone"
              type="tel"
              required
              autoComplete="tel"
              placeholder="e.g. 0412 345 678"
              {...form.getInputProps('phone')}
            />
            <TextInput
              label="ABN"
              required
              inputMode="numeric"
              maxLength={ABN_INPUT_MAX_LENGTH}
              placeholder="e.g. 12 345 678 901"
              {...form.getInputProps('abn')}
            />
          </SimpleGrid>
          <TextInput
            label="LinkedIn"
            type="url"
            autoComplete="url"
            placeholder="https://www.linkedin.com/in/your-name"
            {...form.getInputProps('linkedin')}
          />
          <Textarea
            label="Bio"
            autosize
            minRows={3}
            maxLength={BIO_MAX_LENGTH}
            description={`${bioLength}/${BIO_MAX_LENGTH} characters`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            styles={readable}
            {...form.getInputProps('bio')}
          />
          {isFunder && (
            <>
              <Title order={3} fz="lg" mt="sm">
                Investment criteria
              </Title>
              <Select
                label="Investment focus"
                required
                placeholder="Select a focus"
                data={investmentFocuses}
                comboboxProps={unmountWhenClosed}
                {...form.getInputProps('investment_focus')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label="Minimum deal size"
                  required
                  prefix="$"
                  thousandSeparator=","
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('typical_deal_size_min')}
                />
                <NumberInput
                  label="Maximum deal size"
                  required
                  prefix="$"
                  thousandSeparator=","
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('typical_deal_size_max')}
                />
                <NumberInput
                  label="Years of experience"
                  required
                  min={0}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('years_experience')}
                />
                <NumberInput
                  label="Assets under management"
                  description="Optional"
                  styles={readable}
                  prefix="$"
                  thousandSeparator=","
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('aum')}
                />
              </SimpleGrid>
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={isPending}>
              Submit Profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
