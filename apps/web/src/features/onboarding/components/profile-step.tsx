import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { joinIssues, type ProfileBody } from '@plinth/domain/onboarding';
import type { SelfServiceRole } from '@plinth/domain/roles';
import { useEffect, useRef, useState } from 'react';
import {
  emptyProfileFields,
  fieldErrors,
  type ProfileFieldValues,
  profileFieldIssues,
  profileFieldsBody,
} from '../../../components/profile-fields/profile-field-values';
import { CompanyFields, InvestorFields } from '../../../components/profile-fields/profile-fields';

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
  const form = useForm<ProfileFieldValues>({ initialValues: emptyProfileFields });
  const banner = issueText ?? serverError;

  useEffect(() => {
    if (banner) bannerRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [banner]);

  const handleSubmit = form.onSubmit((values) => {
    const body = profileFieldsBody(role, values);
    const issues = profileFieldIssues(role, body);
    form.setErrors(fieldErrors(issues));
    if (issues.length > 0) {
      setIssueText(joinIssues(issues));
      return;
    }
    setIssueText(null);
    onSubmit(body);
  });

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
          <CompanyFields role={role} inputProps={form.getInputProps} />
          {isFunder && (
            <>
              <Title order={3} fz="lg" mt="sm">
                Investment criteria
              </Title>
              <InvestorFields inputProps={form.getInputProps} />
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
