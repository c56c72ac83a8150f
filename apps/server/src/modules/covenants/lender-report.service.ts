import { covenantMessages } from '@plinth/domain/covenants';
import { type CovenantKind, covenantRules, thresholdText } from '@plinth/domain/facility/covenants';
import { addDays, lastDayOfMonth } from '@plinth/domain/facility/dates';
import { accountLabels, accounts, drawnCents } from '@plinth/domain/facility/ledger';
import {
  lenderReport,
  monthLabel,
  type ReportSection,
  sydneyMidnight,
} from '@plinth/domain/facility/lender-report';
import { presaleCover, presaleTimeline } from '@plinth/domain/facility/presales';
import { calendarDay } from '@plinth/domain/format';
import { sql } from 'kysely';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { OpenedFile } from '../documents/send-file';
import { type FacilityRow, facilityForReader, findFacilityRow } from '../facilities/facility-access';
import {
  facilityBalances,
  facilityInBalance,
  forecastCompletionDate,
  latestDelayDays,
  lineFigures,
  nat,
} from '../facilities/facility-figures';
import { settingsOf } from '../presales/presales.service';
import { presaleRegister } from './covenant-figures';
import { withCovenants } from './covenant-tables';
import { latestTests } from './covenants.service';
import { createPdfWriter, facilityCopy, type PdfWriter } from './pdf-writer';

/**
 * The monthly lender report (issue 34 item 6; decision 067): one PDF per facility per month, made on
 * the first business day of the next month by the monthly job, kept in `lender_report` (its unique
 * (facility, month) makes it once whatever instances run: the row is inserted first, in the
 * transaction that then fills it, so a second instance waits and finds it made), listed on the
 * facility and downloaded stamped for every party but the funder.
 */

const MAX_PHOTOS = 6;

const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

async function readAll(storage: FileStorage, key: string): Promise<Uint8Array | null> {
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await storage.get(key)) {
      size += chunk.length;
      if (size > MAX_PHOTO_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

/** The month's figures, gathered from every module's tables. */
async function reportInput(db: Db, facility: FacilityRow, month: string) {
  const end = lastDayOfMonth(month);
  const next = addDays(end, 1);
  const [project, lines, balances, delay, forecast, inBalance, draws, journals, interest, tests, covenants] =
    await Promise.all([
      db.selectFrom('project').select('title').where('id', '=', facility.project_id).executeTakeFirst(),
      lineFigures(db, facility.id),
      facilityBalances(db, facility.id, end),
      latestDelayDays(db, facility.id),
      forecastCompletionDate(db, facility),
      facility.status === 'setting_up' ? Promise.resolve(null) : facilityInBalance(db, facility),
      db
        .selectFrom('draw as d')
        .leftJoin('draw_line as dl', 'dl.draw_id', 'd.id')
        .select([
          'd.id',
          'd.number',
          'd.status',
          'd.submitted_at',
          'd.funded_on',
          'd.percent_complete_bps',
          'd.inspected_on',
          sql<string>`coalesce(sum(dl.claimed_cents), 0)::text`.as('claimed'),
          sql<string | null>`sum(dl.certified_cents)::text`.as('certified'),
        ])
        .where('d.facility_id', '=', facility.id)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('d.submitted_at', '>=', sydneyMidnight(month)),
              eb('d.submitted_at', '<', sydneyMidnight(next)),
            ]),
            eb.and([eb('d.funded_on', '>=', month), eb('d.funded_on', '<=', end)]),
            eb.and([eb('d.inspected_on', '>=', month), eb('d.inspected_on', '<=', end)]),
          ]),
        )
        .groupBy('d.id')
        .orderBy('d.number')
        .execute(),
      db
        .selectFrom('ledger_journal')
        .select(sql<string>`count(*)::text`.as('n'))
        .where('facility_id', '=', facility.id)
        .where('effective_on', '>=', month)
        .where('effective_on', '<=', end)
        .executeTakeFirstOrThrow(),
      // The month's days as posted, with any restatement of them since (decision 070).
      db
        .selectFrom('facility_accrual as a')
        .select(
          sql<string>`coalesce(sum(a.amount_cents + coalesce((select sum(x.amount_cents)
            from facility_accrual_adjustment x
            where x.facility_id = a.facility_id and x.accrued_on = a.accrued_on), 0)), 0)::text`.as('total'),
        )
        .where('a.facility_id', '=', facility.id)
        .where('a.accrued_on', '>=', month)
        .where('a.accrued_on', '<=', end)
        .executeTakeFirstOrThrow(),
      latestTests(db, facility.id),
      withCovenants(db).selectFrom('covenant').selectAll().where('facility_id', '=', facility.id).execute(),
    ]);
  const latestInspection = await db
    .selectFrom('draw')
    .select(['percent_complete_bps', 'inspected_on'])
    .where('facility_id', '=', facility.id)
    .where('inspected_on', 'is not', null)
    .where('inspected_on', '<=', end)
    .orderBy('inspected_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  const [presales, settings, comments] = await Promise.all([
    presaleRegister.openPresales(db, facility.id),
    settingsOf(db, facility.id),
    db
      .selectFrom('draw_comment as c')
      .innerJoin('draw as d', 'd.id', 'c.draw_id')
      .innerJoin('facility_party as p', (j) =>
        j
          .onRef('p.user_id', '=', 'c.author_id')
          .on('p.facility_id', '=', facility.id)
          .on('p.role', '=', 'surveyor'),
      )
      .innerJoin('user as u', 'u.id', 'c.author_id')
      .select(['d.number', 'u.name', 'c.body', 'c.created_at'])
      .where('d.facility_id', '=', facility.id)
      .where('c.created_at', '>=', sydneyMidnight(month))
      .where('c.created_at', '<', sydneyMidnight(next))
      .orderBy('c.created_at')
      .limit(200)
      .execute(),
  ]);
  const cover = presaleCover(presales, {
    limit_cents: BigInt(facility.limit_cents),
    completion_date: forecast,
    settings,
  });
  const { warnings } = presaleTimeline(presales, {
    contract_completion_date: facility.latest_practical_completion_date,
    forecast_completion_date: forecast,
    settings,
  });
  return {
    drawIds: draws.map((d) => d.id),
    input: {
      month,
      project_title: project?.title ?? '',
      state: facility.state,
      facility: {
        status: facility.status,
        limit_cents: BigInt(facility.limit_cents),
        interest_rate_bps: facility.interest_rate_bps,
        maturity_date: facility.maturity_date,
        latest_practical_completion_date: facility.latest_practical_completion_date,
      },
      progress: {
        percent_complete_bps: latestInspection?.percent_complete_bps ?? null,
        inspected_on: latestInspection?.inspected_on ?? null,
        delay_days: delay,
        forecast_completion_date: forecast,
      },
      lines,
      draws: draws.map((d) => ({
        number: d.number,
        status: d.status,
        claimed_cents: BigInt(d.claimed),
        certified_cents: d.certified === null ? null : BigInt(d.certified),
        submitted_on: d.submitted_at ? calendarDay(new Date(d.submitted_at)) : null,
        funded_on: d.funded_on,
        percent_complete_bps: d.percent_complete_bps,
      })),
      in_balance: inBalance,
      ledger: {
        balances: accounts
          .filter((a) => balances[a] !== 0n)
          .map((a) => [accountLabels[a], nat(balances, a)] as [string, bigint]),
        journals_in_month: Number(journals.n),
        interest_in_month_cents: BigInt(interest.total),
        drawn_cents: drawnCents(balances),
        undrawn_cents: facility.activated_on ? nat(balances, 'undrawn') : BigInt(facility.limit_cents),
      },
      covenants: covenants.map((c) => {
        const kind = c.kind as CovenantKind;
        const t = tests.get(c.kind);
        return {
          label: covenantRules[kind].label,
          threshold_text: thresholdText(kind, Number(c.threshold)),
          status: t?.status ?? 'not_tested',
          message: t?.message ?? 'Not tested yet',
        };
      }),
      presales:
        presales.length === 0
          ? null
          : {
              open: presales.length,
              registered_total_cents: cover.registered_total_cents,
              qualifying_total_cents: cover.qualifying_total_cents,
              cover_bps: cover.cover_bps,
              non_qualifying: cover.assessments.filter((a) => !a.qualifies).length,
              warnings: warnings.map((w) => w.message),
            },
      comments: comments.map((c) => ({
        draw_number: c.number,
        author: c.name,
        on: calendarDay(new Date(c.created_at)),
        body: c.body,
      })),
    },
  };
}

function writeSection(w: PdfWriter, s: ReportSection) {
  w.heading(s.heading);
  if (s.kind === 'rows') w.rows(s.rows);
  else if (s.kind === 'table') {
    w.table(s.columns, s.rows);
    if (s.note) w.paragraph(s.note, 7);
  } else for (const p of s.paragraphs) w.paragraph(p);
  w.gap(6);
}

/** Renders a month's report; with storage, the month's draw photos are added at the end. */
export async function renderLenderReport(
  ctx: { db: Db; storage?: FileStorage },
  facility: FacilityRow,
  month: string,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const { input, drawIds } = await reportInput(ctx.db, facility, month);
  const report = lenderReport(input);
  const w = await createPdfWriter(report.title);
  w.heading(report.title, 16);
  w.paragraph(report.subtitle, 10);
  w.gap(6);
  for (const s of report.sections) writeSection(w, s);
  if (ctx.storage && drawIds.length > 0) {
    const photos = await ctx.db
      .selectFrom('draw_document as dd')
      .innerJoin('deal_document as d', 'd.id', 'dd.document_id')
      .innerJoin('draw', 'draw.id', 'dd.draw_id')
      .select(['d.storage_key', 'd.mime_type', 'd.file_name', 'draw.number'])
      .where('dd.draw_id', 'in', drawIds)
      .where('d.mime_type', 'in', ['image/jpeg', 'image/png'])
      .where('d.size_bytes', '<=', MAX_PHOTO_BYTES)
      .orderBy('draw.number')
      .orderBy('dd.attached_at')
      .limit(MAX_PHOTOS)
      .execute();
    let headed = false;
    for (const p of photos) {
      const bytes = await readAll(ctx.storage, p.storage_key);
      if (!bytes) continue;
      if (!headed) w.heading('Photos');
      headed = true;
      try {
        await w.image(bytes, p.mime_type, `Draw ${p.number}: ${p.file_name}`);
      } catch {
        w.paragraph(`Draw ${p.number}: ${p.file_name} (the image could not be read)`);
      }
    }
  }
  return w.save();
}

/**
 * Makes the report of `month` for a facility unless it exists; returns its id, or null when it was
 * made already (by this or another instance).
 */
export async function generateLenderReport(
  ctx: { db: Db; storage?: FileStorage },
  facilityId: string,
  month: string,
  today: string,
): Promise<string | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const facility = await findFacilityRow(trx, facilityId);
    if (!facility) return null;
    const row = await withCovenants(trx)
      .insertInto('lender_report')
      .values({ facility_id: facility.id, month, generated_on: today })
      .onConflict((oc) => oc.columns(['facility_id', 'month']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    const { bytes, pages } = await renderLenderReport({ db: trx, storage: ctx.storage }, facility, month);
    await withCovenants(trx)
      .updateTable('lender_report')
      .set({ pdf: bytes, size_bytes: bytes.length, pages })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  });
}

const reportUrl = (facilityId: string, id: string) => `/api/facilities/${facilityId}/reports/${id}/download`;

/** GET /facilities/{id}/reports: the facility's monthly reports, newest first. */
export async function listReports(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const rows = await withCovenants(db)
    .selectFrom('lender_report')
    .select(['id', 'month', 'generated_on', 'size_bytes', 'pages'])
    .where('facility_id', '=', facility.id)
    .where('pdf', 'is not', null)
    .orderBy('month', 'desc')
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      month: r.month,
      generated_on: r.generated_on,
      size_bytes: r.size_bytes,
      pages: r.pages,
      download_url: reportUrl(facility.id, r.id),
    })),
  };
}

/** GET /facilities/{id}/reports/{reportId}/download: the PDF, stamped for every party but the funder. */
export async function reportPdf(
  db: Db,
  options: { viewer: Viewer; facilityId: string; reportId: string },
): Promise<OpenedFile> {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const row = await withCovenants(db)
    .selectFrom('lender_report')
    .select(['id', 'month', 'pdf'])
    .where('id', '=', options.reportId)
    .where('facility_id', '=', facility.id)
    .executeTakeFirst();
  if (!row?.pdf) throw notFound(covenantMessages.reportNotFound);
  const bytes = row.pdf;
  const slug = monthLabel(row.month).toLowerCase().replace(/\s+/g, '-');
  return {
    fileName: `lender-report-${slug}.pdf`,
    mimeType: 'application/pdf',
    sizeBytes: null,
    contents: () => facilityCopy(db, options.viewer, facility, bytes),
  };
}
