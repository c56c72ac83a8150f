import { z } from 'zod';
import { idParam } from './api-errors';
import { MESSAGE_MAX_LENGTH } from './constants';
import { type AccessStatus, inDealAccessStatuses } from './marketplace';
import { developmentStages, propertyTypes } from './projects';
import { proposalStatuses } from './proposals';
import { documentCopy } from './watermark';

/** Deals and their rooms (spec 000 sections 2-9; DESIGN.md sections 5 and 8). */

export const dealMessages = {
  notFound: 'Deal room not found',
  loadFailedTitle: 'Load Failed',
  loadFailed: 'Failed to load deal room data',
  createFailedTitle: 'Failed to create deal room',
  createFailed: 'Could not create deal room',
  accessNotApproved: 'A deal room can be opened only once the developer has approved your access',
  projectNotLive: 'This project is no longer on the market',
  completeFailedTitle: 'Error',
  completeFailed: 'Failed to complete deal',
  completeNeedsAcceptedProposal: 'A deal can be completed only after a proposal has been accepted',
  alreadyCompleted: 'This deal has already been completed',
  closed: 'This deal has been completed: the room is read-only',
  accessRevoked: 'Access was revoked: the room is read-only',
  completedTitle: 'Deal Completed',
  completed: 'The project is marked funded and has left the market',
  commentRequired: 'Comment cannot be empty',
  commentTooLong: 'Comment must be at most 10000 characters',
  sendFailedTitle: 'Send Failed',
  documentNameRequired: 'Document name is required',
  documentNameTooLong: 'Document name must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  documentRequestNotFound: 'Document request not found',
  ownRequest: 'A document request is fulfilled by the other party, not by its requester',
  requestAlreadyFulfilled: 'This document request has already been fulfilled',
  fulfilWithUpload: 'Fulfil a document request by uploading a file against it',
  shareFailedTitle: 'Share Failed',
  shareFailed: 'Failed to share contact information',
  sharedTitle: 'Contact Shared',
  shareNotAllowed: 'You can share your contact only with the other party of one of your deals',
  contactNotShared: 'Contact details have not been shared with you',
  portfolioLoadFailedTitle: 'Load Failed',
  portfolioLoadFailed: 'Failed to load portfolio data',
  notifyMessageRequired: 'Message cannot be empty',
  /** The selector modal's badge on a deal whose latest quote the developer accepted. */
  quoteAccepted: 'Quote Accepted',
} as const;

export const dealStatuses = ['open', 'completed'] as const;
export type DealStatus = (typeof dealStatuses)[number];

/**
 * Issue 37 item 4 (decision 059): the one definition of an active deal, used by every count and
 * list: a deal room that is open (not completed) whose access request is still granted and not yet
 * funded (approved, due diligence or term sheet). A revoked or lapsed funder's room stays open as a
 * read-only record, but it is not an active deal; a completed (funded) one is history.
 */
export const activeDealAccessStatuses = inDealAccessStatuses;
export const isActiveDeal = (deal: { deal_status: DealStatus | null; access_status: AccessStatus | null }) =>
  deal.deal_status === 'open' &&
  (activeDealAccessStatuses as readonly string[]).includes(deal.access_status ?? '');

export const dealIdParams = z.object({ id: idParam() });
export const dealDocumentParams = z.object({
  id: idParam(),
  docId: idParam(),
});
export const documentRequestIdParams = z.object({
  id: idParam(),
});

// ---------------------------------------------------------------------------------------------
// The access request's path through a deal (spec 000 section 4; DESIGN.md section 5)

/**
 * What a deal does to its access request: opening the room moves approved → due_diligence,
 * accepting a proposal due_diligence → term_sheet, completing the deal term_sheet → funded.
 * Each step is allowed only from the status before it.
 */
export const dealAccessTransitions = {
  engage: { from: 'approved', to: 'due_diligence' },
  acceptProposal: { from: 'due_diligence', to: 'term_sheet' },
  complete: { from: 'term_sheet', to: 'funded' },
} as const satisfies Record<string, { from: AccessStatus; to: AccessStatus }>;

/**
 * Why a deal may not be completed now, or null when it may (spec 000 section 4; DESIGN.md section 5).
 * The developer completes an open deal once a proposal is accepted, which has moved its access
 * request to term_sheet; an admin may force an open deal to completion at any stage.
 */
export function dealCompletionRefusal(
  deal: { status: DealStatus; access_status: AccessStatus },
  options: { hasAcceptedProposal: boolean; isForced: boolean },
): string | null {
  if (deal.status === 'completed') return dealMessages.alreadyCompleted;
  // Not even an admin completes a deal whose funder no longer has access (issue 19 item 5).
  if (deal.access_status === 'revoked') return dealMessages.accessRevoked;
  if (options.isForced) return null;
  if (!options.hasAcceptedProposal || deal.access_status !== dealAccessTransitions.complete.from)
    return dealMessages.completeNeedsAcceptedProposal;
  return null;
}

/**
 * What the funder's opportunity card offers (spec 000 section 2, Funder opportunity card): approved
 * access without a deal → View Details and Engage; a deal (its id known, or the access request
 * already past approved, which only a deal moves it to) → Deal Room; pending → a disabled
 * 'Request Pending'; anything else → View Preview and Request Access.
 */
export type OpportunityState = 'engage' | 'deal_room' | 'pending' | 'request';
export function opportunityStateOf(p: {
  access_status: AccessStatus | null;
  deal_id?: string | null;
}): OpportunityState {
  if (p.deal_id) return 'deal_room';
  switch (p.access_status) {
    case 'approved':
      return 'engage';
    case 'due_diligence':
    case 'term_sheet':
    case 'funded':
      return 'deal_room';
    case 'pending':
      return 'pending';
    default:
      return 'request';
  }
}

/** Who may act in a room: its two parties. Admins read it (and force completion) but never act as a party. */
export type DealParty = 'borrower' | 'funder';
export const dealPartyOf = (
  viewerId: string,
  deal: { borrower_id: string; funder_id: string },
): DealParty | null =>
  viewerId === deal.borrower_id ? 'borrower' : viewerId === deal.funder_id ? 'funder' : null;

/** A document request is fulfilled by the party that did not make it. */
export const mayFulfilDocumentRequest = (viewerId: string, request: { requester_id: string | null }) =>
  request.requester_id !== viewerId;

// ---------------------------------------------------------------------------------------------
// API shapes

/**
 * A deal as its parties (and admins) see it: where its room is (/project/{project_id}/deal/{id}),
 * both parties, and the project's figures for the Overview tab.
 */
export const deal = z.object({
  id: z.string(),
  project_id: z.string(),
  access_request_id: z.string(),
  status: z.enum(dealStatuses),
  /** The latest proposal's status (null before the first quote). */
  proposal_status: z.enum(proposalStatuses).nullable(),
  access_status: z.string(),
  borrower_id: z.string(),
  borrower_name: z.string(),
  /** Null to the funder until the developer shares their contact (decision 042). */
  borrower_email: z.string().nullable(),
  funder_id: z.string(),
  funder_name: z.string(),
  funder_email: z.string(),
  funder_company: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /**
   * Set once the funder's access was revoked or lapsed (issue 19 item 5): the room stays readable to
   * the developer and admins, read-only, with its history; the funder no longer finds it (404).
   */
  access_revoked: z
    .object({ revoked_at: z.string(), reason: z.string(), by_admin: z.boolean(), lapsed: z.boolean() })
    .nullable(),
  /** When the funder's granted access ends (issue 37 item 2), an ISO instant, or null for no end. */
  access_until: z.string().nullable(),
  /** Whether the developer (borrower) and the funder have each shared their contact with the other. */
  contact_shared: z.object({ borrower: z.boolean(), funder: z.boolean() }),
  project: z.object({
    title: z.string(),
    suburb: z.string().nullable(),
    state: z.string().nullable(),
    property_type: z.enum(propertyTypes),
    development_stage: z.enum(developmentStages),
    loan_amount: z.number(),
    interest_rate: z.number().nullable(),
    loan_term: z.number().nullable(),
    total_project_cost: z.number().nullable(),
    construction_cost: z.number().nullable(),
    equity_contribution: z.number().nullable(),
    land_value: z.number().nullable(),
    expected_gdc: z.number().nullable(),
    expected_profit: z.number().nullable(),
    funded_at: z.string().nullable(),
  }),
});
export type Deal = z.infer<typeof deal>;

/** Where a deal's room is: the target of /deals/{id} (a notification tap). */
export const dealRoomPath = (d: { id: string; project_id: string }) =>
  `/project/${encodeURIComponent(d.project_id)}/deal/${encodeURIComponent(d.id)}`;

/** POST /deals: open the room for an approved access request (a second call answers the same deal). */
export const createDealBody = z.strictObject({
  project_id: z.uuid({ error: 'Project not found' }),
  access_request_id: z.uuid({ error: 'Access request not found' }),
});
export const createDealResponse = z.object({ deal_id: z.string(), created: z.boolean() });

/** GET /projects/{id}/deals: the project's deals for its developer (and admins). */
export const projectDealSummary = z.object({
  id: z.string(),
  funder_id: z.string(),
  funder_name: z.string(),
  funder_email: z.string(),
  funder_company: z.string().nullable(),
  status: z.enum(dealStatuses),
  proposal_status: z.enum(proposalStatuses).nullable(),
  created_at: z.string(),
});
export type ProjectDealSummary = z.infer<typeof projectDealSummary>;
export const projectDealsResponse = z.object({ items: z.array(projectDealSummary) });

/** Comments: a thread per deal, oldest first (newest last). */
export const createCommentBody = z.strictObject({
  comment: z
    .string({ error: dealMessages.commentRequired })
    .trim()
    .min(1, dealMessages.commentRequired)
    .max(10_000, dealMessages.commentTooLong),
});
export const dealComment = z.object({
  id: z.string(),
  deal_id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string(),
  comment: z.string(),
  created_at: z.string(),
});
export type DealComment = z.infer<typeof dealComment>;
export const dealCommentsResponse = z.object({ items: z.array(dealComment) });

/** Document requests: a named document one party asks the other for. */
export const documentRequestStatuses = ['pending', 'fulfilled'] as const;
export const createDocumentRequestBody = z.strictObject({
  document_name: z
    .string({ error: dealMessages.documentNameRequired })
    .trim()
    .min(1, dealMessages.documentNameRequired)
    .max(200, dealMessages.documentNameTooLong),
  description: z
    .string()
    .max(2000, dealMessages.descriptionTooLong)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export const documentRequest = z.object({
  id: z.string(),
  deal_id: z.string(),
  document_name: z.string(),
  description: z.string().nullable(),
  status: z.enum(documentRequestStatuses),
  requester_id: z.string().nullable(),
  requester_name: z.string(),
  requested_at: z.string(),
  fulfilled_at: z.string().nullable(),
});
export type DocumentRequest = z.infer<typeof documentRequest>;
export const documentRequestsResponse = z.object({ items: z.array(documentRequest) });

/** Who has looked at a document: the data-room insight its uploader's side sees. */
export const documentViewSummary = z.object({
  viewer_name: z.string(),
  company_name: z.string().nullable(),
  views: z.number(),
  downloads: z.number(),
  last_viewed_at: z.string(),
});
export type DocumentViewSummary = z.infer<typeof documentViewSummary>;

export const dealDocument = z.object({
  id: z.string(),
  deal_id: z.string(),
  document_request_id: z.string().nullable(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  uploader_id: z.string().nullable(),
  uploader_name: z.string(),
  uploaded_at: z.string(),
  /** Which copy the caller gets: original, stamped with their name, or an office file unchanged. */
  watermark: documentCopy,
  /** Present for the uploader's side and admins only. */
  viewed_by: z.array(documentViewSummary).optional(),
});
export type DealDocument = z.infer<typeof dealDocument>;
export const dealDocumentsResponse = z.object({ items: z.array(dealDocument) });

/** POST /deals/{id}/notifications: a nudge to the other party (in-app, and e-mail by preference). */
export const dealNotificationBody = z.strictObject({
  message: z
    .string({ error: dealMessages.notifyMessageRequired })
    .trim()
    .min(1, dealMessages.notifyMessageRequired)
    .max(MESSAGE_MAX_LENGTH),
});

export const dealNotificationResponse = z.object({ sent: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Contact sharing (spec 000 sections 2 and 7)

export const shareContactBody = z.strictObject({
  user_id: z.string().min(1).max(64),
  target_user_id: z.string().min(1).max(64),
});
/** Sharing is a standing permission: sharing again changes nothing and answers the same. */
export const shareContactResponse = z.object({ shared: z.literal(true), target_user_id: z.string() });
export const contactResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  linkedin: z.string().nullable(),
});
export type ContactResponse = z.infer<typeof contactResponse>;

// ---------------------------------------------------------------------------------------------
// Portfolio (funder; spec 000 sections 2 and 9)

/** The spec's fixed average return: total returns = funded amount x 12.5 %. */
export const PORTFOLIO_AVERAGE_RETURN = 0.125;
export const portfolioStatuses = ['approved', 'due_diligence', 'term_sheet', 'funded'] as const;
export type PortfolioStatus = (typeof portfolioStatuses)[number];
/** How the portfolio names its groups ('due_diligence' → 'Due Diligence'). */
export const portfolioStatusLabels: Record<PortfolioStatus, string> = {
  approved: 'Approved',
  due_diligence: 'Due Diligence',
  term_sheet: 'Term Sheet',
  funded: 'Funded',
};

export const portfolioItem = z.object({
  access_request_id: z.string(),
  status: z.enum(portfolioStatuses),
  project_id: z.string(),
  project_title: z.string(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  loan_amount: z.number(),
  deal_id: z.string().nullable(),
  deal_status: z.enum(dealStatuses).nullable(),
  /** The accepted proposal's loan amount once there is one, else null. */
  agreed_amount: z.number().nullable(),
  updated_at: z.string(),
});
export type PortfolioItem = z.infer<typeof portfolioItem>;
export const portfolioResponse = z.object({
  items: z.array(portfolioItem),
  totals: z.object({
    deals: z.number(),
    /** Open deal rooms with access still granted (`isActiveDeal`), the dashboard's ACTIVE DEALS. */
    active_deals: z.number(),
    funded_count: z.number(),
    funded_amount: z.number(),
    total_returns: z.number(),
    average_return_percent: z.number(),
  }),
});
export type PortfolioResponse = z.infer<typeof portfolioResponse>;

/** The portfolio's totals: the funded amount (agreed where a quote was accepted) and 12.5 % of it. */
export function portfolioTotals(
  items: readonly Pick<PortfolioItem, 'status' | 'loan_amount' | 'agreed_amount' | 'deal_status'>[],
) {
  const funded = items.filter((i) => i.status === 'funded');
  const active = items.filter((i) => isActiveDeal({ deal_status: i.deal_status, access_status: i.status }));
  const fundedAmount = funded.reduce((sum, i) => sum + (i.agreed_amount ?? i.loan_amount), 0);
  return {
    deals: items.length,
    active_deals: active.length,
    funded_count: funded.length,
    funded_amount: fundedAmount,
    total_returns: Math.round(fundedAmount * PORTFOLIO_AVERAGE_RETURN),
    average_return_percent: PORTFOLIO_AVERAGE_RETURN * 100,
  };
}

/** Admin: force-complete a deal is an override like the others: the same body, a mandatory reason. */
export { overrideBody as forceCompleteDealBody } from './admin';
export const forceCompleteDealParams = z.object({ dealId: idParam() });
