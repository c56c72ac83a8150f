import {
  confidentialStepPoints,
  type FunderCriteriaBody,
  type FunderCriteriaResponse,
  funderCriteriaBody,
  funderCriteriaMessages,
  limitAsMatched,
} from '@plinth/domain/funder-criteria';

/**
 * The lending-criteria form's values as Mantine holds them: a list per choice (empty is any) and
 * a number or '' (empty, any) per limit.
 */
export interface FunderCriteriaValues {
  property_types: string[];
  states: string[];
  development_stages: string[];
  min_loan: number | string;
  max_loan: number | string;
  max_loan_to_grv: number | string;
  max_lvr: number | string;
  min_margin_on_cost: number | string;
}

export type FunderCriteriaField = keyof FunderCriteriaValues;
export type FunderCriteriaErrors = Partial<Record<FunderCriteriaField, string>>;

const fields: readonly FunderCriteriaField[] = [
  'property_types',
  'states',
  'development_stages',
  'min_loan',
  'max_loan',
  'max_loan_to_grv',
  'max_lvr',
  'min_margin_on_cost',
];

/** The saved (or prefilled) criteria as form values: any (null) is an empty field. */
export const criteriaValuesOf = (c: FunderCriteriaResponse): FunderCriteriaValues => ({
  property_types: c.property_types ?? [],
  states: c.states ?? [],
  development_stages: c.development_stages ?? [],
  min_loan: c.min_loan ?? '',
  max_loan: c.max_loan ?? '',
  max_loan_to_grv: c.max_loan_to_grv ?? '',
  max_lvr: c.max_lvr ?? '',
  min_margin_on_cost: c.min_margin_on_cost ?? '',
});

const list = (values: string[]) => (values.length === 0 ? null : values);
const limit = (value: number | string) =>
  typeof value === 'number' && Number.isFinite(value) ? value : value === '' ? null : Number(value);

/**
 * The PUT body: every key, an empty field sent as null (any), so saving replaces all of the
 * criteria. Lists are typed by the domain's schema when it parses them.
 */
export const criteriaBodyOf = (v: FunderCriteriaValues) =>
  ({
    property_types: list(v.property_types),
    states: list(v.states),
    development_stages: list(v.development_stages),
    min_loan: limit(v.min_loan),
    max_loan: limit(v.max_loan),
    max_loan_to_grv: limit(v.max_loan_to_grv),
    max_lvr: limit(v.max_lvr),
    min_margin_on_cost: limit(v.min_margin_on_cost),
  }) as FunderCriteriaBody;

const isField = (key: unknown): key is FunderCriteriaField =>
  typeof key === 'string' && (fields as readonly string[]).includes(key);

/** The domain's rules (the server's schema): the body to send, or each field's first message. */
export function checkCriteria(
  values: FunderCriteriaValues,
): { body: FunderCriteriaBody; errors: null } | { body: null; errors: FunderCriteriaErrors } {
  const parsed = funderCriteriaBody.safeParse(criteriaBodyOf(values));
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: FunderCriteriaErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { body: null, errors };
}

// Which field each of the domain's messages belongs to, for a 400 from the server.
const fieldsOfMessage: [string, FunderCriteriaField[]][] = [
  [funderCriteriaMessages.loanRangeOrder, ['min_loan']],
  [funderCriteriaMessages.loanAmount, ['min_loan', 'max_loan']],
  [funderCriteriaMessages.maxLoanToGrv, ['max_loan_to_grv']],
  [funderCriteriaMessages.maxLvr, ['max_lvr']],
  [funderCriteriaMessages.minMarginOnCost, ['min_margin_on_cost']],
];

/**
 * A server 400's message (the field messages joined) as field errors. The api-client keeps the
 * message, not the response's `details`, so the domain's messages name the fields; a message
 * that names none is left for the form's banner.
 */
export function serverCriteriaErrors(message: string): FunderCriteriaErrors {
  const errors: FunderCriteriaErrors = {};
  for (const [text, named] of fieldsOfMessage)
    if (message.includes(text)) for (const field of named) errors[field] ??= text;
  return errors;
}

export type ConfidentialLimitField = keyof typeof confidentialStepPoints;

/**
 * What a confidential limit's input says under it (decision 060): the step it is matched in, and
 * the limit as matched when the step moves the one typed ('Matched in 5-point steps: 62% is
 * applied as 65%'). Only for a limit the domain's schema accepts; any other says the step alone.
 */
export function limitStepNote(field: ConfidentialLimitField, value: number | string): string {
  const steps = `Matched in ${confidentialStepPoints[field]}-point steps`;
  const typed = limit(value);
  if (typed === null || !funderCriteriaBody.safeParse({ [field]: typed }).success) return steps;
  const applied = limitAsMatched(field, typed);
  return applied === typed ? steps : `${steps}: ${Number(typed.toFixed(2))}% is applied as ${applied}%`;
}
