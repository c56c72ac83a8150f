import { creditSummaryFileName } from '@plinth/domain/data-room-report';
import type { Deal } from '@plinth/domain/deals';
import { downloadStoredFile } from '../../../lib/stored-file';

/** GET /deals/{id}/credit-summary: the deal's two-page credit summary PDF (a funder's copy is stamped). */
export const creditSummaryUrl = (dealId: string) => `/api/deals/${encodeURIComponent(dealId)}/credit-summary`;

/**
 * Saves the credit summary as a deal document is saved (its authorised URL, the session cookie); a
 * refusal or a dropped connection says 'Download Failed' and answers false.
 */
export const downloadCreditSummary = (deal: Pick<Deal, 'id' | 'project'>) =>
  downloadStoredFile(creditSummaryUrl(deal.id), creditSummaryFileName(deal.project.title, new Date()));
