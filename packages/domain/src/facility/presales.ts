/**
 * Presales, their qualification and the facility's presale cover (issue 34 item 4, decision 062).
 *
 * A presale counts towards cover only when every rule holds; each rule is one function here, each
 * threshold a facility setting (`PresaleSettings`, defaults from Australian lenders' practice):
 *   1. at arm's length: the purchaser is not a related party;
 *   2. a deposit of at least 10 % of the price (ex GST), in cash held in trust or as a deposit bond;
 *   3. a deposit bond that expires at least 1 month after the sunset date;
 *   4. a sunset date at least 6 months after the (forecast) latest practical completion date;
 *   5. deposit bonds at most 35 % of the qualifying total (a rule over the register: bond-backed
 *      contracts are counted in order of exchange while the share holds, the rest are excluded).
 * Cover = qualifying total ex GST ÷ facility limit, in basis points.
 */
import { addDays, daysBetween } from './dates';
import { formatAud, mulDivHalfEven } from './money';

export const depositForms = ['cash', 'bond'] as const;
export type DepositForm = (typeof depositForms)[number];

export type PresaleSettings = {
  /** Minimum deposit as a share of the price ex GST (default 1000 = 10 %). */
  min_deposit_bps: number;
  /** Maximum share of deposit-bond contracts in the qualifying total (default 3500 = 35 %). */
  max_bond_share_bps: number;
  /** A bond must run at least this many months past the sunset date (default 1). */
  bond_months_after_sunset: number;
  /** The sunset date must be at least this many months after practical completion (default 6). */
  sunset_months_after_completion: number;
};

export const defaultPresaleSettings: PresaleSettings = {
  min_deposit_bps: 1000,
  max_bond_share_bps: 3500,
  bond_months_after_sunset: 1,
  sunset_months_after_completion: 6,
};

export type Presale = {
  id: string;
  lot: string;
  price_ex_gst_cents: bigint;
  deposit_cents: bigint;
  deposit_form: DepositForm;
  bond_expiry: string | null;
  related_party: boolean;
  exchanged_on: string;
  sunset_on: string;
};

export const presaleReasons = [
  'related_party',
  'deposit_too_small',
  'bond_expires_too_soon',
  'sunset_too_soon',
  'bond_share_exceeded',
] as const;
export type PresaleReasonCode = (typeof presaleReasons)[number];
export type PresaleReason = { code: PresaleReasonCode; message: string };

/** `date` moved by whole calendar months, the day clamped to the month's last (31 Aug + 6 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

const pct = (bps: number) => `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : 2)} %`;
const months = (n: number) => (n === 1 ? '1 month' : `${n} months`);

// ---- one function per rule ----------------------------------------------------------------------

/** Rule 1: at arm's length. */
export function armsLength(p: Pick<Presale, 'related_party'>): PresaleReason | null {
  return p.related_party
    ? { code: 'related_party', message: 'The purchaser is a related party: the sale is not at arm’s length' }
    : null;
}

/** Rule 2: the deposit is at least `min_deposit_bps` of the price ex GST. */
export function depositLargeEnough(
  p: Pick<Presale, 'deposit_cents' | 'price_ex_gst_cents'>,
  s: Pick<PresaleSettings, 'min_deposit_bps'>,
): PresaleReason | null {
  if (p.deposit_cents * 10_000n >= p.price_ex_gst_cents * BigInt(s.min_deposit_bps)) return null;
  const needed = mulDivHalfEven(p.price_ex_gst_cents, BigInt(s.min_deposit_bps), 10_000n);
  return {
    code: 'deposit_too_small',
    message: `The deposit of ${formatAud(p.deposit_cents)} is under ${pct(s.min_deposit_bps)} of the price (${formatAud(needed)})`,
  };
}

/** Rule 3: a deposit bond expires at least `bond_months_after_sunset` months after the sunset date. */
export function bondOutlastsSunset(
  p: Pick<Presale, 'deposit_form' | 'bond_expiry' | 'sunset_on'>,
  s: Pick<PresaleSettings, 'bond_months_after_sunset'>,
): PresaleReason | null {
  if (p.deposit_form !== 'bond') return null;
  const needed = addMonths(p.sunset_on, s.bond_months_after_sunset);
  if (p.bond_expiry !== null && p.bond_expiry >= needed) return null;
  return {
    code: 'bond_expires_too_soon',
    message:
      p.bond_expiry === null
        ? 'A deposit bond needs an expiry date'
        : `The deposit bond expires on ${p.bond_expiry}, before ${needed} (${months(s.bond_months_after_sunset)} after the sunset date)`,
  };
}

/** Rule 4: the sunset date is at least `sunset_months_after_completion` months after completion. */
export function sunsetAfterCompletion(
  p: Pick<Presale, 'sunset_on'>,
  completion_date: string,
  s: Pick<PresaleSettings, 'sunset_months_after_completion'>,
): PresaleReason | null {
  const needed = addMonths(completion_date, s.sunset_months_after_completion);
  if (p.sunset_on >= needed) return null;
  return {
    code: 'sunset_too_soon',
    message: `The sunset date ${p.sunset_on} is before ${needed} (${months(s.sunset_months_after_completion)} after practical completion on ${completion_date})`,
  };
}

/**
 * Rule 5: deposit-bond contracts are at most `max_bond_share_bps` of the qualifying total. Given the
 * presales that pass rules 1–4, returns the ids of bond-backed ones left out: bonds are counted in
 * order of exchange (then lot) while bonds ≤ share × (cash + bonds counted), i.e.
 * bonds × (10,000 − share) ≤ share × cash.
 */
export function bondsOverShare(
  passing: readonly Pick<Presale, 'id' | 'lot' | 'deposit_form' | 'price_ex_gst_cents' | 'exchanged_on'>[],
  s: Pick<PresaleSettings, 'max_bond_share_bps'>,
): Set<string> {
  let cash = 0n;
  for (const p of passing) if (p.deposit_form === 'cash') cash += p.price_ex_gst_cents;
  const share = BigInt(s.max_bond_share_bps);
  const bonds = passing
    .filter((p) => p.deposit_form === 'bond')
    .sort((a, b) =>
      a.exchanged_on === b.exchanged_on
        ? a.lot.localeCompare(b.lot)
        : a.exchanged_on < b.exchanged_on
          ? -1
          : 1,
    );
  const out = new Set<string>();
  let kept = 0n;
  for (const b of bonds) {
    const next = kept + b.price_ex_gst_cents;
    if (next * (10_000n - share) <= share * cash) kept = next;
    else out.add(b.id);
  }
  return out;
}

// ---- cover ---------------------------------------------------------------------------------------

export type PresaleAssessment = { presale: Presale; qualifies: boolean; reasons: PresaleReason[] };

export type PresaleCover = {
  qualifying_total_cents: bigint;
  qualifying_bond_total_cents: bigint;
  registered_total_cents: bigint;
  /** qualifying total ÷ limit, in basis points (10,000 = 100 %), half-even. */
  cover_bps: number;
  assessments: PresaleAssessment[];
};

/** Every presale assessed against every rule, and the facility's cover. */
export function presaleCover(
  presales: readonly Presale[],
  input: { limit_cents: bigint; completion_date: string; settings: PresaleSettings },
): PresaleCover {
  const { settings } = input;
  const first = presales.map((presale) => ({
    presale,
    reasons: [
      armsLength(presale),
      depositLargeEnough(presale, settings),
      bondOutlastsSunset(presale, settings),
      sunsetAfterCompletion(presale, input.completion_date, settings),
    ].filter((r): r is PresaleReason => r !== null),
  }));
  const over = bondsOverShare(
    first.filter((a) => a.reasons.length === 0).map((a) => a.presale),
    settings,
  );
  const assessments = first.map(({ presale, reasons }) => {
    const all = over.has(presale.id)
      ? [
          ...reasons,
          {
            code: 'bond_share_exceeded' as const,
            message: `Deposit-bond contracts would be over ${pct(settings.max_bond_share_bps)} of the qualifying total`,
          },
        ]
      : reasons;
    return { presale, qualifies: all.length === 0, reasons: all };
  });
  let qualifying = 0n;
  let bonds = 0n;
  let registered = 0n;
  for (const a of assessments) {
    registered += a.presale.price_ex_gst_cents;
    if (!a.qualifies) continue;
    qualifying += a.presale.price_ex_gst_cents;
    if (a.presale.deposit_form === 'bond') bonds += a.presale.price_ex_gst_cents;
  }
  return {
    qualifying_total_cents: qualifying,
    qualifying_bond_total_cents: bonds,
    registered_total_cents: registered,
    cover_bps: coverBps(qualifying, input.limit_cents),
    assessments,
  };
}

/** Cover in basis points: qualifying ex GST × 10,000 ÷ limit, half-even (0 for a zero limit). */
export const coverBps = (qualifying_cents: bigint, limit_cents: bigint) =>
  limit_cents <= 0n ? 0 : Number(mulDivHalfEven(qualifying_cents, 10_000n, limit_cents));

// ---- timeline and the sunset warning -----------------------------------------------------------

export type TimelineEvent = {
  date: string;
  kind: 'contract_completion' | 'forecast_completion' | 'sunset' | 'bond_expiry';
  presale_id: string | null;
  lot: string | null;
};

export type SunsetWarning = {
  presale_id: string;
  lot: string;
  sunset_on: string;
  /** Days of buffer left between forecast completion and the sunset date (negative: past it). */
  buffer_days: number;
  message: string;
};

/**
 * The timeline (sunset dates, bond expiries, the contract and forecast completion dates, sorted) and
 * a warning for each open presale whose sunset buffer the delay eats: the forecast completion plus
 * the required buffer passes its sunset date.
 */
export function presaleTimeline(
  presales: readonly Presale[],
  input: {
    contract_completion_date: string;
    forecast_completion_date: string;
    settings: Pick<PresaleSettings, 'sunset_months_after_completion'>;
  },
): { events: TimelineEvent[]; warnings: SunsetWarning[] } {
  const events: TimelineEvent[] = [
    { date: input.contract_completion_date, kind: 'contract_completion', presale_id: null, lot: null },
  ];
  if (input.forecast_completion_date !== input.contract_completion_date)
    events.push({
      date: input.forecast_completion_date,
      kind: 'forecast_completion',
      presale_id: null,
      lot: null,
    });
  const warnings: SunsetWarning[] = [];
  const required = input.settings.sunset_months_after_completion;
  for (const p of presales) {
    events.push({ date: p.sunset_on, kind: 'sunset', presale_id: p.id, lot: p.lot });
    if (p.deposit_form === 'bond' && p.bond_expiry)
      events.push({ date: p.bond_expiry, kind: 'bond_expiry', presale_id: p.id, lot: p.lot });
    const needed = addMonths(input.forecast_completion_date, required);
    if (needed > p.sunset_on) {
      const buffer = daysBetween(input.forecast_completion_date, p.sunset_on);
      warnings.push({
        presale_id: p.id,
        lot: p.lot,
        sunset_on: p.sunset_on,
        buffer_days: buffer,
        message:
          buffer < 0
            ? `Lot ${p.lot}: forecast completion on ${input.forecast_completion_date} is after its sunset date ${p.sunset_on}; the purchaser may rescind`
            : `Lot ${p.lot}: forecast completion on ${input.forecast_completion_date} leaves ${buffer} days before its sunset date ${p.sunset_on}, under the ${months(required)} required`,
      });
    }
  }
  const order = { contract_completion: 0, forecast_completion: 1, sunset: 2, bond_expiry: 3 };
  events.sort((a, b) =>
    a.date === b.date
      ? order[a.kind] - order[b.kind] || (a.lot ?? '').localeCompare(b.lot ?? '')
      : a.date < b.date
        ? -1
        : 1,
  );
  return { events, warnings };
}

/** The forecast practical completion: the latest date moved by the reported delay (days ≥ 0). */
export const forecastCompletionDate = (latest_practical_completion_date: string, delay_days: number) =>
  addDays(latest_practical_completion_date, Math.max(0, delay_days));
