/**
 * The monthly lender report (issue 34 item 6; decision 067): one per facility per month, made on the
 * first business day of the next month in the project's state. This file turns the month's figures
 * into the report's sections — progress, the cost report, the draws of the month, the in-balance
 * test, the ledger summary, covenants, presales, the surveyor's comments — and the server lays them
 * out as a PDF. Pure: no I/O, no clock.
 */
import { DateTime } from 'luxon';
import { type BudgetCategory, budgetCategoryLabels } from './budget';
import { addDays, formatLongDate, lastDayOfMonth, weekday } from './dates';
import { formatAud } from './money';
import { type AuState, publicHolidays } from './sop-clock';

/**
 * The first business day of the month `date` falls in, in `state`: a weekday that is not one of the
 * state's public holidays. (The Security of Payment Acts' Christmas blackouts are for payment claims,
 * not for a lender's reporting calendar.)
 */
export function firstBusinessDay(state: AuState, date: string): string {
  let d = `${date.slice(0, 7)}-01`;
  const holidays = publicHolidays(state, Number(d.slice(0, 4)));
  while (weekday(d) === 0 || weekday(d) === 6 || holidays.has(d)) d = addDays(d, 1);
  return d;
}

/** The month a report made on `today` covers: the month before (its first day, 'YYYY-MM-01'). */
export const reportedMonth = (today: string) => `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;

/** Whether the report of the month before is due on `today`: on or after this month's first business day. */
export const reportDue = (state: AuState, today: string) => today >= firstBusinessDay(state, today);

/** The instant a Sydney day starts (AEST or AEDT, whichever holds at that midnight). */
export const sydneyMidnight = (date: string) =>
  DateTime.fromISO(date, { zone: 'Australia/Sydney' }).startOf('day').toJSDate();

/** 'November 2026' */
export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month.slice(0, 7)}-01T00:00:00Z`),
  );

export type ReportLine = {
  code: string;
  name: string;
  category: BudgetCategory;
  budget_cents: bigint;
  claimed_cents: bigint;
  paid_cents: bigint;
  pending_cents: bigint;
  retention_held_cents: bigint;
  cost_to_complete_cents: bigint | null;
};

export type ReportDraw = {
  number: number;
  status: string;
  claimed_cents: bigint;
  certified_cents: bigint | null;
  submitted_on: string | null;
  funded_on: string | null;
  percent_complete_bps: number | null;
};

export type LenderReportInput = {
  month: string;
  project_title: string;
  state: string;
  facility: {
    status: string;
    limit_cents: bigint;
    interest_rate_bps: number;
    maturity_date: string;
    latest_practical_completion_date: string;
  };
  progress: {
    percent_complete_bps: number | null;
    inspected_on: string | null;
    delay_days: number;
    forecast_completion_date: string;
  };
  lines: readonly ReportLine[];
  draws: readonly ReportDraw[];
  in_balance: {
    available_cents: bigint;
    required_cents: bigint;
    shortfall_cents: bigint;
    lines: readonly { name: string; required_cents: bigint; basis: string }[];
  } | null;
  ledger: {
    balances: readonly [string, bigint][];
    journals_in_month: number;
    interest_in_month_cents: bigint;
    drawn_cents: bigint;
    undrawn_cents: bigint;
  };
  covenants: readonly { label: string; status: string; message: string; threshold_text: string }[];
  presales: {
    open: number;
    registered_total_cents: bigint;
    qualifying_total_cents: bigint;
    cover_bps: number;
    non_qualifying: number;
    warnings: readonly string[];
  } | null;
  comments: readonly { draw_number: number; author: string; on: string; body: string }[];
};

export type ReportSection =
  | { heading: string; kind: 'rows'; rows: [string, string][] }
  | {
      heading: string;
      kind: 'table';
      columns: { header: string; width: number; align?: 'left' | 'right' }[];
      rows: string[][];
      note?: string;
    }
  | { heading: string; kind: 'paragraphs'; paragraphs: string[] };

export type LenderReport = { title: string; subtitle: string; sections: ReportSection[] };

const pct = (bps: number) => `${(bps / 100).toFixed(2)}%`;
const date = (d: string | null) => (d ? formatLongDate(d) : '-');
const sum = (values: Iterable<bigint>) => {
  let t = 0n;
  for (const v of values) t += v;
  return t;
};
const statusWord = (s: string) => s.replace(/_/g, ' ');

/** The report's sections, in the order a credit team reads them. */
export function lenderReport(input: LenderReportInput): LenderReport {
  const sections: ReportSection[] = [];
  const { facility, progress } = input;
  sections.push({
    heading: 'Summary',
    kind: 'rows',
    rows: [
      ['Facility status', statusWord(facility.status)],
      ['Limit', formatAud(facility.limit_cents)],
      ['Drawn', formatAud(input.ledger.drawn_cents)],
      ['Undrawn', formatAud(input.ledger.undrawn_cents)],
      ['Interest rate', `${pct(facility.interest_rate_bps)} p.a.`],
      ['Maturity', date(facility.maturity_date)],
    ],
  });
  sections.push({
    heading: 'Progress',
    kind: 'rows',
    rows: [
      [
        'Complete (surveyor)',
        progress.percent_complete_bps === null ? 'not yet inspected' : pct(progress.percent_complete_bps),
      ],
      ['Last inspection', date(progress.inspected_on)],
      ['Latest practical completion', date(facility.latest_practical_completion_date)],
      ['Forecast practical completion', date(progress.forecast_completion_date)],
      ['Reported delay', `${progress.delay_days} day${progress.delay_days === 1 ? '' : 's'}`],
    ],
  });
  const money = (v: bigint | null) => (v === null ? '-' : formatAud(v));
  const remaining = (l: ReportLine) => {
    const left = l.budget_cents - l.paid_cents - l.pending_cents;
    return left < 0n ? 0n : left;
  };
  sections.push({
    heading: 'Cost report',
    kind: 'table',
    columns: [
      { header: 'Line', width: 130 },
      { header: 'Budget', width: 68, align: 'right' },
      { header: 'Claimed', width: 68, align: 'right' },
      { header: 'Paid', width: 68, align: 'right' },
      { header: 'Pending', width: 60, align: 'right' },
      { header: 'Retention', width: 60, align: 'right' },
      { header: 'To complete', width: 62, align: 'right' },
    ],
    rows: [
      ...input.lines.map((l) => [
        `${l.code} ${l.name} (${budgetCategoryLabels[l.category] ?? l.category})`,
        formatAud(l.budget_cents),
        formatAud(l.claimed_cents),
        formatAud(l.paid_cents),
        formatAud(l.pending_cents),
        formatAud(l.retention_held_cents),
        money(l.cost_to_complete_cents ?? remaining(l)),
      ]),
      [
        'Total',
        formatAud(sum(input.lines.map((l) => l.budget_cents))),
        formatAud(sum(input.lines.map((l) => l.claimed_cents))),
        formatAud(sum(input.lines.map((l) => l.paid_cents))),
        formatAud(sum(input.lines.map((l) => l.pending_cents))),
        formatAud(sum(input.lines.map((l) => l.retention_held_cents))),
        formatAud(sum(input.lines.map((l) => l.cost_to_complete_cents ?? remaining(l)))),
      ],
    ],
    note: "To complete: the surveyor's latest cost to complete, or the budget not yet paid or pending where none is reported.",
  });
  sections.push({
    heading: `Draws in ${monthLabel(input.month)}`,
    kind: 'table',
    columns: [
      { header: 'Draw', width: 50 },
      { header: 'Status', width: 80 },
      { header: 'Submitted', width: 95 },
      { header: 'Claimed', width: 85, align: 'right' },
      { header: 'Certified', width: 85, align: 'right' },
      { header: 'Funded', width: 95 },
    ],
    rows:
      input.draws.length === 0
        ? [['-', 'No draws this month', '', '', '', '']]
        : input.draws.map((d) => [
            String(d.number),
            statusWord(d.status),
            date(d.submitted_on),
            formatAud(d.claimed_cents),
            money(d.certified_cents),
            date(d.funded_on),
          ]),
  });
  if (input.in_balance) {
    const ib = input.in_balance;
    sections.push({
      heading: 'In-balance test',
      kind: 'table',
      columns: [
        { header: 'Required', width: 300 },
        { header: 'Basis', width: 100 },
        { header: 'Amount', width: 100, align: 'right' },
      ],
      rows: [
        ...ib.lines.map((l) => [l.name, statusWord(l.basis), formatAud(l.required_cents)]),
        ['Required in all', '', formatAud(ib.required_cents)],
        ['Available (undrawn limit and equity in hand)', '', formatAud(ib.available_cents)],
        [
          ib.shortfall_cents === 0n ? 'In balance' : 'Shortfall (equity needed first)',
          '',
          formatAud(ib.shortfall_cents),
        ],
      ],
    });
  }
  sections.push({
    heading: 'Ledger summary',
    kind: 'rows',
    rows: [
      ...input.ledger.balances.map(([k, v]) => [k, formatAud(v)] as [string, string]),
      [`Journals in ${monthLabel(input.month)}`, String(input.ledger.journals_in_month)],
      [`Interest accrued in ${monthLabel(input.month)}`, formatAud(input.ledger.interest_in_month_cents)],
    ],
  });
  sections.push({
    heading: 'Covenants',
    kind: 'table',
    columns: [
      { header: 'Covenant', width: 130 },
      { header: 'Threshold', width: 110 },
      { header: 'Result', width: 60 },
      { header: 'Latest test', width: 215 },
    ],
    rows:
      input.covenants.length === 0
        ? [['No covenants set', '', '', '']]
        : input.covenants.map((c) => [c.label, c.threshold_text, statusWord(c.status), c.message]),
  });
  if (input.presales) {
    const p = input.presales;
    sections.push({
      heading: 'Presales',
      kind: 'rows',
      rows: [
        ['Open contracts', String(p.open)],
        ['Registered (ex GST)', formatAud(p.registered_total_cents)],
        ['Qualifying (ex GST)', formatAud(p.qualifying_total_cents)],
        ['Presale cover', pct(p.cover_bps)],
        ['Not qualifying', String(p.non_qualifying)],
      ],
    });
    if (p.warnings.length > 0)
      sections.push({ heading: 'Sunset warnings', kind: 'paragraphs', paragraphs: [...p.warnings] });
  }
  sections.push({
    heading: "Quantity surveyor's comments",
    kind: 'paragraphs',
    paragraphs:
      input.comments.length === 0
        ? ['No comments from the surveyor this month.']
        : input.comments.map((c) => `Draw ${c.draw_number}, ${date(c.on)}, ${c.author}: ${c.body}`),
  });
  return {
    title: `Lender report: ${input.project_title}`,
    subtitle: `${monthLabel(input.month)} (to ${formatLongDate(lastDayOfMonth(input.month))}), ${input.state}`,
    sections,
  };
}
