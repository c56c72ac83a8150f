import { type FieldIssue, type ProfileBody, profileBody, profileIssues } from '@plinth/domain/onboarding';
import type { SelfServiceRole } from '@plinth/domain/roles';

/**
 * The company and investor fields of a profile, as the onboarding step and My Profile hold them
 * (Mantine's NumberInput gives '' when empty), and their mapping to the API body.
 */
export interface ProfileFieldValues {
  company_name: string;
  company_type: string | null;
  phone: string;
  abn: string;
  linkedin: string;
  bio: string;
  investment_focus: string | null;
  typical_deal_size_min: number | string;
  typical_deal_size_max: number | string;
  years_experience: number | string;
  aum: number | string;
}

export const emptyProfileFields: ProfileFieldValues = {
  company_name: '',
  company_type: null,
  phone: '',
  abn: '',
  linkedin: '',
  bio: '',
  investment_focus: null,
  typical_deal_size_min: '',
  typical_deal_size_max: '',
  years_experience: '',
  aum: '',
};

/** The stored profile as field values: nulls become empty fields. */
export const profileFieldValuesOf = (
  p: {
    [K in keyof ProfileFieldValues]: Exclude<ProfileFieldValues[K], ''> | null;
  },
): ProfileFieldValues => ({
  company_name: p.company_name ?? '',
  company_type: p.company_type,
  phone: p.phone ?? '',
  abn: p.abn ?? '',
  linkedin: p.linkedin ?? '',
  bio: p.bio ?? '',
  investment_focus: p.investment_focus,
  typical_deal_size_min: p.typical_deal_size_min ?? '',
  typical_deal_size_max: p.typical_deal_size_max ?? '',
  years_experience: p.years_experience ?? '',
  aum: p.aum ?? '',
});

const amount = (value: number | string) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The body of the role's fields: a developer's company fields, a funder's with their criteria. */
export function profileFieldsBody(role: SelfServiceRole, values: ProfileFieldValues): ProfileBody {
  const body: ProfileBody = {
    company_name: values.company_name,
    company_type: values.company_type || null,
    phone: values.phone,
    abn: values.abn,
    linkedin: values.linkedin || null,
    bio: values.bio || null,
  };
  if (role !== 'funder') return body;
  return {
    ...body,
    investment_focus: values.investment_focus || null,
    typical_deal_size_min: amount(values.typical_deal_size_min),
    typical_deal_size_max: amount(values.typical_deal_size_max),
    years_experience: amount(values.years_experience),
    aum: amount(values.aum),
  };
}

/** The domain's rules, in the spec's order; a body of the wrong shape reports zod's messages instead. */
export function profileFieldIssues(role: SelfServiceRole, body: ProfileBody): FieldIssue[] {
  const parsed = profileBody.safeParse(body);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? ''),
      message: issue.message,
    }));
  return profileIssues(role, parsed.data);
}

/** One message per field for the form: a field with several issues joins them with commas. */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of issues)
    errors[field] = errors[field] ? `${errors[field]}, ${message}` : message;
  return errors;
}
