import {
  type AlertEmailMode,
  type AlertSettingsBody,
  type AlertSettingsResponse,
  alertSettingsBody,
  listingAlertMessages,
} from '@plinth/domain/listing-alerts';

/** The listing-alerts form's values: the e-mail mode and the IANA time zone its digest keeps. */
export interface AlertSettingsValues {
  email: AlertEmailMode;
  time_zone: string;
}
export type AlertSettingsField = keyof AlertSettingsValues;
export type AlertSettingsErrors = Partial<Record<AlertSettingsField, string>>;

/** The e-mail choices, in the order offered. */
export const alertEmailOptions: { value: AlertEmailMode; label: string }[] = [
  { value: 'instant', label: 'At once' },
  { value: 'daily', label: 'Daily digest at 8:00' },
  { value: 'off', label: 'Off' },
];

/** Where most funders on Plinth are: the mainland capitals' and Hobart's zones, offered first. */
export const australianTimeZones = [
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Perth',
  'Australia/Hobart',
] as const;

const option = (zone: string) => ({ value: zone, label: zone.replaceAll('_', ' ') });

/**
 * The time-zone select's options: the Australian zones first, then every other zone the browser
 * knows. A saved zone the browser does not list (an alias) is kept, so the select still shows it.
 */
export function timeZoneOptions(current?: string) {
  const australian: readonly string[] = australianTimeZones;
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const others = known.filter((zone) => !australian.includes(zone));
  if (current && !australian.includes(current) && !others.includes(current)) others.unshift(current);
  return [
    { group: 'Australia', items: australian.map(option) },
    { group: 'Other time zones', items: others.map(option) },
  ];
}

export const alertValuesOf = (settings: AlertSettingsResponse): AlertSettingsValues => ({
  email: settings.email,
  time_zone: settings.time_zone,
});

const isField = (key: unknown): key is AlertSettingsField => key === 'email' || key === 'time_zone';

/** The domain's rules (the server's schema): the body to send, or each field's first message. */
export function checkAlertSettings(
  values: AlertSettingsValues,
): { body: AlertSettingsBody; errors: null } | { body: null; errors: AlertSettingsErrors } {
  const parsed = alertSettingsBody.safeParse(values);
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: AlertSettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { body: null, errors };
}

/** A server 400's message as field errors; a message naming neither field is left for the banner. */
export function serverAlertErrors(message: string): AlertSettingsErrors {
  const errors: AlertSettingsErrors = {};
  if (message.includes(listingAlertMessages.alertEmail)) errors.email = listingAlertMessages.alertEmail;
  if (message.includes(listingAlertMessages.timeZone)) errors.time_zone = listingAlertMessages.timeZone;
  return errors;
}
