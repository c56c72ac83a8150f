import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FieldRefusal } from '../api/api-with-details';
import { type PresaleSettings, useSavePresaleSettings } from '../api/settings-api';
import {
  mappedFieldErrors,
  type PresaleSettingsValues,
  presaleFields,
  presaleSettingsBody,
  presaleValuesOf,
} from '../utils/settings-form';
import { textOn } from '../utils/text-colors';

/** The funder's presale qualification thresholds (decision 062), in percent and months. */
export function PresaleSettingsForm({
  facilityId,
  current,
}: {
  facilityId: string;
  current: PresaleSettings;
}) {
  const save = useSavePresaleSettings(facilityId);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<PresaleSettingsValues>({ initialValues: presaleValuesOf(current) });

  const submit = form.onSubmit(async (values) => {
    setBanner(null);
    const checked = presaleSettingsBody(values);
    form.setErrors(checked.errors ?? {});
    if (!checked.body) return;
    try {
      const saved = await save.mutateAsync(checked.body);
      form.setInitialValues(presaleValuesOf(saved));
      form.setValues(presaleValuesOf(saved));
      notifications.show({
        color: 'green',
        title: 'Presale thresholds saved',
        message: 'The cover is worked again.',
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The presale thresholds could not be saved';
      const fieldErrors =
        error instanceof FieldRefusal ? mappedFieldErrors(error.details, presaleFields) : {};
      form.setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setBanner(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Presale thresholds">
      <Stack gap="sm">
        {banner && (
          <Alert role="alert" color="red" variant="light" c={textOn.red}>
            {banner}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Minimum deposit (% of the price)"
            inputMode="decimal"
            {...form.getInputProps('minDeposit')}
          />
          <TextInput
            label="Deposit bonds at most (% of the qualifying total)"
            inputMode="decimal"
            {...form.getInputProps('maxBondShare')}
          />
          <TextInput
            label="A bond outlasts the sunset date by (months)"
            inputMode="numeric"
            {...form.getInputProps('bondMonths')}
          />
          <TextInput
            label="The sunset date follows completion by (months)"
            inputMode="numeric"
            {...form.getInputProps('sunsetMonths')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save the presale thresholds
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
