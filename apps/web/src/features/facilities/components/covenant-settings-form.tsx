import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { CovenantsResponse, PutCovenantsBody } from '@plinth/domain/covenants';
import { covenantRules } from '@plinth/domain/facility/covenants';
import { useState } from 'react';
import { FieldRefusal } from '../api/api-with-details';
import { useSaveCovenants } from '../api/settings-api';
import {
  type CovenantFormValues,
  covenantFieldErrors,
  covenantsBody,
  covenantValuesOf,
  thresholdInput,
} from '../utils/settings-form';
import { textOn } from '../utils/text-colors';

const frequencies = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
];

/**
 * The funder's covenants (PUT, the whole set: a covenant unticked is removed): each one's threshold
 * in its own unit, how often it is tested and the days a breach has to be cured. The server tests
 * them at once; its refusals are shown under the field they name, or above the form.
 */
export function CovenantSettingsForm({
  facilityId,
  current,
}: {
  facilityId: string;
  current: CovenantsResponse['covenants'];
}) {
  const save = useSaveCovenants(facilityId);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<CovenantFormValues>({ initialValues: covenantValuesOf(current) });

  const submit = form.onSubmit(async (values) => {
    setBanner(null);
    const checked = covenantsBody(values);
    form.setErrors(checked.errors ?? {});
    if (!checked.body) return;
    const sent: PutCovenantsBody = checked.body;
    try {
      const saved = await save.mutateAsync(sent);
      const next = covenantValuesOf(saved.covenants);
      form.setInitialValues(next);
      form.setValues(next);
      notifications.show({
        color: 'green',
        title: 'Covenants saved',
        message: `${saved.covenants.length} covenant${saved.covenants.length === 1 ? '' : 's'} set and tested.`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The covenants could not be saved';
      const fieldErrors =
        error instanceof FieldRefusal ? covenantFieldErrors(error.details, sent, values) : {};
      form.setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setBanner(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Set the covenants">
      <Stack gap="sm">
        {banner && (
          <Alert role="alert" color="red" variant="light" c={textOn.red}>
            {banner}
          </Alert>
        )}
        {form.values.covenants.map((row, i) => {
          const rule = covenantRules[row.kind];
          return (
            <Paper key={row.kind} withBorder p="sm" radius="md" data-testid={`covenant-setting-${row.kind}`}>
              <Stack gap="xs">
                <Checkbox
                  label={rule.label}
                  description={row.isSet ? undefined : 'Not set: tick to set it'}
                  {...form.getInputProps(`covenants.${i}.isSet`, { type: 'checkbox' })}
                />
                {row.isSet && (
                  <SimpleGrid
                    cols={{ base: 1, xs: 2, md: row.kind === 'interest_cover' ? 4 : 3 }}
                    spacing="sm"
                  >
                    <TextInput
                      label={`${rule.label}: ${thresholdInput[row.kind].label}`}
                      inputMode="decimal"
                      {...form.getInputProps(`covenants.${i}.threshold`)}
                    />
                    <NativeSelect
                      label={`${rule.label}: tested`}
                      data={frequencies}
                      {...form.getInputProps(`covenants.${i}.frequency`)}
                    />
                    <TextInput
                      label={`${rule.label}: days to cure`}
                      inputMode="numeric"
                      {...form.getInputProps(`covenants.${i}.cureDays`)}
                    />
                    {row.kind === 'interest_cover' && (
                      <TextInput
                        label="Annual net income (AUD)"
                        description="Empty: no income, not tested"
                        inputMode="decimal"
                        {...form.getInputProps(`covenants.${i}.income`)}
                      />
                    )}
                  </SimpleGrid>
                )}
              </Stack>
            </Paper>
          );
        })}
        <Text fz="xs" c="gray.7">
          A covenant with an open breach cannot be removed. Saving tests every covenant at once.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save the covenants
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
