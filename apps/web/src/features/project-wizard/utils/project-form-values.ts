import { type RiskRating, riskRatings } from '@plinth/domain/finance';
import type { FieldIssue } from '@plinth/domain/onboarding';
import {
  australianStates,
  developmentStages,
  type ProjectFields,
  type ProjectResponse,
  planningPermitStatuses,
  propertyTypes,
} from '@plinth/domain/projects';

/**
 * The wizard's form state: text as strings, numbers as NumberInput gives them (a number, or ''
 * when empty), dates as the YYYY-MM-DD of a date input. `toProjectFields` turns it into the API body.
 */
export interface ProjectFormValues {
  title: string;
  description: string;
  location: string;
  suburb: string;
  city: string;
  state: string | null;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  property_type: string | null;
  development_stage: string | null;
  loan_amount: number | string;
  interest_rate: number | string;
  loan_term: number | string;
  total_project_cost: number | string;
  equity_contribution: number | string;
  land_value: number | string;
  construction_cost: number | string;
  expected_gdc: number | string;
  expected_profit: number | string;
  project_size_sqm: number | string;
  number_of_units: number | string;
  number_of_levels: number | string;
  car_spaces: number | string;
  zoning: string;
  planning_permit_status: string | null;
  expected_start_date: string;
  expected_completion_date: string;
  market_risk_rating: RiskRating;
  construction_risk_rating: RiskRating;
  location_risk_rating: RiskRating;
}

export type NumericField = {
  [K in keyof ProjectFormValues]: ProjectFormValues[K] extends number | string ? K : never;
}[keyof ProjectFormValues];

export const emptyProjectForm: ProjectFormValues = {
  title: '',
  description: '',
  location: '',
  suburb: '',
  city: '',
  state: null,
  postcode: '',
  latitude: null,
  longitude: null,
  property_type: 'Residential',
  development_stage: 'Planning',
  loan_amount: '',
  interest_rate: '',
  loan_term: '',
  total_project_cost: '',
  equity_contribution: '',
  land_value: '',
  construction_cost: '',
  expected_gdc: '',
  expected_profit: '',
  project_size_sqm: '',
  number_of_units: '',
  number_of_levels: '',
  car_spaces: '',
  zoning: '',
  planning_permit_status: 'Not Started',
  expected_start_date: '',
  expected_completion_date: '',
  market_risk_rating: 'medium',
  construction_risk_rating: 'medium',
  location_risk_rating: 'medium',
};

/** NumberInput gives '' (or a half-typed string) when it holds no number. */
export const numberOrNull = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The API body: empty fields are null, so the server applies the spec's defaults. */
export function toProjectFields(v: ProjectFormValues): ProjectFields {
  return {
    title: textOrNull(v.title),
    description: textOrNull(v.description),
    location: textOrNull(v.location),
    suburb: textOrNull(v.suburb),
    city: textOrNull(v.city),
    state: v.state || null,
    postcode: textOrNull(v.postcode),
    latitude: v.latitude,
    longitude: v.longitude,
    property_type: (v.property_type || null) as ProjectFields['property_type'],
    development_stage: (v.development_stage || null) as ProjectFields['development_stage'],
    loan_amount: numberOrNull(v.loan_amount),
    interest_rate: numberOrNull(v.interest_rate),
    loan_term: numberOrNull(v.loan_term),
    total_project_cost: numberOrNull(v.total_project_cost),
    equity_contribution: numberOrNull(v.equity_contribution),
    land_value: numberOrNull(v.land_value),
    construction_cost: numberOrNull(v.construction_cost),
    expected_gdc: numberOrNull(v.expected_gdc),
    expected_profit: numberOrNull(v.expected_profit),
    project_size_sqm: numberOrNull(v.project_size_sqm),
    number_of_units: numberOrNull(v.number_of_units),
    number_of_levels: numberOrNull(v.number_of_levels),
    car_spaces: numberOrNull(v.car_spaces),
    zoning: textOrNull(v.zoning),
    planning_permit_status: (v.planning_permit_status || null) as ProjectFields['planning_permit_status'],
    expected_start_date: v.expected_start_date || null,
    expected_completion_date: v.expected_completion_date || null,
    market_risk_rating: v.market_risk_rating,
    construction_risk_rating: v.construction_risk_rating,
    location_risk_rating: v.location_risk_rating,
  };
}

const orEmpty = (value: number | null) => (value === null ? '' : value);

/** The form state of a saved project, for the edit wizard. */
export function formValuesFromProject(p: ProjectResponse): ProjectFormValues {
  return {
    title: p.title,
    description: p.description ?? '',
    location: p.location,
    suburb: p.suburb,
    city: p.city ?? '',
    state: p.state,
    postcode: p.postcode ?? '',
    latitude: p.latitude,
    longitude: p.longitude,
    property_type: p.property_type,
    development_stage: p.development_stage,
    loan_amount: p.loan_amount,
    interest_rate: orEmpty(p.interest_rate),
    loan_term: orEmpty(p.loan_term),
    total_project_cost: orEmpty(p.total_project_cost),
    equity_contribution: orEmpty(p.equity_contribution),
    land_value: orEmpty(p.land_value),
    construction_cost: orEmpty(p.construction_cost),
    expected_gdc: orEmpty(p.expected_gdc),
    expected_profit: orEmpty(p.expected_profit),
    project_size_sqm: orEmpty(p.project_size_sqm),
    number_of_units: orEmpty(p.number_of_units),
    number_of_levels: orEmpty(p.number_of_levels),
    car_spaces: orEmpty(p.car_spaces),
    zoning: p.zoning ?? '',
    planning_permit_status: p.planning_permit_status,
    expected_start_date: p.expected_start_date?.slice(0, 10) ?? '',
    expected_completion_date: p.expected_completion_date?.slice(0, 10) ?? '',
    market_risk_rating: p.market_risk_rating,
    construction_risk_rating: p.construction_risk_rating,
    location_risk_rating: p.location_risk_rating,
  };
}

/** Form errors by field; two messages for one field are joined by commas. */
export function fieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of issues)
    errors[field] = errors[field] ? `${errors[field]}, ${message}` : message;
  return errors;
}

const numericFields = new Set<string>([
  'loan_amount',
  'interest_rate',
  'loan_term',
  'total_project_cost',
  'equity_contribution',
  'land_value',
  'construction_cost',
  'expected_gdc',
  'expected_profit',
  'project_size_sqm',
  'number_of_units',
  'number_of_levels',
  'car_spaces',
] satisfies NumericField[]);

const choiceFields: Partial<Record<keyof ProjectFormValues, readonly string[]>> = {
  state: australianStates,
  property_type: propertyTypes,
  development_stage: developmentStages,
  planning_permit_status: planningPermitStatuses,
  market_risk_rating: riskRatings,
  construction_risk_rating: riskRatings,
  location_risk_rating: riskRatings,
};

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Whether a value read from a stored draft may go into `key` of the form. */
function fitsField(key: keyof ProjectFormValues, value: unknown): boolean {
  const choices = choiceFields[key];
  if (choices) return value === null ? emptyProjectForm[key] === null : choices.includes(value as string);
  if (numericFields.has(key)) return value === '' || isFiniteNumber(value);
  if (key === 'latitude' || key === 'longitude') return value === null || isFiniteNumber(value);
  return typeof value === 'string';
}

/**
 * A saved draft read back from the device: only known fields with values of the right kind are
 * taken, so an old or tampered draft cannot put a wrong type into the form.
 */
export function formValuesFromDraft(raw: unknown): ProjectFormValues | null {
  if (!raw || typeof raw !== 'object') return null;
  const draft = raw as Record<string, unknown>;
  const values: Record<string, unknown> = { ...emptyProjectForm };
  for (const key of Object.keys(emptyProjectForm) as (keyof ProjectFormValues)[]) {
    if (key in draft && fitsField(key, draft[key])) values[key] = draft[key];
  }
  return values as unknown as ProjectFormValues;
}
