import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { accountErrorTitles } from '@plinth/domain/account';
import { joinIssues } from '@plinth/domain/onboarding';
import { roleLabels } from '@plinth/domain/roles';
import { timeZoneNames } from '@plinth/domain/time-zone';
import type { ProfileResponse } from '@plinth/domain/users';
import { useState } from 'react';
import { fieldErrors } from '../../../components/profile-fields/profile-field-values';
import {
  CompanyFields,
  InvestorFields,
  readableDescription,
} from '../../../components/profile-fields/profile-fields';
import { useUpdateProfile } from '../api/update-profile';
import { issuesOf, type ProfileFormValues, toUpdateBody, valuesOf } from '../utils/profile-form-values';

let zones: string[] | undefined;
/** The zones to choose from, worked out once ('Australia/Sydney', 'Europe/London', 'UTC', …). */
const timeZoneOptions = () => {
  zones ??= timeZoneNames();
  return zones;
};

/**
 * My Profile (spec 000 section 2): the name is editable, e-mail and role are read-only; developers
 * and funders edit their company fields, funders their investor fields, under the onboarding rules.
 */
export function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const { role } = profile;
  const isFunder = role === 'funder';
  const update = useUpdateProfile(profile.user_id);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ProfileFormValues>({ initialValues: valuesOf(profile) });

  const handleSubmit = form.onSubmit(async (values) => {
    const body = toUpdateBody(role, values);
    const issues = issuesOf(role, body);
    form.setErrors(fieldErrors(issues));
    if (issues.length > 0) {
      setBanner(joinIssues(issues));
      return;
    }
    setBanner(null);
    try {
      const saved = await update.mutateAsync(body);
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      notifications.show({
        color: 'green',
        title: 'Profile Updated',
        message: 'Your profile has been saved',
      });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Failed to update profile';
      setBanner(message);
      notifications.show({ color: 'red', title: accountErrorTitles.update, message });
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={handleSubmit} noValidate aria-label="Profile">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Account
          </Title>
          {banner && (
            <Alert role="alert" color="red" variant="light" c="red.9">
              {banner}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
            <TextInput
              label="Email"
              value={profile.email}
              readOnly
              description="Cannot be changed"
              styles={readableDescription}
            />
            <TextInput label="Role" value={role ? roleLabels[role] : ''} readOnly />
            <Select
              label="Time zone"
              description="Every date on Plinth, and in its e-mails and files, is shown in this zone"
              data={timeZoneOptions()}
              searchable
              limit={50}
              allowDeselect={false}
              nothingFoundMessage="No time zone by that name"
              styles={readableDescription}
              {...form.getInputProps('time_zone')}
            />
          </SimpleGrid>
          {(role === 'borrower' || role === 'funder') && (
            <>
              <Title order={2} fz="lg" mt="sm">
                Company
              </Title>
              <CompanyFields role={role} inputProps={form.getInputProps} />
            </>
          )}
          {isFunder && (
            <>
              <Title order={2} fz="lg" mt="sm">
                Investment criteria
              </Title>
              <InvestorFields inputProps={form.getInputProps} />
            </>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
