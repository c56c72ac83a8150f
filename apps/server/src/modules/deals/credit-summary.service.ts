import { feasibility, feasibilityInputsOf } from '@plinth/domain/broker-ai/feasibility';
import { quoteCost } from '@plinth/domain/broker-ai/tools';
import { creditSummaryFileName } from '@plinth/domain/data-room-report';
import { dealMessages } from '@plinth/domain/deals';
import type { ProjectResponse } from '@plinth/domain/projects';
import { copyFor } from '@plinth/domain/watermark';
import type { FastifyBaseLogger } from 'fastify';
import type { Viewer } from '../../auth/guards';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { dealMemoFor } from '../ai-chat/ai-chat.context';
import { auditedTransaction, recordAudit } from '../audit/audit.service';
import { listDealDocuments } from '../deal-documents/deal-documents.service';
import { listDocumentRequests } from '../deal-documents/document-requests.service';
import { openRecordedGeneratedPdf } from '../documents/document-views';
import type { FileContents, OpenedFile } from '../documents/send-file';
import * as projects from '../projects/projects.repository';
import { toProjectResponse } from '../projects/projects.service';
import { getDealProposal } from '../proposals/proposals.service';
import { assertUndertakingAccepted } from '../undertaking/undertaking.service';
import { readerTimeZone } from '../users/reader-time-zone';
import { type CreditSummaryContent, renderCreditSummary } from './credit-summary-pdf';
import { type DealRow, dealForReader } from './deal-access';
import { nameWithCompany, readDeal } from './deals.service';

/**
 * GET /deals/{id}/credit-summary (issue 21 item 4): the deal's two-page credit summary, for whoever
 * the deal room lets in (its parties and admins, through dealForReader: anyone else, and a funder
 * whose access was revoked, is told the room does not exist). Every figure is the domain's: the
 * feasibility, BrokerAI's comparables (the memo's own query), the room's documents and requests and
 * the accepted (else the latest) quote's all-in cost. It goes out like a deal document (decision
 * 034): the funder's copy stamped with their name and a fresh code, recorded in document_view (the
 * developer's data-room report lists it) and in the audit log, in one transaction. The reader is
 * checked at once; the PDF is made, stamped and recorded only when it is sent, never for a HEAD
 * request (issue 29 finding 7).
 */
export async function downloadCreditSummary(
  ctx: { db: Db; log: FastifyBaseLogger },
  options: { viewer: Viewer; dealId: string },
): Promise<OpenedFile> {
  const { db } = ctx;
  const { viewer } = options;
  const deal = await dealForReader(db, viewer, options.dealId);
  // A funder granted before undertakings existed signs one first (decision 033), as for a document.
  await assertUndertakingAccepted(db, viewer, { accessRequestId: deal.access_request_id });
  const row = await projects.findProject(db, deal.project_id);
  if (!row) throw notFound(dealMessages.notFound);
  const project = toProjectResponse(row);
  const generatedAt = new Date();
  return {
    fileName: creditSummaryFileName(project.title, generatedAt),
    mimeType: 'application/pdf',
    sizeBytes: null,
    contents: () =>
      makeCreditSummary(ctx, { viewer, deal, borrowerId: row.borrower_id, project, generatedAt }),
  };
}

/** The credit summary made, stamped for a funder, recorded and audited: what a GET sends. */
async function makeCreditSummary(
  ctx: { db: Db; log: FastifyBaseLogger },
  options: {
    viewer: Viewer;
    deal: DealRow;
    borrowerId: string;
    project: ProjectResponse;
    generatedAt: Date;
  },
): Promise<FileContents> {
  const { db } = ctx;
  const { viewer, deal, project, generatedAt } = options;
  const [room, memo, documents, requests, proposals] = await Promise.all([
    readDeal(db, deal.id),
    // The deal room shows its parties the whole file: the memo's comparables from the full view.
    dealMemoFor(db, {
      ...project,
      view: 'full',
      access_status: null,
      access_request_id: null,
      access_until: null,
    }),
    listDealDocuments(db, { viewer, dealId: deal.id }),
    listDocumentRequests(db, { viewer, dealId: deal.id }),
    getDealProposal(db, { viewer, dealId: deal.id }),
  ]);
  const quotes = [proposals.proposal, ...proposals.history].filter((q) => q !== null);
  const accepted = quotes.find((q) => q.status === 'accepted');
  const quote = accepted ?? quotes[0] ?? null;

  const content: CreditSummaryContent = {
    project,
    developer: room.borrower_name,
    funder: nameWithCompany({ name: room.funder_name, company_name: room.funder_company }),
    feasibility: feasibility(feasibilityInputsOf(project)),
    comparables: memo.comparables,
    received: documents.items,
    requested: requests.items.filter((r) => r.status === 'pending'),
    quote: quote && { proposal: quote, isAccepted: quote === accepted, allInCost: quoteCost(quote) },
    generatedAt,
    timeZone: await readerTimeZone(db, viewer.id),
  };
  const bytes = await renderCreditSummary(content);

  return auditedTransaction(db, async (trx) => {
    const { code, ...file } = await openRecordedGeneratedPdf(
      { db: trx, log: ctx.log },
      {
        reader: viewer,
        // Made from the developer's listing: they and admins get it as made, a funder a stamped copy.
        copy: copyFor(viewer, [options.borrowerId], 'application/pdf'),
        kind: 'download',
        document: { creditSummaryDealId: deal.id },
        bytes,
      },
    );
    await recordAudit(trx, {
      actor: { id: viewer.id, name: viewer.name },
      action: 'deal.credit_summary_downloaded',
      targetType: 'deal',
      targetId: deal.id,
      after: { code, quote_id: quote?.id ?? null },
    });
    return file;
  });
}
