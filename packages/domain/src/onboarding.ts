import { z } from 'zod';
import { ABN_INPUT_MAX_LENGTH, BIO_MAX_LENGTH } from './constants';
import type { SelfServiceRole } from './roles';

/** Onboarding and profile rules of spec 000 section 5, with its exact messages. */

export const funderCompanyTypes = [
  'Private Credit Fund',
  'Investment Bank',
  'Family Office',
  'Hedge Fund',
  'Real Estate Fund',
  'High Net Worth Individual',
  'Other',
] as const;

export const borrowerCompanyTypes = [
  'Developer',
  'Builder',
  'Investor',
  'Real Estate Agency',
  'Construction Company',
  'Other',
] as const;

/** The second reading of the spec's list (DESIGN.md section 8). */
export const investmentFocuses = [
  'Residential Development',
  'Commercial Development',
  'Mixed-Use Development',
  'Industrial Development',
  'All Property Types',
] as const;

export const companyTypesFor = (role: SelfServiceRole): readonly string[] =>
  role === 'funder' ? funderCompanyTypes : borrowerCompanyTypes;

export const messages = {
  companyNameRequired: 'Company name is required',
  companyTypeRequired: 'Company type is required',
  companyTypeInvalid: 'Company type is not one of the listed types',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number format',
  abnRequired: 'ABN is required',
  abnInvalid: 'Invalid ABN format',
  bioTooLong: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
  investmentFocusRequired: 'Investment focus is required',
  investmentFocusInvalid: 'Investment focus is not one of the listed options',
  dealSizeMinRequired: 'Minimum deal size is required',
  dealSizeMaxRequired: 'Maximum deal size is required',
  dealSizeNegative: 'Deal sizes cannot be negative',
  dealSizeOrder: 'Maximum deal size must be greater than minimum',
  yearsRequired: 'Years of experience is required',
  yearsRange: 'Years of experience must be between 0 and 100',
  aumNegative: 'Assets under management cannot be negative',
  linkedinInvalid: 'LinkedIn must be a web address',
} as const;

/** Spaces are ignored in phone numbers and ABNs. */
export const stripSpaces = (value: string) => value.replace(/\s+/g, '');

/** +61 or 0, then 2, 3, 4, 7 or 8, then eight digits. */
export const isAustralianPhone = (value: string) => /^(?:\+61|0)[23478]\d{8}$/.test(stripSpaces(value));

export const isAbn = (value: string) => /^\d{11}$/.test(stripSpaces(value));

export const profileFieldNames = [
  'company_name',
  'company_type',
  'phone',
  'abn',
  'linkedin',
  'bio',
  'investment_focus',
  'typical_deal_size_min',
  'typical_deal_size_max',
  'years_experience',
  'aum',
] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalAmount = z.number().int().nullish();

/**
 * The shape of a profile body: types and unknown keys are checked here; the rules with the
 * spec's messages are checked by {@link profileIssues}, so that every broken rule is reported
 * at once, in the spec's order, and joined by commas.
 */
export const profileBody = z.strictObject({
  company_name: z.string().max(200).nullish(),
  company_type: z.string().max(100).nullish(),
  phone: z.string().max(30).nullish(),
  abn: z.string().max(ABN_INPUT_MAX_LENGTH, messages.abnInvalid).nullish(),
  linkedin: optionalText(300),
  bio: z.string().nullish(),
  investment_focus: z.string().max(100).nullish(),
  typical_deal_size_min: optionalAmount,
  typical_deal_size_max: optionalAmount,
  years_experience: optionalAmount,
  aum: optionalAmount,
});
export type ProfileBody = z.input<typeof profileBody>;

export interface FieldIssue {
  field: string;
  message: string;
}

const blank = (v: string | null | undefined) => v == null || v.trim() === '';

/** Every onboarding rule for the role, in the order the spec lists them. */
export function profileIssues(role: SelfServiceRole, body: z.output<typeof profileBody>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });

  if (blank(body.company_name)) add('company_name', messages.companyNameRequired);
  if (blank(body.phone)) add('phone', messages.phoneRequired);
  else if (!isAustralianPhone(body.phone!)) add('phone', messages.phoneInvalid);
  if (blank(body.abn)) add('abn', messages.abnRequired);
  else if (!isAbn(body.abn!)) add('abn', messages.abnInvalid);
  if (blank(body.company_type)) add('company_type', messages.companyTypeRequired);
  else if (!companyTypesFor(role).includes(body.company_type!))
    add('company_type', messages.companyTypeInvalid);
  if (body.bio && body.bio.length > BIO_MAX_LENGTH) add('bio', messages.bioTooLong);
  if (body.linkedin && !/^https?:\/\/\S+$/.test(body.linkedin)) add('linkedin', messages.linkedinInvalid);
  if (body.aum != null && body.aum < 0) add('aum', messages.aumNegative);

  if (role === 'funder') {
    if (blank(body.investment_focus)) add('investment_focus', messages.investmentFocusRequired);
    else if (!(investmentFocuses as readonly string[]).includes(body.investment_focus!))
      add('investment_focus', messages.investmentFocusInvalid);
    const min = body.typical_deal_size_min;
    const max = body.typical_deal_size_max;
    if (min == null) add('typical_deal_size_min', messages.dealSizeMinRequired);
    if (max == null) add('typical_deal_size_max', messages.dealSizeMaxRequired);
    if ((min != null && min < 0) || (max != null && max < 0))
      add('typical_deal_size_min', messages.dealSizeNegative);
    else if (min != null && max != null && max <= min) add('typical_deal_size_max', messages.dealSizeOrder);
    const years = body.years_experience;
    if (years == null) add('years_experience', messages.yearsRequired);
    else if (years < 0 || years > 100) add('years_experience', messages.yearsRange);
  }
  return issues;
}

/** The profile as stored: spaces stripped from phone and ABN, text trimmed, funder fields only for funders. */
export interface Profile {
  company_name: string;
  company_type: string;
  phone: string;
  abn: string;
  linkedin: string | null;
  bio: string | null;
  investment_focus: string | null;
  typical_deal_size_min: number | null;
  typical_deal_size_max: number | null;
  years_experience: number | null;
  aum: number | null;
}

export type ProfileResult = { ok: true; profile: Profile } | { ok: false; issues: FieldIssue[] };

/** Validates a parsed body against the role's rules and normalises it for storage. */
export function checkProfile(role: SelfServiceRole, body: z.output<typeof profileBody>): ProfileResult {
  const issues = profileIssues(role, body);
  if (issues.length > 0) return { ok: false, issues };
  const isFunder = role === 'funder';
  const bio = body.bio?.trim();
  return {
    ok: true,
    profile: {
      company_name: body.company_name!.trim(),
      company_type: body.company_type!,
      phone: stripSpaces(body.phone!),
      abn: stripSpaces(body.abn!),
      linkedin: body.linkedin ?? null,
      bio: bio ? bio : null,
      investment_focus: isFunder ? body.investment_focus! : null,
      typical_deal_size_min: isFunder ? body.typical_deal_size_min! : null,
      typical_deal_size_max: isFunder ? body.typical_deal_size_max! : null,
      years_experience: isFunder ? body.years_experience! : null,
      aum: isFunder ? (body.aum ?? null) : null,
    },
  };
}

/** The spec shows onboarding errors joined by commas in one banner. */
export const joinIssues = (issues: readonly FieldIssue[]) => issues.map((i) => i.message).join(', ');
