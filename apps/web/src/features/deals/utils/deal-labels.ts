import type { DealStatus } from '@plinth/domain/deals';
import type { ProposalStatus } from '@plinth/domain/proposals';
import { formatDate } from '../../../lib/format';
import type { StatusTone } from '../components/status-badge';

/** The words and colours of the room's statuses (spec 000 section 4's badge colours). */

export const dealStatusLook: Record<DealStatus, { label: string; tone: StatusTone }> = {
  open: { label: 'Open', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
};

export const proposalStatusLook: Record<ProposalStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'error' },
};

const stageLabels: Record<string, string> = {
  approved: 'Approved',
  due_diligence: 'Due Diligence',
  term_sheet: 'Term Sheet',
  funded: 'Funded',
  closed: 'Closed',
};

/** Where the negotiation stands, from the access request's status ('term_sheet' → 'Term Sheet'). */
export const dealStageLabel = (accessStatus: string) =>
  stageLabels[accessStatus] ??
  accessStatus
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** '2.4 MB', '830 KB', '120 B'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The funder as the room names them: their company when known, with their own name. */
export const funderLabel = (deal: { funder_name: string; funder_company: string | null }) =>
  deal.funder_company ? `${deal.funder_name} (${deal.funder_company})` : deal.funder_name;

/** A missing figure reads '—', never 'NaN' or '$0'. */
export const NOT_SET = '—';

/** A calendar day ('2026-03-01') is that day in every zone; an instant is read in the reader's zone. */
export const formatDay = (value: string) => formatDate(value);
