import { Readable } from 'node:stream';
import { facilityMessages } from '@plinth/domain/facilities';
import { outOfBalanceMessage } from '@plinth/domain/facility/in-balance';
import { type Account, accountLabels, accounts, type JournalKind } from '@plinth/domain/facility/ledger';
import { formatAud } from '@plinth/domain/facility/money';
import { formatDate } from '@plinth/domain/format';
import { copyFor } from '@plinth/domain/watermark';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { badRequest, conflict } from '../../errors';
import { printable } from '../deals/credit-summary-writer';
import { recipientOf } from '../documents/document-views';
import type { OpenedFile } from '../documents/send-file';
import { newDownloadCode } from '../watermark/download-code';
import { stampedCopy } from '../watermark/stamped-copy';
import { type FacilityRow, facilityForReader } from './facility-access';
import { centsOut, facilityBalances, facilityInBalance, lineFigures } from './facility-figures';

/** GET /facilities/{id}/in-balance: the test, line by line, with the refusal's words when short. */
export async function getInBalance(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const result = await facilityInBalance(db, facility);
  return {
    available_cents: centsOut(result.available_cents),
    required_cents: centsOut(result.required_cents),
    shortfall_cents: centsOut(result.shortfall_cents),
    in_balance: result.shortfall_cents === 0n,
    message: result.shortfall_cents > 0n ? outOfBalanceMessage(result.shortfall_cents) : null,
    undrawn_cents: centsOut(result.undrawn_cents),
    equity_in_hand_cents: centsOut(result.equity_in_hand_cents),
    finance_end_date: result.finance_end_date,
    lines: result.lines.map((l) => ({ ...l, required_cents: centsOut(l.required_cents) })),
  };
}

/**
 * GET /facilities/{id}/cost-report: the cost report by budget line in one answer (decision 078) —
 * the approved budget and what the draws claimed (submitted onwards), the surveyor certified
 * (certified onwards), the funder paid (certified in funded draws) and holds as retention (less any
 * released), beside the in-balance test's own figure for what the line still needs, so the report
 * and the test never disagree. The facility page had assembled it from the budget, the in-balance
 * test and every draw (39 requests for 36 draws).
 */
export async function getCostReport(db: Db, options: { viewer: Viewer; facilityId: string }) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const [figures, test] = await Promise.all([lineFigures(db, facility.id), facilityInBalance(db, facility)]);
  const toComplete = new Map<string, bigint>();
  for (const l of test.lines) if (l.budget_line_id) toComplete.set(l.budget_line_id, l.required_cents);
  const lines = figures.map((l) => ({
    budget_line_id: l.id,
    code: l.code,
    name: l.name,
    category: l.category,
    funded_by: l.funded_by,
    budget_cents: centsOut(l.budget_cents),
    claimed_cents: centsOut(l.claimed_cents),
    certified_cents: centsOut(l.paid_cents + l.pending_cents),
    paid_cents: centsOut(l.paid_cents),
    retention_held_cents: centsOut(l.retention_held_cents),
    cost_to_complete_cents: l.cost_to_complete_cents === null ? null : centsOut(l.cost_to_complete_cents),
    to_complete_cents: toComplete.has(l.id) ? centsOut(toComplete.get(l.id)!) : null,
  }));
  const sum = (pick: (l: (typeof lines)[number]) => number | null, only = lines) =>
    only.reduce((total, l) => total + (pick(l) ?? 0), 0);
  const contingency = lines.filter((l) => l.category === 'contingency');
  return {
    lines,
    totals: {
      budget_cents: sum((l) => l.budget_cents),
      claimed_cents: sum((l) => l.claimed_cents),
      certified_cents: sum((l) => l.certified_cents),
      paid_cents: sum((l) => l.paid_cents),
      retention_held_cents: sum((l) => l.retention_held_cents),
      to_complete_cents: sum((l) => l.to_complete_cents),
    },
    contingency: {
      budget_cents: sum((l) => l.budget_cents, contingency),
      used_cents: sum((l) => l.certified_cents, contingency),
    },
    in_balance: test.shortfall_cents === 0n,
    shortfall_cents: centsOut(test.shortfall_cents),
  };
}

async function journalsPage(db: Db, facilityId: string, limit: number, afterSeq: number) {
  const journals = await db
    .selectFrom('ledger_journal')
    .select(['id', 'seq', 'kind', 'effective_on', 'memo', 'draw_id', 'created_at'])
    .where('facility_id', '=', facilityId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit + 1)
    .execute();
  const page = journals.slice(0, limit);
  const postings =
    page.length === 0
      ? []
      : await db
          .selectFrom('ledger_posting')
          .select(['journal_id', 'account', 'amount_cents'])
          .where(
            'journal_id',
            'in',
            page.map((j) => j.id),
          )
          .orderBy('id')
          .execute();
  const byJournal = new Map<string, { account: Account; amount_cents: number }[]>();
  for (const p of postings) {
    const list = byJournal.get(p.journal_id) ?? [];
    list.push({ account: p.account as Account, amount_cents: p.amount_cents });
    byJournal.set(p.journal_id, list);
  }
  return {
    items: page.map((j) => ({
      id: j.id,
      seq: j.seq,
      kind: j.kind as JournalKind,
      effective_on: j.effective_on,
      memo: j.memo,
      draw_id: j.draw_id,
      created_at: new Date(j.created_at).toISOString(),
      postings: byJournal.get(j.id) ?? [],
    })),
    more: journals.length > limit,
  };
}

/** GET /facilities/{id}/ledger: journals oldest first with their postings, a page at a time. */
export async function getLedger(
  db: Db,
  options: { viewer: Viewer; facilityId: string; limit: number; cursor?: string | undefined },
) {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  let after = 0;
  if (options.cursor !== undefined) {
    if (!/^\d{1,15}$/.test(options.cursor)) throw badRequest('The cursor is not one this list gave');
    after = Number(options.cursor);
  }
  const page = await journalsPage(db, facility.id, options.limit, after);
  const b = await facilityBalances(db, facility.id);
  return {
    items: page.items,
    next_cursor: page.more ? String(page.items.at(-1)!.seq) : null,
    balances: Object.fromEntries(accounts.map((a) => [a, centsOut(b[a])])),
  };
}

async function allJournals(db: Db, facilityId: string) {
  const out: Awaited<ReturnType<typeof journalsPage>>['items'] = [];
  let after = 0;
  for (;;) {
    const page = await journalsPage(db, facilityId, 500, after);
    out.push(...page.items);
    if (!page.more) return out;
    after = page.items.at(-1)!.seq;
  }
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A cell starting with = + - @ is text, not a formula, in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The statement as CSV: one row per posting, signed cents and dollars (debit positive). */
export async function statementCsv(
  db: Db,
  options: { viewer: Viewer; facilityId: string },
): Promise<OpenedFile> {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const fileName = `facility-statement-${facility.id.slice(0, 8)}.csv`;
  return {
    fileName,
    mimeType: 'text/csv',
    sizeBytes: null,
    contents: async () => {
      const journals = await allJournals(db, facility.id);
      const rows = [['journal', 'effective_on', 'kind', 'memo', 'account', 'amount_cents', 'amount_aud']];
      for (const j of journals)
        for (const p of j.postings)
          rows.push([
            String(j.seq),
            j.effective_on,
            j.kind,
            j.memo,
            p.account,
            String(p.amount_cents),
            dollars(p.amount_cents),
          ]);
      const text = `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
      const body = Buffer.from(text, 'utf8');
      return { body, sizeBytes: body.length };
    },
  };
}

/**
 * The statement as a PDF: the facility's terms, every account's balance and every journal. The
 * funder's own record: they and admins get it as made; every other party a copy stamped with their
 * name and a download code, as every document that leaves its owner's side.
 */
export async function statementPdf(
  db: Db,
  options: { viewer: Viewer; facilityId: string },
): Promise<OpenedFile> {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  return statementPdfOf(db, options.viewer, facility, null);
}

/**
 * The closing statement of a repaid facility (issue 34 item 7; decision 062): the same statement,
 * headed as closing and dated the day the loan was repaid, stamped like every other party's copy.
 */
export async function closingStatementPdf(
  db: Db,
  options: { viewer: Viewer; facilityId: string; repaidOn: (facilityId: string) => Promise<string | null> },
): Promise<OpenedFile> {
  const { facility } = await facilityForReader(db, options.viewer, options.facilityId);
  const repaidOn = await options.repaidOn(facility.id);
  if (!repaidOn) throw conflict('The closing statement is issued once the facility is repaid');
  return statementPdfOf(db, options.viewer, facility, repaidOn);
}

async function statementPdfOf(
  db: Db,
  viewer: Viewer,
  facility: FacilityRow,
  repaidOn: string | null,
): Promise<OpenedFile> {
  const fileName = `facility-${repaidOn ? 'closing-statement' : 'statement'}-${facility.id.slice(0, 8)}.pdf`;
  return {
    fileName,
    mimeType: 'application/pdf',
    sizeBytes: null,
    contents: async () => {
      const project = await db
        .selectFrom('project')
        .select('title')
        .where('id', '=', facility.project_id)
        .executeTakeFirst();
      const journals = await allJournals(db, facility.id);
      const b = await facilityBalances(db, facility.id);
      const bytes = await renderStatement({
        heading: repaidOn ? 'Closing statement' : 'Facility statement',
        title: project?.title ?? facilityMessages.notFound,
        terms: [
          ...(repaidOn ? ([['Repaid', formatDate(`${repaidOn}T12:00:00`)]] as [string, string][]) : []),
          ['Limit', formatAud(BigInt(facility.limit_cents))],
          ['Interest', `${(facility.interest_rate_bps / 100).toFixed(2)}% p.a. (Actual/365)`],
          ['Line fee', `${(facility.line_fee_bps / 100).toFixed(2)}% p.a.`],
          ['Close', formatDate(`${facility.close_date}T12:00:00`)],
          ['Maturity', formatDate(`${facility.maturity_date}T12:00:00`)],
        ],
        balances: accounts.filter((a) => b[a] !== 0n).map((a) => [accountLabels[a], formatAud(b[a])]),
        journals,
      });
      const copy = copyFor(viewer, [facility.funder_id], 'application/pdf');
      if (copy !== 'stamped') return { body: Buffer.from(bytes), sizeBytes: bytes.length };
      return stampedCopy(
        Readable.from([Buffer.from(bytes)]),
        { mimeType: 'application/pdf', sizeBytes: bytes.length },
        { recipient: await recipientOf(db, viewer), code: newDownloadCode(), at: new Date() },
      );
    },
  };
}

async function renderStatement(content: {
  heading: string;
  title: string;
  terms: [string, string][];
  balances: [string, string][];
  journals: Awaited<ReturnType<typeof allJournals>>;
}): Promise<Uint8Array> {
  // pdf-lib is loaded on the first PDF only (memory at rest, decision 028).
  const { PDFDocument, StandardFonts, rgb } = await import('@cantoo/pdf-lib');
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  let page = pdf.addPage([595.28, 841.89]);
  let y = 800;
  const line = (text: string, x = 40, size = 9, font = regular) => {
    if (y < 50) {
      page = pdf.addPage([595.28, 841.89]);
      y = 800;
    }
    page.drawText(printable(text), { x, y, size, font, color: ink });
  };
  line(`${content.heading}: ${content.title}`, 40, 14, bold);
  y -= 24;
  for (const [k, v] of content.terms) {
    line(k, 40, 9, bold);
    line(v, 160);
    y -= 13;
  }
  y -= 8;
  line('Balances (debit positive)', 40, 11, bold);
  y -= 15;
  for (const [k, v] of content.balances) {
    line(k);
    line(v, 300);
    y -= 13;
  }
  y -= 8;
  line('Journals', 40, 11, bold);
  y -= 15;
  for (const j of content.journals) {
    line(
      `#${j.seq}  ${formatDate(`${j.effective_on}T12:00:00`)}  ${j.kind.replace(/_/g, ' ')}  ${j.memo}`,
      40,
      9,
      bold,
    );
    y -= 12;
    for (const p of j.postings) {
      line(accountLabels[p.account], 60);
      line(formatAud(BigInt(p.amount_cents)), 300);
      y -= 11;
    }
    y -= 4;
  }
  return pdf.save();
}
