/**
 * The deal room's cache keys: everything about one deal sits under ['deals', id], so one
 * invalidation of that prefix refreshes the whole room (a live event, a completed deal).
 */
export const dealQueryKeys = {
  deal: (dealId: string) => ['deals', dealId] as const,
  documents: (dealId: string) => ['deals', dealId, 'documents'] as const,
  documentRequests: (dealId: string) => ['deals', dealId, 'document-requests'] as const,
  comments: (dealId: string) => ['deals', dealId, 'comments'] as const,
  proposal: (dealId: string) => ['deals', dealId, 'proposal'] as const,
  contact: (dealId: string, userId: string) => ['deals', dealId, 'contact', userId] as const,
};
