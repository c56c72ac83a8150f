import { z } from 'zod';
import { idParam } from './api-errors';
import { isIsoDate } from './facility/dates';
import { type DepositForm, defaultPresaleSettings, depositForms, presaleReasons } from './facility/presales';

/**
 * The presale register's and settlements' API shapes (issue 34 items 4 and 7; decision 062). Money
 * is integer cents (JSON integers), thresholds basis points or whole months, dates 'YYYY-MM-DD'.
 */

export const presaleMessages = {
  notFound: 'Presale not found',
  settled: 'This presale is settled and can no longer change',
  released: 'This lot was released when the facility was repaid; its proceeds are the developer’s',
  alreadySettled: 'This presale is already settled',
  facilityRepaid: 'This facility is repaid and can no longer change',
  notOpen: 'Settlement proceeds are applied only while the facility is active or in default',
  lotTaken: 'This lot is already on the register',
  notRepaid: 'The closing statement is issued once the facility is repaid',
  futureSettlement: 'A settlement is recorded once it has happened: settled_on cannot be after today',
} as const;

export const presaleIdParams = z.object({ id: idParam() });

const isoDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine((v) => isIsoDate(v), { message: `${field} must be a real date (YYYY-MM-DD)` });
const cents = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(0, `${field} cannot be negative`)
    .max(100_000_000_000_000, `${field} is larger than $1,000,000,000,000`);

export const presaleFields = {
  lot: z
    .string({ error: 'lot is required' })
    .trim()
    .min(1, 'lot is required')
    .max(40, 'lot is at most 40 characters'),
  purchaser_name: z
    .string({ error: 'purchaser_name is required' })
    .trim()
    .min(1, 'purchaser_name is required')
    .max(200, 'purchaser_name is at most 200 characters'),
  price_ex_gst_cents: z
    .number({ error: 'price_ex_gst_cents must be a whole number of cents' })
    .int('price_ex_gst_cents must be a whole number of cents')
    .min(1, 'price_ex_gst_cents must be above 0')
    .max(100_000_000_000_000, 'price_ex_gst_cents is larger than $1,000,000,000,000'),
  deposit_cents: cents('deposit_cents'),
  deposit_form: z.enum(depositForms, { error: "deposit_form must be 'cash' or 'bond'" }),
  bond_expiry: isoDate('bond_expiry').nullish(),
  related_party: z.boolean({ error: 'related_party must be true or false' }),
  exchanged_on: isoDate('exchanged_on'),
  sunset_on: isoDate('sunset_on'),
};

export const createPresaleBody = z.strictObject(presaleFields);
export type CreatePresaleInput = z.output<typeof createPresaleBody>;

/** Checks across fields (the single-field checks are the schema's); each issue names its field. */
export function checkPresale(p: {
  price_ex_gst_cents: number;
  deposit_cents: number;
  deposit_form: DepositForm;
  bond_expiry?: string | null | undefined;
  exchanged_on: string;
  sunset_on: string;
}): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  if (p.deposit_cents > p.price_ex_gst_cents)
    issues.push({ field: 'deposit_cents', message: 'The deposit cannot be more than the price' });
  if (p.deposit_form === 'bond' && !p.bond_expiry)
    issues.push({ field: 'bond_expiry', message: 'A deposit bond needs its expiry date (bond_expiry)' });
  if (p.deposit_form === 'cash' && p.bond_expiry)
    issues.push({
      field: 'bond_expiry',
      message: 'A cash deposit has no bond expiry; leave bond_expiry empty',
    });
  if (p.sunset_on <= p.exchanged_on)
    issues.push({ field: 'sunset_on', message: 'The sunset date must be after the exchange date' });
  return issues;
}

const bpsSetting = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of basis points` })
    .int(`${field} must be a whole number of basis points`)
    .min(0, `${field} cannot be negative`)
    .max(10_000, `${field} cannot be above 10000 (100%)`);
const monthsSetting = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of months` })
    .int(`${field} must be a whole number of months`)
    .min(0, `${field} cannot be negative`)
    .max(60, `${field} is at most 60`);

export const presaleSettingsBody = z.strictObject({
  min_deposit_bps: bpsSetting('min_deposit_bps').optional(),
  max_bond_share_bps: bpsSetting('max_bond_share_bps').optional(),
  bond_months_after_sunset: monthsSetting('bond_months_after_sunset').optional(),
  sunset_months_after_completion: monthsSetting('sunset_months_after_completion').optional(),
});
export const presaleSettings = z.object({
  min_deposit_bps: z.number(),
  max_bond_share_bps: z.number(),
  bond_months_after_sunset: z.number(),
  sunset_months_after_completion: z.number(),
});
export const presaleSettingsDefaults = defaultPresaleSettings;

export const settlementBody = z.strictObject({
  settled_on: isoDate('settled_on'),
  gross_cents: z
    .number({ error: 'gross_cents must be a whole number of cents' })
    .int('gross_cents must be a whole number of cents')
    .min(1, 'gross_cents must be above 0')
    .max(100_000_000_000_000, 'gross_cents is larger than $1,000,000,000,000'),
  selling_costs_cents: cents('selling_costs_cents'),
});

export const presaleStatuses = ['exchanged', 'settled', 'released'] as const;

export const settlement = z.object({
  id: z.string(),
  presale_id: z.string(),
  facility_id: z.string(),
  lot: z.string(),
  settled_on: z.string(),
  gross_cents: z.number(),
  selling_costs_cents: z.number(),
  net_proceeds_cents: z.number(),
  /** The waterfall: step 1 default interest, then arrears and fees, step 2 interest, step 3 principal. */
  default_interest_cents: z.number(),
  fees_cents: z.number(),
  interest_cents: z.number(),
  principal_cents: z.number(),
  /** Net proceeds beyond the debt, paid to the developer. */
  surplus_cents: z.number(),
  /** What the borrower still owes after this settlement. */
  owed_after_cents: z.number(),
  /** This lot is discharged from the security (a partial discharge) on settled_on. */
  discharged_on: z.string(),
  journal_id: z.string(),
  /** Whether this settlement repaid the facility. */
  repaid: z.boolean(),
  created_at: z.string(),
});
export const settlementResponse = settlement.extend({
  facility_status: z.string(),
  /** Lots released from the security without payment because the facility was repaid. */
  released_lots: z.array(z.string()),
});
export const settlementList = z.object({ items: z.array(settlement) });

export const presale = z.object({
  id: z.string(),
  facility_id: z.string(),
  lot: z.string(),
  purchaser_name: z.string(),
  price_ex_gst_cents: z.number(),
  deposit_cents: z.number(),
  deposit_form: z.enum(depositForms),
  bond_expiry: z.string().nullable(),
  related_party: z.boolean(),
  exchanged_on: z.string(),
  sunset_on: z.string(),
  status: z.enum(presaleStatuses),
  released_on: z.string().nullable(),
  settlement: settlement.nullable(),
  created_at: z.string(),
});
export type PresaleOut = z.infer<typeof presale>;
export const presaleList = z.object({ items: z.array(presale), next_cursor: z.string().nullable() });
export const presaleImportResponse = z.object({ items: z.array(presale) });

const reason = z.object({ code: z.enum(presaleReasons), message: z.string() });
export const presaleCoverResponse = z.object({
  limit_cents: z.number(),
  qualifying_total_cents: z.number(),
  qualifying_bond_total_cents: z.number(),
  registered_total_cents: z.number(),
  /** Qualifying total ex GST ÷ facility limit, in basis points (10000 = 100 %). */
  cover_bps: z.number(),
  /** The same as a ratio (0.85 = 85 %), for display. */
  cover_ratio: z.number(),
  open_presales: z.number(),
  contract_completion_date: z.string(),
  /** The latest practical completion moved by the quantity surveyor's reported delay. */
  forecast_completion_date: z.string(),
  settings: presaleSettings,
  non_qualifying: z.array(
    z.object({
      presale_id: z.string(),
      lot: z.string(),
      purchaser_name: z.string(),
      price_ex_gst_cents: z.number(),
      reasons: z.array(reason),
    }),
  ),
  timeline: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(['contract_completion', 'forecast_completion', 'sunset', 'bond_expiry']),
      presale_id: z.string().nullable(),
      lot: z.string().nullable(),
    }),
  ),
  warnings: z.array(
    z.object({
      presale_id: z.string(),
      lot: z.string(),
      sunset_on: z.string(),
      buffer_days: z.number(),
      message: z.string(),
    }),
  ),
});
