import { dollarsToCents } from './money';

export type PresaleFormValues = {
  lot: string;
  purchaser_name: string;
  price: string;
  deposit: string;
  deposit_form: 'cash' | 'bond';
  bond_expiry: string;
  related_party: boolean;
  exchanged_on: string;
  sunset_on: string;
};

export type PresaleBody = {
  lot: string;
  purchaser_name: string;
  price_ex_gst_cents: number;
  deposit_cents: number;
  deposit_form: 'cash' | 'bond';
  bond_expiry: string | null;
  related_party: boolean;
  exchanged_on: string;
  sunset_on: string;
};

/**
 * The add-a-presale form as the API's body: dollars to integer cents (digit by digit), a bond expiry
 * only with a bond. Answers the field errors a person can fix before sending; the checks across
 * fields (deposit above the price, sunset before exchange) are the server's, shown in its words.
 */
export function presaleBody(
  v: PresaleFormValues,
): { ok: true; body: PresaleBody } | { ok: false; errors: Partial<Record<keyof PresaleFormValues, string>> } {
  const errors: Partial<Record<keyof PresaleFormValues, string>> = {};
  const price = dollarsToCents(v.price);
  const deposit = dollarsToCents(v.deposit);
  if (!v.lot.trim()) errors.lot = 'Enter the lot';
  if (!v.purchaser_name.trim()) errors.purchaser_name = "Enter the purchaser's name";
  if (price === null || price <= 0) errors.price = 'Enter the price in dollars, for example 650000';
  if (deposit === null) errors.deposit = 'Enter the deposit in dollars, for example 65000';
  if (!v.exchanged_on) errors.exchanged_on = 'Enter the exchange date';
  if (!v.sunset_on) errors.sunset_on = 'Enter the sunset date';
  if (v.deposit_form === 'bond' && !v.bond_expiry) errors.bond_expiry = "Enter the bond's expiry";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      lot: v.lot.trim(),
      purchaser_name: v.purchaser_name.trim(),
      price_ex_gst_cents: price!,
      deposit_cents: deposit!,
      deposit_form: v.deposit_form,
      bond_expiry: v.deposit_form === 'bond' ? v.bond_expiry : null,
      related_party: v.related_party,
      exchanged_on: v.exchanged_on,
      sunset_on: v.sunset_on,
    },
  };
}

/** Cover in basis points as a person reads it ('85.0 %'), half-even already done by the server. */
export const coverPercent = (bps: number) => `${(bps / 100).toFixed(1)} %`;
