import { z } from 'zod';
import { LISTING_FEE_AUD, SUBSCRIPTION_FEE_AUD } from './constants';
import { documentTypeSchema } from './documents';
import { formatAud } from './format';
import { MIN_LISTINGS_FOR_AVERAGE_RETURN } from './marketplace';

/**
 * The admin Settings tab (spec 001 section 2.3): each system setting is text, checked by its key
 * before it is stored, so the code that reads it never meets a value it cannot use.
 */

/** The highest listing fee or monthly subscription price the Settings tab accepts, in whole AUD. */
export const MAX_PRICE_AUD = 100_000;

export const settingMessages = {
  unknownKey: 'Unknown setting',
  invalidJson: 'The value must be valid JSON',
  requiredDocuments:
    'Required documents must be a JSON list of document type keys (lower-case words joined by _)',
  requiredDocumentsEmpty: 'At least one document must be required',
  requiredDocumentsDuplicate: 'A document type is listed twice',
  descriptions: 'Descriptions must be a JSON object of document type keys to text',
  descriptionKey: 'A document type is lower-case words joined by _ (for example qs_report)',
  descriptionKeyTwice: 'This document type is described twice',
  descriptionText: 'A description is 1 to 500 characters',
  averageMinListings: `The minimum must be a whole number from ${MIN_LISTINGS_FOR_AVERAGE_RETURN} to 100`,
  price: `A price must be a whole number of dollars from ${formatAud(1)} to ${formatAud(MAX_PRICE_AUD)}`,
} as const;

/** The marketplace stats' threshold for showing an average return (spec 000 section 2; decisions 009, 032). */
export const AVERAGE_MIN_LISTINGS_KEY = 'marketplace_average_min_listings';

/** The threshold as stored: a whole number from the privacy floor to 100 (text, as every setting). */
export const averageMinListingsValue = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().int().min(MIN_LISTINGS_FOR_AVERAGE_RETURN).max(100));

/**
 * The prices shown to users and charged (issue 10; decision 021): whole AUD, as the spec writes
 * money. The constants are the defaults the migration stores and the fallback if a row is missing.
 */
export const LISTING_FEE_KEY = 'listing_fee_aud';
export const SUBSCRIPTION_PRICE_KEY = 'subscription_price_aud';

/** A price as stored: whole dollars, 1 to MAX_PRICE_AUD, no sign, separators or cents. */
export const priceValue = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_PRICE_AUD));

export const pricingResponse = z.object({
  listing_fee_aud: z.number().int(),
  subscription_price_aud: z.number().int(),
  currency: z.literal('AUD'),
});
export type Pricing = z.infer<typeof pricingResponse>;

export const DEFAULT_PRICING: Pricing = {
  listing_fee_aud: LISTING_FEE_AUD,
  subscription_price_aud: SUBSCRIPTION_FEE_AUD,
  currency: 'AUD',
};

/** Prices from the stored settings; a missing or unreadable row falls back to the default. */
export function pricingFrom(values: ReadonlyMap<string, string>): Pricing {
  const read = (key: string, fallback: number) => {
    const parsed = priceValue.safeParse(values.get(key) ?? '');
    return parsed.success ? parsed.data : fallback;
  };
  return {
    listing_fee_aud: read(LISTING_FEE_KEY, DEFAULT_PRICING.listing_fee_aud),
    subscription_price_aud: read(SUBSCRIPTION_PRICE_KEY, DEFAULT_PRICING.subscription_price_aud),
    currency: 'AUD',
  };
}

type Check = { ok: true } | { ok: false; message: string };

function parseJson(value: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: JSON.parse(value) };
  } catch {
    return { ok: false };
  }
}

const requiredDocuments = z.array(documentTypeSchema);
const descriptionText = z.string().trim().min(1).max(500);
const descriptions = z.record(documentTypeSchema, descriptionText);

/** One row of the Settings form for `required_document_descriptions`, and what is wrong with it. */
export interface DescriptionRow {
  type: string;
  description: string;
}

/**
 * The form's rows checked one by one (the key as `documentTypeSchema` takes it, each type once, the
 * text as the server's check takes it), and the JSON the server stores when none is wrong.
 */
export function checkDescriptionRows(rows: DescriptionRow[]) {
  const errors = rows.map((row, i) => ({
    type: !documentTypeSchema.safeParse(row.type.trim()).success
      ? settingMessages.descriptionKey
      : rows.findIndex((other) => other.type.trim() === row.type.trim()) !== i
        ? settingMessages.descriptionKeyTwice
        : null,
    description: descriptionText.safeParse(row.description).success ? null : settingMessages.descriptionText,
  }));
  const isValid = errors.every((e) => e.type === null && e.description === null);
  const value = JSON.stringify(
    Object.fromEntries(rows.map((row) => [row.type.trim(), row.description.trim()])),
    null,
    2,
  );
  return { errors, isValid, value };
}

/** The stored JSON as the form's rows (a value that is not an object of texts reads as no rows). */
export function descriptionRowsOf(value: string): DescriptionRow[] {
  const json = parseJson(value);
  const parsed = json.ok ? z.record(z.string(), z.string()).safeParse(json.data) : null;
  return parsed?.success
    ? Object.entries(parsed.data).map(([type, description]) => ({ type, description }))
    : [];
}

function checkPrice(value: string): Check {
  return priceValue.safeParse(value).success ? { ok: true } : { ok: false, message: settingMessages.price };
}

/** Every key the Settings tab may write, with its check. */
export const settingValidators: Record<string, (value: string) => Check> = {
  required_documents(value) {
    const json = parseJson(value);
    if (!json.ok) return { ok: false, message: settingMessages.invalidJson };
    const parsed = requiredDocuments.safeParse(json.data);
    if (!parsed.success) return { ok: false, message: settingMessages.requiredDocuments };
    if (parsed.data.length === 0) return { ok: false, message: settingMessages.requiredDocumentsEmpty };
    if (new Set(parsed.data).size !== parsed.data.length)
      return { ok: false, message: settingMessages.requiredDocumentsDuplicate };
    return { ok: true };
  },
  required_document_descriptions(value) {
    const json = parseJson(value);
    if (!json.ok) return { ok: false, message: settingMessages.invalidJson };
    return descriptions.safeParse(json.data).success
      ? { ok: true }
      : { ok: false, message: settingMessages.descriptions };
  },
  [LISTING_FEE_KEY]: checkPrice,
  [SUBSCRIPTION_PRICE_KEY]: checkPrice,
  [AVERAGE_MIN_LISTINGS_KEY](value) {
    return averageMinListingsValue.safeParse(value).success
      ? { ok: true }
      : { ok: false, message: settingMessages.averageMinListings };
  },
};

export const isKnownSetting = (key: string) => Object.hasOwn(settingValidators, key);

export function checkSetting(key: string, value: string): Check {
  const check = settingValidators[key];
  return check ? check(value) : { ok: false, message: settingMessages.unknownKey };
}

export const systemSetting = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  updated_at: z.string(),
  updated_by_name: z.string().nullable(),
});
export type SystemSetting = z.infer<typeof systemSetting>;
export const systemSettingsResponse = z.object({ items: z.array(systemSetting) });
export const settingKeyParams = z.object({ key: z.string().min(1).max(100) });
export const updateSettingBody = z.strictObject({ value: z.string().max(20_000) });
export const updateSettingResponse = z.object({ message: z.string(), setting: systemSetting });
