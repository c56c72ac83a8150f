import type { FieldIssue } from '@plinth/domain/onboarding';
import type { Role } from '@plinth/domain/roles';
import { isTimeZone, timeZoneMessages } from '@plinth/domain/time-zone';
import type { ProfileResponse } from '@plinth/domain/users';
import {
  type ProfileFieldValues,
  profileFieldIssues,
  profileFieldsBody,
  profileFieldValuesOf,
} from '../../../components/profile-fields/profile-field-values';
import type { UpdateProfileBody } from '../api/update-profile';

/** The profile page's form: the name and, for developers and funders, the onboarding fields. */
export interface ProfileFormValues extends ProfileFieldValues {
  name: string;
  /** The zone every date is shown in (decision 074). */
  time_zone: string;
}

export const valuesOf = (p: ProfileResponse): ProfileFormValues => ({
  name: p.name,
  time_zone: p.time_zone,
  ...profileFieldValuesOf(p),
});

const hasProfileFields = (role: Role | null): role is 'borrower' | 'funder' =>
  role === 'borrower' || role === 'funder';

export const toUpdateBody = (role: Role | null, values: ProfileFormValues): UpdateProfileBody => ({
  name: values.name.trim(),
  time_zone: values.time_zone,
  ...(hasProfileFields(role) ? profileFieldsBody(role, values) : {}),
});

/** The domain's onboarding rules and messages, in the spec's order; admins only need a name. */
export function issuesOf(role: Role | null, body: UpdateProfileBody): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!body.name) issues.push({ field: 'name', message: 'Name is required' });
  if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
    issues.push({ field: 'time_zone', message: timeZoneMessages.invalid });
  if (!hasProfileFields(role)) return issues;
  const { name: _name, time_zone: _timeZone, ...fields } = body;
  return [...issues, ...profileFieldIssues(role, fields)];
}
