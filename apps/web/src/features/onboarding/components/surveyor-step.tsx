import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isAbn, isAustralianPhone, messages } from '@plinth/domain/onboarding';
import { useSurveyorOnboarding } from '../api/surveyor-onboarding';

interface SurveyorStepProps {
  /** Back to the developer and investor cards (someone who opened this by mistake). */
  onBack: () => void;
  /** Where the new surveyor goes once onboarded; a fresh page load, so the session is read anew. */
  leave?: (path: string) => void;
}

const leaveFor = (path: string) => window.location.replace(path);

/**
 * The quantity surveyor's onboarding (issue 33; decisions 055 and 063): a facility invited their
 * e-mail address, so there is no role to choose and nothing to approve, only company, ABN and phone.
 * The server refuses anyone not invited (403) or with another role (409); its words are shown. Done,
 * they go straight to their facilities.
 */
export function SurveyorStep({ onBack, leave = leaveFor }: SurveyorStepProps) {
  const onboard = useSurveyorOnboarding();
  const form = useForm({
    initialValues: { company_name: '', abn: '', phone: '' },
    validate: {
      company_name: (v) => (v.trim() ? null : messages.companyNameRequired),
      abn: (v) => (!v.trim() ? messages.abnRequired : isAbn(v) ? null : messages.abnInvalid),
      phone: (v) =>
        !v.trim() ? messages.phoneRequired : isAustralianPhone(v) ? null : messages.phoneInvalid,
    },
  });
  const isLeaving = onboard.isPending || onboard.isSuccess;

  const submit = form.onSubmit((values) =>
    onboard.mutate(values, {
      // The remembered 'surveyor' is left: every sign-up page sets or clears it on arrival.
      onSuccess: () => leave('/facilities'),
    }),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="xl">
              Quantity surveyor
            </Title>
            <Text c="gray.7">
              A lender invited you to certify the progress claims of a construction facility. Tell us about
              your practice; you will see the facilities that invited this e-mail address.
            </Text>
          </div>
          {onboard.error && (
            <Alert role="alert" color="red" variant="light" c="red.9" title="Could not continue">
              {onboard.error.message}
            </Alert>
          )}
          <TextInput
            label="Company name"
            autoComplete="organization"
            required
            {...form.getInputProps('company_name')}
          />
          <TextInput label="ABN" inputMode="numeric" required {...form.getInputProps('abn')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" required {...form.getInputProps('phone')} />
          <Group justify="space-between" mt="sm">
            <Anchor component="button" type="button" fz="sm" onClick={onBack}>
              I was not invited as a surveyor
            </Anchor>
            <Button type="submit" loading={isLeaving}>
              Continue to my facilities
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
