/**
 * Loan administration's cache keys: everything sits under ['facilities'], so one invalidation of
 * that prefix (a 'facility' live event, a resync) refreshes every open portfolio, facility and draw.
 */
export const facilityQueryKeys = {
  all: ['facilities'] as const,
  list: () => ['facilities', 'list'] as const,
  acceptedQuote: (dealId: string) => ['facilities', 'accepted-quote', dealId] as const,
  facility: (id: string) => ['facilities', 'facility', id] as const,
  inBalance: (id: string) => ['facilities', 'facility', id, 'in-balance'] as const,
  budget: (id: string) => ['facilities', 'facility', id, 'budget'] as const,
  parties: (id: string) => ['facilities', 'facility', id, 'parties'] as const,
  draws: (id: string) => ['facilities', 'facility', id, 'draws'] as const,
  equity: (id: string) => ['facilities', 'facility', id, 'equity'] as const,
  draw: (drawId: string) => ['facilities', 'draw', drawId] as const,
  comments: (drawId: string) => ['facilities', 'draw', drawId, 'comments'] as const,
};
