import { Alert, Button, Group, Paper, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type AlertSettingsResponse, CRITERIA_PAUSE_DAYS, DIGEST_HOUR } from '@plinth/domain/listing-alerts';
import { useMemo, useState } from 'react';
import { LoadFailedAlert, LoadingBlock } from '../../../components/load-states';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useAlertSettings } from '../api/get-alert-settings';
import { useSaveAlertSettings } from '../api/save-alert-settings';
import {
  type AlertSettingsValues,
  alertEmailOptions,
  alertValuesOf,
  checkAlertSettings,
  serverAlertErrors,
  timeZoneOptions,
} from '../utils/alert-settings-form';

/**
 * Settings, for funders (issue 22 items 2 and 3): how the alerts for listings that match their
 * lending criteria are e-mailed (at once, a daily digest at 8:00 in their time zone, or not at
 * all), and whether the criteria are current enough for alerts to go out.
 */
export function ListingAlerts() {
  const settings = useAlertSettings();
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      component="section"
      aria-labelledby="alerts-heading"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="alerts-heading">
            Listing alerts
          </Title>
          <Text c="gray.7" fz="sm">
            When a new listing matches your lending criteria, you see a notification here at once. Choose how
            you are e-mailed about it.
          </Text>
        </div>
        {settings.isPending ? (
          <LoadingBlock label="Loading alert settings" compact />
        ) : settings.isError ? (
          <LoadFailedAlert title="Failed to load alert settings">{settings.error.message}</LoadFailedAlert>
        ) : (
          <>
            <AlertsStanding settings={settings.data} />
            <ListingAlertsForm settings={settings.data} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Whether alerts go out: paused, running until a date, or waiting for criteria to be saved. */
function AlertsStanding({ settings }: { settings: AlertSettingsResponse }) {
  if (settings.paused)
    return (
      <Alert color="yellow" variant="light" c="dark.7" title="Alerts paused" data-testid="alerts-standing">
        Your lending criteria were last confirmed more than {CRITERIA_PAUSE_DAYS} days ago, so no alerts are
        sent. Save your criteria above to confirm them and turn alerts back on.
      </Alert>
    );
  return (
    <Text fz="sm" c="gray.7" data-testid="alerts-standing">
      {settings.pauses_at
        ? `Alerts run until ${formatDate(settings.pauses_at)} unless you confirm your criteria before then; saving them confirms them.`
        : 'Alerts start once you save your lending criteria.'}
    </Text>
  );
}

function ListingAlertsForm({ settings }: { settings: AlertSettingsResponse }) {
  const save = useSaveAlertSettings();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<AlertSettingsValues>({ initialValues: alertValuesOf(settings) });
  const zones = useMemo(() => timeZoneOptions(settings.time_zone), [settings.time_zone]);

  const handleSubmit = form.onSubmit(async (values) => {
    const checked = checkAlertSettings(values);
    form.setErrors(checked.errors ?? {});
    setBanner(null);
    if (!checked.body) return;
    try {
      const saved = await save.mutateAsync(checked.body);
      form.setInitialValues(alertValuesOf(saved));
      form.setValues(alertValuesOf(saved));
      const mode = alertEmailOptions.find((o) => o.value === saved.email)?.label ?? saved.email;
      notifications.show({
        color: 'green',
        title: 'Alert Settings Saved',
        message: `E-mail alerts: ${mode} (${saved.time_zone})`,
      });
    } catch (error) {
      const message =
        error instanceof Error && error.message ? error.message : 'Failed to save alert settings';
      const fieldErrors = error instanceof ApiError && error.status === 400 ? serverAlertErrors(message) : {};
      form.setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setBanner(message);
      notifications.show({ color: 'red', title: 'Failed to save alert settings', message });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Listing alerts">
      <Stack gap="md">
        {banner && (
          <Alert role="alert" color="red" variant="light" c="red.9">
            {banner}
          </Alert>
        )}
        <Radio.Group
          label="E-mail alerts"
          description="The notification in Plinth comes at once whichever you choose."
          name="alert_email"
          {...form.getInputProps('email')}
        >
          <Group gap="lg" mt="xs">
            {alertEmailOptions.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Radio.Group>
        <Select
          label="Time zone"
          description={`The daily digest arrives at ${DIGEST_HOUR}:00 in this time zone.`}
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No time zone of that name"
          // A closed list's options are unmounted, so each label names exactly one element.
          comboboxProps={{ keepMounted: false }}
          maw={360}
          {...form.getInputProps('time_zone')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save alert settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
