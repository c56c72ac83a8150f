import { type equityBody, facilityMessages, type putBudgetBody } from '@plinth/domain/facilities';
import { type BudgetLineInput, checkBudget } from '@plinth/domain/facility/budget';
import { addDays } from '@plinth/domain/facility/dates';
import { equityReceivedJournal } from '@plinth/domain/facility/ledger';
import { sydneyDate } from '@plinth/domain/proposals';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest, conflict, validationFailed } from '../../errors';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { actorOf, type FacilitiesDeps, facilityChanged, iso } from './facilities.service';
import { facilityForActor, facilityForReader } from './facility-access';
import { postJournal } from './facility-figures';

// ---- budget ---------------------------------------------------------------------------------

async function readVersion(
  db: Db,
  version: { id: string; version: number; status: string; created_at: Date; approved_at: Date | null },
) {
  const lines = await db
    .selectFrom('budget_version_line as vl')
    .innerJoin('budget_line as l', 'l.id', 'vl.budget_line_id')
    .select(['l.id', 'l.code', 'vl.name', 'vl.category', 'vl.amount_cents', 'vl.funded_by'])
    .where('vl.budget_version_id', '=', version.id)
    .orderBy('vl.position')
    .execute();
  return {
    id: version.id,
    version: version.version,
    status: version.status as 'draft' | 'approved' | 'superseded',
    total_cents: lines.reduce((sum, l) => sum + l.amount_cents, 0),
    created_at: iso(version.created_at)!,
    approved_at: iso(version.approved_at),
    lines: lines.map((l) => ({ ...l, category: l.category as 'land' })),
  };
}

export async function getBudget(db: Db, options: { viewer: Viewer; facilityId: string }) {
  await facilityForReader(db, options.viewer, options.facilityId);
  const versions = await db
    .selectFrom('budget_version')
    .select(['id', 'version', 'status', 'created_at', 'approved_at'])
    .where('facility_id', '=', options.facilityId)
    .orderBy('version', 'desc')
    .execute();
  const approved = versions.find((v) => v.status === 'approved');
  const draft = versions.find((v) => v.status === 'draft');
  return {
    approved: approved ? await readVersion(db, approved) : null,
    draft: draft ? await readVersion(db, draft) : null,
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      status: v.status,
      total_cents: 0,
      created_at: iso(v.created_at)!,
      approved_at: iso(v.approved_at),
    })),
  };
}

/**
 * Saves `lines` as the facility's draft budget (a new version; an existing draft is replaced, an
 * approved version never changes). Every problem of every line is reported at once (400). A line
 * that draws already claimed cannot be left out, and keeps its code.
 */
async function saveDraft(
  deps: FacilitiesDeps,
  viewer: Viewer,
  facilityId: string,
  lines: BudgetLineInput[],
  rowLabel: (index: number) => string = (i) => `lines.${i}`,
) {
  const errors = checkBudget(lines);
  if (errors.length > 0)
    throw validationFailed(
      errors.map((e) => ({
        field: e.index < 0 ? 'lines' : `${rowLabel(e.index)}.${e.field}`,
        message: e.message,
      })),
    );
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, facilityId, ['developer', 'funder'], {
      lock: true,
    });
    if (facility.status === 'repaid') throw conflict('This facility is repaid and can no longer change');
    const codes = lines.map((l) => l.code.trim());
    const claimed = await trx
      .selectFrom('draw_line as dl')
      .innerJoin('draw as d', 'd.id', 'dl.draw_id')
      .innerJoin('budget_line as l', 'l.id', 'dl.budget_line_id')
      .select('l.code')
      .distinct()
      .where('d.facility_id', '=', facility.id)
      .where('d.status', '<>', 'cancelled')
      .execute();
    const missing = claimed.filter((c) => !codes.some((code) => code.toLowerCase() === c.code.toLowerCase()));
    if (missing.length > 0)
      throw conflict(
        `Lines that draws have claimed cannot be removed: ${missing.map((m) => m.code).join(', ')}`,
      );
    await trx
      .deleteFrom('budget_version')
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'draft')
      .execute();
    const { max } = await trx
      .selectFrom('budget_version')
      .select(sql<number>`coalesce(max(version), 0)`.as('max'))
      .where('facility_id', '=', facility.id)
      .executeTakeFirstOrThrow();
    const version = await trx
      .insertInto('budget_version')
      .values({ facility_id: facility.id, version: Number(max) + 1, created_by: viewer.id })
      .returning(['id', 'version', 'status', 'created_at', 'approved_at'])
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('budget_line')
      .select(['id', 'code'])
      .where('facility_id', '=', facility.id)
      .execute();
    const idOf = new Map(existing.map((e) => [e.code.toLowerCase(), e.id]));
    for (const [position, line] of lines.entries()) {
      const code = line.code.trim();
      let id = idOf.get(code.toLowerCase());
      if (!id) {
        ({ id } = await trx
          .insertInto('budget_line')
          .values({ facility_id: facility.id, code })
          .returning('id')
          .executeTakeFirstOrThrow());
      }
      await trx
        .insertInto('budget_version_line')
        .values({
          budget_version_id: version.id,
          budget_line_id: id,
          position,
          name: line.name.trim(),
          category: line.category,
          amount_cents: Number(line.amount_cents),
          funded_by: line.funded_by as 'debt' | 'equity',
        })
        .execute();
    }
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.budget_saved',
      targetType: 'facility',
      targetId: facility.id,
      after: { version: version.version, lines: lines.length },
    });
    await facilityChanged(trx, facility.id, 'budget');
    return readVersion(trx, version);
  });
}

export const putBudget = (
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof putBudgetBody> },
) => saveDraft(deps, options.viewer, options.facilityId, options.body.lines);

const csvColumns = ['code', 'name', 'category', 'amount_cents', 'funded_by'] as const;

/**
 * POST /facilities/{id}/budget/import: a CSV with a header row naming the columns code, name,
 * category, amount_cents (or amount, in dollars with up to two decimals), funded_by. Every row's
 * problems come back at once, named by the CSV's row number (the header is row 1).
 */
export async function importBudget(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; csv: string },
) {
  // Whoever may not write the budget is refused before their file is read.
  await facilityForActor(deps.db, options.viewer, options.facilityId, ['developer', 'funder']);
  let records: Record<string, string>[];
  try {
    records = parseCsv(options.csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      max_record_size: 10_000,
    });
  } catch (error) {
    throw badRequest(`The CSV could not be read: ${(error as Error).message}`);
  }
  if (records.length === 0) throw badRequest('The CSV has no rows under its header');
  const header = Object.keys(records[0]!);
  const wanted = csvColumns.filter((c) => c !== 'amount_cents');
  const missing = wanted.filter((c) => !header.includes(c));
  if (!header.includes('amount_cents') && !header.includes('amount')) missing.push('amount_cents' as never);
  if (missing.length > 0) throw badRequest(`The CSV is missing the column(s): ${missing.join(', ')}`);
  const amountIssues: { field: string; message: string }[] = [];
  const lines: BudgetLineInput[] = records.map((r, index) => {
    let amount: string | number = r.amount_cents ?? '';
    if (r.amount_cents === undefined) {
      const text = (r.amount ?? '').replace(/[$,\s]/g, '');
      const match = /^(\d{1,14})(?:\.(\d{1,2}))?$/.exec(text);
      if (match) amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
      else {
        amountIssues.push({
          field: `row ${index + 2}.amount`,
          message: `Row ${index + 2}: the amount must be dollars with at most two decimals`,
        });
        amount = 1;
      }
    }
    return {
      code: r.code ?? '',
      name: r.name ?? '',
      category: (r.category ?? '').toLowerCase().replace(/\s+/g, '_'),
      amount_cents: amount,
      funded_by: (r.funded_by ?? '').toLowerCase(),
    };
  });
  const errors = checkBudget(lines);
  if (errors.length > 0 || amountIssues.length > 0)
    throw validationFailed([
      ...amountIssues,
      ...errors.map((e) => ({
        field: e.index < 0 ? 'lines' : `row ${e.index + 2}.${e.field}`,
        message: e.index < 0 ? e.message : e.message.replace(/^Line \d+/, `Row ${e.index + 2}`),
      })),
    ]);
  return { draft: await saveDraft(deps, options.viewer, options.facilityId, lines) };
}

/** POST /facilities/{id}/budget/approve: the funder approves the draft; the last approved is superseded. */
export async function approveBudget(deps: FacilitiesDeps, options: { viewer: Viewer; facilityId: string }) {
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, options.viewer, options.facilityId, ['funder'], {
      lock: true,
    });
    const draft = await trx
      .selectFrom('budget_version')
      .select(['id', 'version'])
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (!draft) throw conflict(facilityMessages.noDraftBudget);
    await trx
      .updateTable('budget_version')
      .set({ status: 'superseded', updated_at: sql`now()` })
      .where('facility_id', '=', facility.id)
      .where('status', '=', 'approved')
      .execute();
    const approved = await trx
      .updateTable('budget_version')
      .set({
        status: 'approved',
        approved_by: options.viewer.id,
        approved_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', draft.id)
      .returning(['id', 'version', 'status', 'created_at', 'approved_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(options.viewer),
      action: 'facility.budget_approved',
      targetType: 'facility',
      targetId: facility.id,
      after: { version: draft.version },
    });
    await notify(trx, {
      userId: facility.borrower_id,
      type: 'system',
      relatedId: facility.id,
      message: `The funder approved version ${draft.version} of the budget.`,
    });
    await facilityChanged(trx, facility.id, 'budget');
    return readVersion(trx, approved);
  });
}

// ---- equity ---------------------------------------------------------------------------------

/**
 * POST /facilities/{id}/equity: equity the developer paid in, recorded by the funder (who sees it
 * arrive) or the developer; a journal equity in hand / equity contributed, dated the day received.
 */
export async function recordEquity(
  deps: FacilitiesDeps,
  options: { viewer: Viewer; facilityId: string; body: z.output<typeof equityBody> },
) {
  const { viewer, body } = options;
  return auditedTransaction(deps.db, async (trx) => {
    const { facility } = await facilityForActor(trx, viewer, options.facilityId, ['funder', 'developer'], {
      lock: true,
    });
    if (facility.status === 'repaid') throw conflict('This facility is repaid and can no longer change');
    if (body.received_on > addDays(sydneyDate(), 1))
      throw validationFailed([{ field: 'received_on', message: 'Equity cannot be received in the future' }]);
    if (body.document_id) {
      const doc = await trx
        .selectFrom('deal_document')
        .select('id')
        .where('id', '=', body.document_id)
        .where('deal_id', '=', facility.deal_id)
        .executeTakeFirst();
      if (!doc)
        throw validationFailed([
          { field: 'document_id', message: 'document_id must be a document of the deal room' },
        ]);
    }
    const journalId = await postJournal(trx, {
      facilityId: facility.id,
      journal: equityReceivedJournal(BigInt(body.amount_cents)),
      effectiveOn: body.received_on,
      memo: 'Equity received',
      createdBy: viewer.id,
    });
    const row = await trx
      .insertInto('equity_contribution')
      .values({
        facility_id: facility.id,
        amount_cents: body.amount_cents,
        received_on: body.received_on,
        document_id: body.document_id ?? null,
        journal_id: journalId!,
        recorded_by: viewer.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: 'facility.equity_received',
      targetType: 'facility',
      targetId: facility.id,
      after: { amount_cents: body.amount_cents, received_on: body.received_on },
    });
    await facilityChanged(trx, facility.id, 'equity');
    return toEquity(row);
  });
}

const toEquity = (row: {
  id: string;
  amount_cents: number;
  received_on: string;
  document_id: string | null;
  journal_id: string;
  created_at: Date;
}) => ({
  id: row.id,
  amount_cents: row.amount_cents,
  received_on: row.received_on,
  document_id: row.document_id,
  journal_id: row.journal_id,
  created_at: iso(row.created_at)!,
});

export async function listEquity(db: Db, options: { viewer: Viewer; facilityId: string }) {
  await facilityForReader(db, options.viewer, options.facilityId);
  const rows = await db
    .selectFrom('equity_contribution')
    .selectAll()
    .where('facility_id', '=', options.facilityId)
    .orderBy('received_on')
    .orderBy('created_at')
    .execute();
  return { items: rows.map(toEquity), total_cents: rows.reduce((s, r) => s + r.amount_cents, 0) };
}
