import { countsAsInsight } from '@plinth/domain/data-room';
import {
  CREDIT_SUMMARY_LABEL,
  DATA_ROOM_REPORT_MAX_FUNDERS,
  type DataRoomReport,
  type DataRoomReportDocument,
  type DataRoomReportQuote,
  dataRoomReportCsvRows,
  dataRoomReportFileName,
} from '@plinth/domain/data-room-report';
import { isQuoteExpired, sydneyDate } from '@plinth/domain/proposals';
import { isSignerAccountName } from '@plinth/domain/undertaking';
import { stringify } from 'csv-stringify/sync';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { generatedFile, type OpenedFile } from '../documents/send-file';
import * as repo from './data-room-report.repository';

/**
 * The developer's data-room report (docs/decisions/036-data-room-report.md): for each funder who
 * asked for the project's file, where their request stands, the undertaking they signed, what they
 * opened and what they quoted. Only the funders' own openings count (countsAsInsight): the
 * developer's and admins' reads are never anyone's interest.
 */

const iso = (value: Date | string) => new Date(value).toISOString();
const projectNotFound = () => notFound('Project not found');

type Opening = {
  document_id: string;
  viewer_id: string;
  viewer_role: string | null;
  kind: 'view' | 'download';
  count: number | string;
  last_at: unknown;
};

/** Adds grouped openings to each funder's documents, keyed by funder then document. */
function addOpenings<Row extends Opening>(
  byFunder: Map<string, Map<string, DataRoomReportDocument>>,
  rows: readonly Row[],
  describe: (row: Row) => {
    ownerSide: readonly (string | null)[];
    document: Omit<DataRoomReportDocument, 'views' | 'downloads' | 'last_at'>;
  },
) {
  for (const row of rows) {
    const { ownerSide, document } = describe(row);
    if (!countsAsInsight({ id: row.viewer_id, role: row.viewer_role }, ownerSide)) continue;
    const documents = byFunder.get(row.viewer_id);
    if (!documents) continue;
    const lastAt = iso(row.last_at as Date | string);
    const entry = documents.get(document.document_id) ?? {
      ...document,
      views: 0,
      downloads: 0,
      last_at: lastAt,
    };
    if (row.kind === 'view') entry.views += Number(row.count);
    else entry.downloads += Number(row.count);
    if (lastAt > entry.last_at) entry.last_at = lastAt;
    documents.set(document.document_id, entry);
  }
}

/**
 * The project whose report the viewer may read: the project's developer and admins; another
 * developer is told the project does not exist (funders are refused by the route's role check).
 */
async function reportedProject(db: Db, options: { viewer: Viewer; projectId: string }) {
  const project = await repo.findProject(db, options.projectId);
  if (!project || (options.viewer.role !== 'admin' && project.borrower_id !== options.viewer.id))
    throw projectNotFound();
  return project;
}

/** GET /projects/{id}/data-room-report. */
export async function getDataRoomReport(
  db: Db,
  options: { viewer: Viewer; projectId: string; now?: Date },
): Promise<DataRoomReport> {
  const now = options.now ?? new Date();
  const project = await reportedProject(db, options);

  // One more than the cap tells whether any were left out.
  const requests = await repo.listLatestRequests(db, project.id, DATA_ROOM_REPORT_MAX_FUNDERS + 1);
  const truncated = requests.length > DATA_ROOM_REPORT_MAX_FUNDERS;
  const listed = requests.slice(0, DATA_ROOM_REPORT_MAX_FUNDERS);
  const funderIds = listed.map((r) => r.funder_id);
  const base = {
    project_id: project.id,
    project_title: project.title,
    generated_at: now.toISOString(),
    truncated,
  };
  if (funderIds.length === 0) return { ...base, funders: [] };

  const [withDeals, projectOpenings, dealOpenings, creditSummaries, quotes] = await Promise.all([
    repo.fundersWithDeals(db, project.id, funderIds),
    repo.projectDocumentOpenings(db, project.id, funderIds),
    repo.dealDocumentOpenings(db, project.id, funderIds),
    repo.creditSummaryOpenings(db, project.id, funderIds),
    repo.listQuotes(db, project.id, funderIds),
  ]);

  const documentsByFunder = new Map(funderIds.map((id) => [id, new Map<string, DataRoomReportDocument>()]));
  // A listing's files belong to its developer; a deal-room file to whoever uploaded it, so a
  // funder opening their own upload is not counted.
  addOpenings(documentsByFunder, projectOpenings, (r) => {
    return {
      ownerSide: [project.borrower_id],
      document: {
        document_id: r.document_id,
        source: 'project',
        file_name: r.file_name,
        document_type: r.document_type,
        view_only: r.view_only,
      },
    };
  });
  addOpenings(documentsByFunder, dealOpenings, (r) => {
    return {
      ownerSide: [r.uploader_id],
      document: {
        document_id: r.document_id,
        source: 'deal',
        file_name: r.file_name,
        document_type: null,
        view_only: false,
      },
    };
  });
  // The deal's credit summary is made from the developer's listing and room: theirs, like the file.
  addOpenings(documentsByFunder, creditSummaries, (r) => ({
    ownerSide: [project.borrower_id],
    document: {
      document_id: r.document_id,
      source: 'credit_summary',
      file_name: CREDIT_SUMMARY_LABEL,
      document_type: null,
      view_only: false,
    },
  }));

  const today = sydneyDate(now);
  const quotesByFunder = new Map<string, DataRoomReportQuote[]>();
  for (const q of quotes) {
    const list = quotesByFunder.get(q.funder_id) ?? [];
    list.push({
      id: q.id,
      loan_amount: Number(q.loan_amount),
      interest_rate: Number(q.interest_rate),
      loan_term: Number(q.loan_term),
      status: q.status,
      expired: q.status === 'pending' && isQuoteExpired(q.valid_until, today),
      created_at: iso(q.created_at),
      responded_at: q.responded_at ? iso(q.responded_at) : null,
    });
    quotesByFunder.set(q.funder_id, list);
  }

  return {
    ...base,
    funders: listed.map((r) => ({
      funder_id: r.funder_id,
      funder_name: r.funder_name,
      company_name: r.company_name ?? null,
      email: withDeals.has(r.funder_id) ? r.email : null,
      access_status: r.status,
      requested_at: iso(r.requested_at),
      undertaking:
        r.undertaking_full_name !== null &&
        r.undertaking_version !== null &&
        r.undertaking_accepted_at !== null
          ? {
              full_name: r.undertaking_full_name,
              account_name: r.undertaking_account_name,
              // Accepted, but the developer sees whose account signed in another name (decision 047).
              name_differs: !isSignerAccountName(r.undertaking_full_name, r.undertaking_account_name),
              company_name: r.undertaking_company_name ?? null,
              version: r.undertaking_version,
              accepted_at: iso(r.undertaking_accepted_at),
            }
          : null,
      documents: [...(documentsByFunder.get(r.funder_id)?.values() ?? [])].sort(
        (a, b) => b.last_at.localeCompare(a.last_at) || a.file_name.localeCompare(b.file_name),
      ),
      quotes: quotesByFunder.get(r.funder_id) ?? [],
    })),
  };
}

/**
 * GET /projects/{id}/data-room-report.csv: the same report as a CSV (with a byte-order mark, so a
 * spreadsheet reads names with accents as UTF-8) under its file name. The reader is checked at
 * once; the report is read only when it is sent (not for a HEAD request).
 */
export async function getDataRoomReportCsv(
  db: Db,
  options: { viewer: Viewer; projectId: string; now?: Date },
): Promise<OpenedFile> {
  const now = options.now ?? new Date();
  const project = await reportedProject(db, options);
  return generatedFile(
    { fileName: dataRoomReportFileName(project.title, now), mimeType: 'text/csv; charset=utf-8' },
    async () =>
      stringify(dataRoomReportCsvRows(await getDataRoomReport(db, { ...options, now })), { bom: true }),
  );
}
