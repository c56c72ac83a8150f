import { NumberInput, Paper, Stack, TextInput } from '@mantine/core';
import { averageMinListingsValue, priceValue, settingMessages } from '@plinth/domain/system-settings';
import { useState } from 'react';
import type { SystemSetting } from '../api/system-settings';
import { useSaveSetting } from '../hooks/use-save-setting';
import type { SettingLabel } from '../utils/setting-labels';
import { SettingFooter } from './setting-footer';

/** A price (whole dollars) or a count as a number input, any other setting as one line of text. */
export function ScalarSetting({ setting, label }: { setting: SystemSetting; label: SettingLabel }) {
  const [value, setValue] = useState(setting.value);
  const [error, setError] = useState<string | null>(null);
  const { save, serverError, isPending } = useSaveSetting(setting.key, label.label);

  const check = (): string | null => {
    if (label.kind === 'money') return priceValue.safeParse(value).success ? null : settingMessages.price;
    if (label.kind === 'count')
      return averageMinListingsValue.safeParse(value).success ? null : settingMessages.averageMinListings;
    return null;
  };
  const submit = () => {
    const problem = check();
    setError(problem);
    if (!problem) void save(value.trim());
  };
  const common = {
    label: label.label,
    description: label.help || undefined,
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    error: error ?? serverError,
    maw: 420,
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        {label.kind === 'text' ? (
          <TextInput {...common} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
        ) : (
          <NumberInput
            {...common}
            prefix={label.kind === 'money' ? '$' : undefined}
            thousandSeparator=","
            allowNegative={false}
            // A cent or a fraction is kept as typed, so the check can say it is not whole dollars.
            value={value}
            onChange={(v) => setValue(String(v))}
          />
        )}
        <SettingFooter
          setting={setting}
          isPending={isPending}
          isDirty={value !== setting.value}
          onSave={submit}
        />
      </Stack>
    </Paper>
  );
}
