import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { FunderCriteriaResponse } from '@plinth/domain/funder-criteria';
import { useState } from 'react';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useFunderCriteria } from '../api/get-funder-criteria';
import { useSaveFunderCriteria } from '../api/save-funder-criteria';
import {
  checkCriteria,
  criteriaValuesOf,
  type FunderCriteriaValues,
  serverCriteriaErrors,
} from '../utils/funder-criteria-form';
import { LendingCriteriaFields } from './lending-criteria-fields';

/**
 * Settings, for funders (issue 22 item 1): their lending criteria, the buy-box new listings are
 * matched against. Until first saved the server answers the onboarding profile's prefill.
 */
export function LendingCriteria() {
  const criteria = useFunderCriteria();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Lending criteria
          </Title>
          <Text c="gray.7" fz="sm">
            What you lend on: listings are matched against these. Leave a field empty to accept any.
          </Text>
        </div>
        {criteria.isPending ? (
          <LoadingBlock label="Loading lending criteria" compact />
        ) : criteria.isError ? (
          <LoadFailedAlert title="Failed to load lending criteria">{criteria.error.message}</LoadFailedAlert>
        ) : (
          <LendingCriteriaForm criteria={criteria.data} />
        )}
      </Stack>
    </Paper>
  );
}

function LendingCriteriaForm({ criteria }: { criteria: FunderCriteriaResponse }) {
  const save = useSaveFunderCriteria();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FunderCriteriaValues>({ initialValues: criteriaValuesOf(criteria) });

  const handleSubmit = form.onSubmit(async (values) => {
    // The domain's schema, as the server applies it: a refused field never reaches the server.
    const checked = checkCriteria(values);
    form.setErrors(checked.errors ?? {});
    setBanner(null);
    if (!checked.body) return;
    try {
      const saved = await save.mutateAsync(checked.body);
      form.setInitialValues(criteriaValuesOf(saved));
      form.setValues(criteriaValuesOf(saved));
      notifications.show({
        color: 'green',
        title: 'Lending Criteria Saved',
        message: 'Your lending criteria are saved and confirmed as current',
      });
    } catch (error) {
      const message =
        error instanceof Error && error.message ? error.message : 'Failed to save lending criteria';
      const fieldErrors =
        error instanceof ApiError && error.status === 400 ? serverCriteriaErrors(message) : {};
      form.setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setBanner(message);
      notifications.show({ color: 'red', title: 'Failed to save lending criteria', message });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Lending criteria">
      <Stack gap="md">
        {criteria.is_saved ? (
          criteria.confirmed_at && (
            <Text fz="sm" c="gray.7" data-testid="criteria-confirmed">
              Last confirmed {formatDate(criteria.confirmed_at)}
            </Text>
          )
        ) : (
          <Alert color="blue" variant="light" c="dark.7" title="Not yet saved">
            These figures are prefilled from your onboarding profile and are not yet saved. Check them and
            save to use them for your recommendations and listing alerts.
          </Alert>
        )}
        {banner && (
          <Alert role="alert" color="red" variant="light" c="red.9">
            {banner}
          </Alert>
        )}
        <LendingCriteriaFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save criteria
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
