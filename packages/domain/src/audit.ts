/**
 * The audit log's vocabulary: every action key the server writes and every kind of target, with
 * the words the admin reads in the override history. The server's recordAudit accepts only these
 * keys, so a new action cannot be written without its label here.
 */

export const auditActionLabels = {
  'project.created': 'Project created',
  'project.resubmitted': 'Project resubmitted for review',
  'project.approved': 'Project approved and published',
  'project.reapproved': 'Project re-approved and published',
  'project.denied': 'Project denied',
  'project.payment_failed': 'Listing payment marked as failed',
  'project.force_published': 'Project force published',
  'project.reverted_to_draft': 'Project returned to draft',
  'project.rejected': 'Project rejected',
  'project.status_changed': 'Project status changed',
  'project.deleted': 'Project deleted',
  'document.uploaded': 'Document uploaded',
  'document.deleted': 'Document deleted',
  'document.view_only_changed': 'Document view-only setting changed',
  'access_request.created': 'Access requested',
  'access_request.approved': 'Access request approved',
  'access_request.declined': 'Access request declined',
  'access_request.due_diligence': 'Access moved to due diligence (deal room opened)',
  'access_request.funded': 'Access moved to funded (deal completed)',
  'access_request.revoked': 'Access revoked',
  'access_request.expired': 'Access lapsed (access period ended)',
  'deal.created': 'Deal room opened',
  'deal.completed': 'Deal completed',
  'deal.force_completed': 'Deal force completed',
  'project.funded': 'Project funded and taken off the market',
  'contact.shared': 'Contact details shared',
  'access_request.term_sheet': 'Access moved to term sheet',
  'proposal.submitted': 'Indicative quote submitted',
  'proposal.accepted': 'Indicative quote accepted',
  'proposal.declined': 'Indicative quote declined',
  'deal_document.uploaded': 'Deal document uploaded',
  'document_request.created': 'Document requested',
  'document_request.fulfilled': 'Document request fulfilled',
  'user.approved': 'User approved',
  'funder.force_approved': 'Funder force approved',
  'subscription.approved': 'Subscription approved',
  'subscription.denied': 'Subscription denied',
  'subscription.payment_failed': 'Subscription payment marked as failed',
  'subscription.payment_succeeded': 'Subscription payment received',
  'subscription.renewed': 'Subscription renewed',
  'subscription.cancelled': 'Subscription cancelled',
  'subscription.resumed': 'Subscription resumed',
  'subscription.ended': 'Subscription ended',
  'subscription.expired': 'Subscription expired',
  'payment.succeeded': 'Listing payment received',
  'payment.not_applied': 'Payment recorded, project unchanged',
  'account.deleted': 'Account deleted by its owner',
  'payment.synced': 'Payment synced with the provider',
  'user.viewed_as': 'Viewed as user',
  'user.system_message_sent': 'System message sent',
  'setting.updated': 'System setting updated',
  'platform.exported': 'All platform data exported',
  'access_request.undertaking_accepted': 'Confidentiality undertaking accepted',
  'undertaking.updated': 'Confidentiality undertaking updated (new version)',
  'funder_criteria.updated': 'Lending criteria saved',
  'funder_criteria.alerts_updated': 'Listing alert e-mails changed',
  'funder_criteria.confirmed': 'Lending criteria confirmed as accurate',
  'deal.credit_summary_downloaded': 'Credit summary downloaded',
  // Loan administration (issue 33).
  'facility.created': 'Facility set up',
  'facility.activated': 'Facility activated',
  'facility.party_added': 'Party added to a facility',
  'facility.party_invited': 'Party invited to a facility',
  'facility.budget_saved': 'Budget draft saved',
  'facility.budget_approved': 'Budget approved',
  'facility.equity_received': 'Equity received',
  'draw.created': 'Draw drafted',
  'draw.updated': 'Draw edited',
  'draw.submitted': 'Draw submitted',
  'draw.certified': 'Draw certified',
  'draw.approved': 'Draw approved',
  'draw.returned': 'Draw returned',
  'draw.rejected': 'Draw rejected',
  'draw.funded': 'Draw funded',
  'draw.cancelled': 'Draw cancelled',
  // Variations, reallocations and retention (issue 34; decision 061).
  'variation.proposed': 'Variation proposed',
  'variation.moved': 'Variation assessed, approved, consented to, rejected or withdrawn',
  'variation.incorporated': 'Variation incorporated in the budget',
  'reallocation.proposed': 'Budget reallocation proposed',
  'reallocation.decided': 'Budget reallocation decided',
  'facility.practical_completion': 'Practical completion recorded',
  'facility.retention_released': 'Retention released to the builder',
  'facility.variation_settings_changed': 'Variation and retention settings changed',
  // Presales and settlements (issue 34; decision 062).
  'presale.created': 'Presale added to the register',
  'presale.imported': 'Presales imported to the register',
  'presale.removed': 'Presale removed from the register',
  'presale.settings_changed': 'Presale qualification settings changed',
  'presale.settled': 'Presale settled (lot discharged)',
  'facility.repaid': 'Facility repaid',
  // Covenants and default (issue 34; decision 067).
  'facility.covenants_set': 'Covenants set',
  'facility.valuation_recorded': 'Valuation recorded',
  'facility.default_declared': 'Event of default declared',
  'facility.default_cured': 'Event of default cured',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

export const auditTargetTypeLabels = {
  project: 'Project',
  user: 'Person',
  subscription: 'Subscription',
  access_request: 'Access request',
  payment: 'Payment',
  deal: 'Deal',
  proposal: 'Proposal',
  setting: 'System setting',
  platform: 'Platform',
  undertaking: 'Confidentiality undertaking',
  facility: 'Facility',
  draw: 'Draw',
} as const satisfies Record<string, string>;

export type AuditTargetType = keyof typeof auditTargetTypeLabels;

const isKeyOf = <T extends object>(map: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(map, key);

/** Words for a key that is no longer written (older rows): 'deal.force_completed' → 'Deal force completed'. */
const humanise = (key: string) => {
  const words = key.replace(/[._]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
};

/** The override history's Action column: the label of a key, never the raw key. */
export const auditActionLabel = (action: string): string =>
  isKeyOf(auditActionLabels, action) ? auditActionLabels[action] : humanise(action);

/** The override history's Target column: what kind of thing the entry is about. */
export const auditTargetTypeLabel = (targetType: string): string =>
  isKeyOf(auditTargetTypeLabels, targetType) ? auditTargetTypeLabels[targetType] : humanise(targetType);
