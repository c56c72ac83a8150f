import { z } from 'zod';
import { documentTypeLabel } from './documents';
import { formatAud, formatRate } from './format';
import { type AccessStatus, accessStatuses } from './marketplace';
import { type ProposalStatus, proposalStatuses, proposalStatusLabels, sydneyDate } from './proposals';
import { undertakingSignature } from './undertaking';

/**
 * The developer's data-room report (issue 19, docs/decisions/036-data-room-report.md): per funder
 * who asked for the project's file, the undertaking they signed, each document they opened (views,
 * downloads, last time, view-only or not) and their quotes; the same figures as a CSV for a
 * spreadsheet.
 */

/** At most this many funders in one report (a listing has a handful; the newest requests first). */
export const DATA_ROOM_REPORT_MAX_FUNDERS = 500;

export const dataRoomReportMessages = {
  title: 'Data Room Report',
  loadFailedTitle: 'Unable to load the data room report',
  exportFailedTitle: 'Export Failed',
  exportFailed: 'Unable to export the data room report',
  noFunders: 'No funder has asked for access to this project yet.',
  truncated: (max: number) => `Showing the ${max} most recent funders only.`,
} as const;

export const dataRoomReportDocument = z.object({
  document_id: z.string(),
  /** A file of the listing (project documents) or one shared in the funder's deal room. */
  source: z.enum(['project', 'deal']),
  file_name: z.string(),
  /** The listing's document type key (project documents only). */
  document_type: z.string().nullable(),
  view_only: z.boolean(),
  views: z.number(),
  downloads: z.number(),
  last_at: z.string(),
});
export type DataRoomReportDocument = z.infer<typeof dataRoomReportDocument>;

export const dataRoomReportQuote = z.object({
  id: z.string(),
  loan_amount: z.number(),
  interest_rate: z.number(),
  loan_term: z.number(),
  status: z.enum(proposalStatuses),
  /** A quote still awaiting an answer whose 'valid until' day has passed (Sydney's calendar). */
  expired: z.boolean(),
  created_at: z.string(),
  responded_at: z.string().nullable(),
});
export type DataRoomReportQuote = z.infer<typeof dataRoomReportQuote>;

export const dataRoomReportFunder = z.object({
  funder_id: z.string(),
  funder_name: z.string(),
  company_name: z.string().nullable(),
  /** Shown once the funder opened a deal room with the developer (as the deal list shows it). */
  email: z.string().nullable(),
  access_status: z.enum(accessStatuses),
  requested_at: z.string(),
  /** The signature given with this request, as the request shows it, without the text's digest. */
  undertaking: undertakingSignature.omit({ text_sha256: true }).nullable(),
  /** Documents the funder opened, the most recently opened first. */
  documents: z.array(dataRoomReportDocument),
  /** The funder's quotes, newest first. */
  quotes: z.array(dataRoomReportQuote),
});
export type DataRoomReportFunder = z.infer<typeof dataRoomReportFunder>;

/** GET /projects/{id}/data-room-report. */
export const dataRoomReportResponse = z.object({
  project_id: z.string(),
  project_title: z.string(),
  generated_at: z.string(),
  /** Every funder with an access request on the project, any status, newest request first. */
  funders: z.array(dataRoomReportFunder),
  /** More funders asked than DATA_ROOM_REPORT_MAX_FUNDERS: the oldest requests are left out. */
  truncated: z.boolean(),
});
export type DataRoomReport = z.infer<typeof dataRoomReportResponse>;

// ---------------------------------------------------------------------------------------------
// Wording shared by the screen and the CSV

export const reportAccessStatusLabels: Record<AccessStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  due_diligence: 'Due Diligence',
  term_sheet: 'Term Sheet',
  funded: 'Funded',
  closed: 'Closed',
  revoked: 'Access revoked',
};

export const documentSourceLabels: Record<DataRoomReportDocument['source'], string> = {
  project: 'Project file',
  deal: 'Deal room',
};

/** A quote's state as the developer reads it: an unanswered quote past its date reads 'Expired'. */
export const quoteStateLabel = (quote: { status: ProposalStatus; expired: boolean }) =>
  quote.status === 'pending' && quote.expired ? 'Expired' : proposalStatusLabels[quote.status];

// ---------------------------------------------------------------------------------------------
// CSV

const sydneyDateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as a spreadsheet reads it in Sydney: '27/11/2026, 15:05'. */
export const reportDateTime = (value: string | Date) => sydneyDateTime.format(new Date(value));

const sydneyDisplayDateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment as the report's screen shows it, in Sydney: '27 Nov 2026, 3:05 pm'. */
export const reportDisplayDateTime = (value: string | Date) => sydneyDisplayDateTime.format(new Date(value));

/**
 * Text a person typed (names, companies, file names a funder chose) is never read by a spreadsheet
 * as a formula: a leading = + - @ tab or carriage return gets a leading apostrophe (OWASP's advice
 * against CSV injection).
 */
export const spreadsheetText = (value: string | null | undefined) =>
  value == null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

export const dataRoomReportCsvHeader = [
  'Funder',
  'Funder company',
  'Funder email',
  'Access status',
  'Access requested',
  'Undertaking signed by',
  'Undertaking company',
  'Undertaking version',
  'Undertaking accepted',
  'Record',
  'Document',
  'Document source',
  'Document type',
  'View only',
  'Views',
  'Downloads',
  'Last opened',
  'Quote amount',
  'Interest rate',
  'Loan term (months)',
  'Quote status',
  'Quote sent',
  'Quote answered',
] as const;

const DOCUMENT_COLUMNS = 7;
const QUOTE_COLUMNS = 6;

/**
 * The report as CSV rows, the header first: one row per document a funder opened and one per quote
 * they sent, each starting with the funder's columns (so a spreadsheet filter on any of them keeps
 * whole lines); a funder who opened nothing and quoted nothing still has one row ('Record' None).
 */
export function dataRoomReportCsvRows(report: DataRoomReport): string[][] {
  const rows: string[][] = [[...dataRoomReportCsvHeader]];
  for (const funder of report.funders) {
    const u = funder.undertaking;
    const funderColumns = [
      spreadsheetText(funder.funder_name),
      spreadsheetText(funder.company_name),
      spreadsheetText(funder.email),
      reportAccessStatusLabels[funder.access_status],
      reportDateTime(funder.requested_at),
      u ? spreadsheetText(u.full_name) : '',
      u ? spreadsheetText(u.company_name) : '',
      u ? String(u.version) : '',
      u ? reportDateTime(u.accepted_at) : '',
    ];
    const noDocument = Array<string>(DOCUMENT_COLUMNS).fill('');
    const noQuote = Array<string>(QUOTE_COLUMNS).fill('');
    for (const d of funder.documents) {
      rows.push([
        ...funderColumns,
        'Document',
        spreadsheetText(d.file_name),
        documentSourceLabels[d.source],
        d.document_type ? documentTypeLabel(d.document_type) : '',
        d.view_only ? 'Yes' : 'No',
        String(d.views),
        String(d.downloads),
        reportDateTime(d.last_at),
        ...noQuote,
      ]);
    }
    for (const q of funder.quotes) {
      rows.push([
        ...funderColumns,
        'Quote',
        ...noDocument,
        formatAud(q.loan_amount),
        formatRate(q.interest_rate),
        String(q.loan_term),
        quoteStateLabel(q),
        reportDateTime(q.created_at),
        q.responded_at ? reportDateTime(q.responded_at) : '',
      ]);
    }
    if (funder.documents.length === 0 && funder.quotes.length === 0) {
      rows.push([...funderColumns, 'None', ...noDocument, ...noQuote]);
    }
  }
  return rows;
}

/**
 * The CSV's file name: 'data-room-report-harbour-view-terraces-2026-11-27.csv' (the title in
 * lower-case ASCII words, the day in Sydney).
 */
export function dataRoomReportFileName(projectTitle: string, at: Date): string {
  const slug = projectTitle
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `data-room-report-${slug ? `${slug}-` : ''}${sydneyDate(at)}.csv`;
}
