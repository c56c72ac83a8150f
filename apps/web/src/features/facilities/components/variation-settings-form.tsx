import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { defaultConsentThresholdCents } from '@plinth/domain/facility/variations';
import { useState } from 'react';
import { FieldRefusal } from '../api/api-with-details';
import { useSaveVariationSettings, type VariationSettings } from '../api/settings-api';
import { aud, centsToDollars } from '../utils/money';
import {
  mappedFieldErrors,
  type VariationSettingsValues,
  variationFields,
  variationSettingsBody,
} from '../utils/settings-form';
import { textOn } from '../utils/text-colors';

const valuesOf = (s: Partial<VariationSettings>): VariationSettingsValues => ({
  threshold:
    s.variation_consent_threshold_cents == null ? '' : centsToDollars(s.variation_consent_threshold_cents),
  defectsMonths: s.defects_liability_months == null ? '' : String(s.defects_liability_months),
});

/**
 * The funder's variation settings (decision 061): the cost above which a variation needs the
 * lender's consent, and the defects liability period (fixed once practical completion is recorded).
 * A field left empty is not sent, so it stays as it is.
 */
export function VariationSettingsForm({
  facilityId,
  current,
  hasCompletion,
}: {
  facilityId: string;
  /** What the server says is in force (GET /facilities/{id}/variation-settings); a threshold left out is said to be unknown. */
  current: Partial<VariationSettings>;
  hasCompletion: boolean;
}) {
  const save = useSaveVariationSettings(facilityId);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<VariationSettingsValues>({ initialValues: valuesOf(current) });
  // What the save answered, until the parent's read catches up.
  const [saved, setSaved] = useState<VariationSettings | null>(null);
  const threshold = saved?.variation_consent_threshold_cents ?? current.variation_consent_threshold_cents;

  const submit = form.onSubmit(async (values) => {
    setBanner(null);
    const checked = variationSettingsBody(values);
    form.setErrors(checked.errors ?? {});
    if (!checked.body) return;
    // Once practical completion is recorded the period is fixed: send only a change to it.
    const body = { ...checked.body };
    if (hasCompletion && body.defects_liability_months === current.defects_liability_months)
      delete body.defects_liability_months;
    try {
      const next = await save.mutateAsync(body);
      setSaved(next);
      form.setInitialValues(valuesOf(next));
      form.setValues(valuesOf(next));
      notifications.show({
        color: 'green',
        title: 'Variation settings saved',
        message: `Lender consent is needed above ${aud(next.variation_consent_threshold_cents)}.`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The variation settings could not be saved';
      const fieldErrors =
        error instanceof FieldRefusal ? mappedFieldErrors(error.details, variationFields) : {};
      form.setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setBanner(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Variation settings">
      <Stack gap="sm">
        {banner && (
          <Alert role="alert" color="red" variant="light" c={textOn.red}>
            {banner}
          </Alert>
        )}
        <Text fz="sm" data-testid="consent-threshold">
          {threshold == null
            ? `The threshold in force cannot be read here yet: it is ${aud(Number(defaultConsentThresholdCents))} unless it was changed.`
            : `Lender consent is needed for a variation above ${aud(threshold)}.`}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Lender consent above (AUD)"
            description="Empty leaves it as it is"
            inputMode="decimal"
            {...form.getInputProps('threshold')}
          />
          <TextInput
            label="Defects liability period (months)"
            description={
              hasCompletion ? 'Fixed: practical completion is recorded' : 'Empty leaves it as it is'
            }
            inputMode="numeric"
            disabled={hasCompletion}
            {...form.getInputProps('defectsMonths')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save the variation settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
