import { GENERAL_INFORMATION_NOTE, pct } from '@plinth/domain/broker-ai/answer';
import type { Feasibility, HurdleStanding } from '@plinth/domain/broker-ai/feasibility';
import type { MemoComparable } from '@plinth/domain/broker-ai/memo';
import type { Rating } from '@plinth/domain/broker-ai/norms';
import { formatAud, formatDate, formatRate } from '@plinth/domain/format';
import type { Proposal } from '@plinth/domain/proposals';
import { proposalStatusLabels } from '@plinth/domain/proposals';
import { formatStampTime } from '@plinth/domain/watermark';
import { A4, BOTTOM, type Colours, MARGIN, printable, WIDTH, Writer } from './credit-summary-writer';

/**
 * The credit summary of a deal as two A4 pages (issue 21 item 4): page 1 the project, its figures,
 * every ratio beside its norm and rating, the sensitivity grid against the hurdle and the stress
 * cases; page 2 the comparables, the documents received and still requested, the accepted (else the
 * latest) quote with its all-in cost, the general-information note and when it was made. Every
 * figure comes worked out (credit-summary.service.ts, from the domain); this file only lays it out.
 * Long lists are cut to what fits, saying how many were left out. pdf-lib is loaded on the first
 * download (decision 028). The recipient's stamp is added afterwards, as on every stamped copy.
 */

export interface CreditSummaryContent {
  project: {
    title: string;
    suburb: string | null;
    state: string | null;
    property_type: string;
    development_stage: string;
    loan_amount: number;
    loan_term: number | null;
    interest_rate: number | null;
  };
  developer: string;
  funder: string;
  feasibility: Feasibility;
  comparables: MemoComparable[];
  received: { file_name: string; uploader_name: string; uploaded_at: string }[];
  requested: { document_name: string; requester_name: string; requested_at: string }[];
  quote: {
    proposal: Proposal;
    isAccepted: boolean;
    allInCost: {
      interest: number;
      establishment_fee: number;
      total: number;
      allInRatePercent: number;
    } | null;
  } | null;
  generatedAt: Date;
  /** The reader's time zone: the days in the summary are theirs (decision 074). */
  timeZone: string;
}

const LIST_CAP = 12;

const money = (v: number | null) => (v === null ? '—' : formatAud(v));
/** A day as its reader reads it: in the zone on their profile (decision 074). */
const day = (iso: string, timeZone: string) => formatDate(iso, timeZone);

const ratingLabel: Record<Rating, string> = { pass: 'PASS', watch: 'WATCH', fail: 'FAIL' };
const standingLabel: Record<HurdleStanding, string> = { clears: '', below: ' below', loss: ' loss' };

export async function renderCreditSummary(c: CreditSummaryContent): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('@cantoo/pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`Credit summary: ${c.project.title}`));
  pdf.setProducer('Plinth');
  pdf.setCreationDate(c.generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const colours: Colours = {
    ink: rgb(0.1, 0.12, 0.2),
    grey: rgb(0.38, 0.4, 0.45),
    rule: rgb(0.8, 0.82, 0.86),
    pass: rgb(0.1, 0.5, 0.25),
    watch: rgb(0.7, 0.45, 0.0),
    fail: rgb(0.75, 0.1, 0.1),
    clearsFill: rgb(0.86, 0.95, 0.88),
    belowFill: rgb(1, 0.94, 0.8),
    lossFill: rgb(0.98, 0.85, 0.85),
  };
  const w = new Writer(pdf.addPage([A4.width, A4.height]), regular, bold, colours);
  pageOne(w, c);
  w.pageNumber(1);
  w.page = pdf.addPage([A4.width, A4.height]);
  w.y = A4.height - MARGIN;
  pageTwo(w, c);
  w.pageNumber(2);
  return pdf.save();
}

const placeOf = (p: { suburb: string | null; state: string | null }) =>
  [p.suburb, p.state].filter(Boolean).join(', ') || 'Location not given';

function pageOne(w: Writer, c: CreditSummaryContent) {
  const { project: p, feasibility: f } = c;
  w.text('CREDIT SUMMARY', MARGIN, w.y - 8, { size: 8, font: w.bold, color: w.colours.grey });
  w.y -= 12;
  w.paragraph(p.title, { size: 16, font: w.bold, maxLines: 2 });
  w.paragraph(`${placeOf(p)} · ${p.property_type} · ${p.development_stage}`, { size: 10 });
  w.paragraph(
    `Loan sought ${formatAud(p.loan_amount)} · Term ${p.loan_term === null ? '—' : `${p.loan_term} months`} · Rate ${formatRate(p.interest_rate)}`,
    { size: 10, font: w.bold },
  );
  w.paragraph(`Developer: ${c.developer} · Funder: ${c.funder}`, { size: 9, color: w.colours.grey });

  w.heading('Figures');
  const i = f.inputs;
  const figures: [string, string][] = [
    ['Land value', money(i.land)],
    ['Total development cost (TDC)', money(i.totalCost)],
    ['Construction cost', money(i.constructionCost)],
    ['GRV / revenue (ex GST)', money(i.revenue)],
    ['Profit', money(f.profit)],
    ['Equity', money(i.equity)],
  ];
  const cell = WIDTH / 3;
  figures.forEach(([label, value], n) => {
    const x = MARGIN + (n % 3) * cell;
    const y = w.y - 12 - Math.floor(n / 3) * 26;
    w.text(label, x, y, { size: 8, color: w.colours.grey });
    w.text(value, x, y - 11, { size: 10, font: w.bold });
  });
  w.y -= 12 + 26 + 16;
  if (f.missing.length > 0)
    w.paragraph(`Not given in the listing: ${f.missing.join(', ')}.`, { size: 8, color: w.colours.grey });

  w.heading('Ratios against Australian norms');
  w.table(
    [
      { label: 'Ratio', width: 150 },
      { label: 'Value', width: 52, align: 'right' },
      { label: 'Rating', width: 48 },
      { label: 'Norm', width: WIDTH - 250 },
    ],
    f.ratios.map((r) => ({
      cells: [
        { text: r.label },
        { text: r.display, font: w.bold },
        r.rating
          ? { text: ratingLabel[r.rating], color: w.colours[r.rating], font: w.bold }
          : { text: 'not rated', color: w.colours.grey },
        { text: r.norm ?? '', color: w.colours.grey },
      ],
    })),
    { size: 7.5 },
  );

  w.heading(`Sensitivity: margin on cost against the ${pct(f.hurdlePercent)} hurdle`);
  if (f.grid) {
    const grid = f.grid;
    w.table(
      [
        { label: `${grid.costBasis === 'construction cost' ? 'Construction' : 'Total'} cost`, width: 95 },
        ...grid.rows[0]!.map((cellAt) => ({
          label: `Revenue -${cellAt.revenueFallPercent}%`,
          width: (WIDTH - 95) / 5,
          align: 'right' as const,
        })),
      ],
      grid.rows.map((row) => ({
        cells: [
          { text: `+${row[0]!.costRisePercent}%`, font: w.bold },
          ...row.map((x) => ({
            text: `${pct(x.marginOnCost)}${standingLabel[x.standing]}`,
            fill: w.colours[`${x.standing}Fill`],
          })),
        ],
      })),
      { size: 8 },
    );
    w.paragraph(
      `Green clears the ${pct(f.hurdlePercent)} hurdle; 'below' is a profit short of it; 'loss' a loss. The cost rise applies to the ${grid.costBasis}.`,
      { size: 7.5, color: w.colours.grey },
    );
  } else w.paragraph('Needs the total cost and the revenue.', { size: 8, color: w.colours.grey });

  w.heading('Stress cases');
  if (f.stress) {
    w.table(
      [
        { label: 'Case', width: 110 },
        { label: 'Cost', width: 90, align: 'right' },
        { label: 'Revenue', width: 90, align: 'right' },
        { label: 'Profit', width: 90, align: 'right' },
        { label: 'Margin on cost', width: 75, align: 'right' },
        { label: 'Hurdle', width: WIDTH - 455 },
      ],
      f.stress.map((s) => ({
        cells: [
          { text: s.name },
          { text: formatAud(s.cost) },
          { text: formatAud(s.revenue) },
          { text: formatAud(s.profit) },
          { text: pct(s.marginOnCost), font: w.bold },
          s.clearsHurdle
            ? { text: 'Clears', color: w.colours.pass, font: w.bold }
            : { text: 'Fails', color: w.colours.fail, font: w.bold },
        ],
      })),
      { size: 8 },
    );
  } else w.paragraph('Needs the total cost and the revenue.', { size: 8, color: w.colours.grey });
  const last = f.schedule?.at(-1);
  if (last)
    w.paragraph(
      `Capitalised interest over ${last.month} months: ${formatAud(last.capitalised)} (simple interest ${formatAud(last.simple)}).`,
      { size: 8 },
    );
}

function pageTwo(w: Writer, c: CreditSummaryContent) {
  w.heading('Comparable listings');
  if (c.comparables.length === 0)
    w.paragraph('No comparable listing of this type on the marketplace.', { size: 8, color: w.colours.grey });
  else
    w.table(
      [
        { label: 'Location', width: 150 },
        { label: 'Type', width: 75 },
        { label: 'Stage', width: 85 },
        { label: 'Loan', width: 85, align: 'right' },
        { label: 'Size', width: 60, align: 'right' },
        { label: 'Distance', width: WIDTH - 455, align: 'right' },
      ],
      c.comparables.map((x) => ({
        cells: [
          { text: placeOf(x) },
          { text: x.property_type },
          { text: x.development_stage },
          { text: formatAud(x.loan_amount) },
          { text: x.project_size_sqm === null ? '—' : `${x.project_size_sqm.toLocaleString('en-AU')} m²` },
          { text: x.distance_km === null ? '—' : `${x.distance_km} km` },
        ],
      })),
    );

  w.heading('Documents received in the deal room');
  if (c.received.length === 0) w.paragraph('None yet.', { size: 8, color: w.colours.grey });
  else
    w.table(
      [
        { label: 'File', width: 280 },
        { label: 'From', width: 140 },
        { label: 'Received', width: WIDTH - 420 },
      ],
      c.received.slice(0, LIST_CAP).map((d) => ({
        cells: [{ text: d.file_name }, { text: d.uploader_name }, { text: day(d.uploaded_at, c.timeZone) }],
      })),
      { total: c.received.length },
    );

  w.heading('Documents still requested');
  if (c.requested.length === 0) w.paragraph('None outstanding.', { size: 8, color: w.colours.grey });
  else
    w.table(
      [
        { label: 'Document', width: 280 },
        { label: 'Asked by', width: 140 },
        { label: 'Requested', width: WIDTH - 420 },
      ],
      c.requested.slice(0, LIST_CAP).map((r) => ({
        cells: [
          { text: r.document_name },
          { text: r.requester_name },
          { text: day(r.requested_at, c.timeZone) },
        ],
      })),
      { total: c.requested.length },
    );

  quoteBlock(w, c.quote, c.timeZone);

  w.y = Math.min(w.y, BOTTOM + 34);
  w.paragraph(
    `${GENERAL_INFORMATION_NOTE} Figures as the listing and the deal room stood when this was made.`,
    {
      size: 8,
      color: w.colours.grey,
    },
  );
  w.paragraph(`Generated by Plinth on ${formatStampTime(c.generatedAt)} (Sydney time).`, {
    size: 8,
    color: w.colours.grey,
  });
}

function quoteBlock(w: Writer, quote: CreditSummaryContent['quote'], timeZone: string) {
  if (!quote) {
    w.heading('Quote');
    w.paragraph('No quote yet.', { size: 8, color: w.colours.grey });
    return;
  }
  const q = quote.proposal;
  w.heading(quote.isAccepted ? 'Accepted quote' : `Latest quote (${proposalStatusLabels[q.status]})`);
  const rows: [string, string][] = [
    ['Loan amount', formatAud(q.loan_amount)],
    ['Interest rate', formatRate(q.interest_rate)],
    ['Term', `${q.loan_term} months`],
    ['Establishment fee', formatAud(q.establishment_fee)],
  ];
  if (quote.allInCost) {
    const a = quote.allInCost;
    rows.push(
      [
        'All-in cost',
        `${formatAud(a.total)} (interest ${formatAud(a.interest)} + establishment fee ${formatAud(a.establishment_fee)})`,
      ],
      ['All-in rate', `${pct(a.allInRatePercent)} a year`],
    );
  }
  rows.push(['Quoted by', `${q.funder_name} on ${day(q.created_at, timeZone)}`]);
  if (q.valid_until) rows.push(['Valid until', formatDate(`${q.valid_until}T00:00:00`)]);
  for (const [label, value] of rows) {
    if (w.y - 12 < BOTTOM + 40) break;
    w.y -= 12;
    w.text(label, MARGIN, w.y, { size: 8.5, color: w.colours.grey });
    w.text(value, MARGIN + 110, w.y, { size: 8.5, font: label.startsWith('All-in') ? w.bold : w.regular });
  }
  for (const [label, text] of [
    ['Other fees', q.other_fees],
    ['Conditions', q.conditions],
  ] as const) {
    if (!text?.trim() || w.y - 36 < BOTTOM + 40) continue;
    // The label on the first line of its wrapped value.
    w.text(label, MARGIN, w.y - 8.5 * 1.35, { size: 8.5, color: w.colours.grey });
    w.paragraph(text, { size: 8.5, x: MARGIN + 110, maxLines: 3 });
  }
}
