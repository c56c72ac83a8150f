/**
 * Cache keys of the facility after the close (issue 34): all under the facility's own key, so the
 * 'facility' live event (which invalidates ['facilities']) refreshes them with the rest.
 */
export const lifeQueryKeys = {
  variations: (id: string) => ['facilities', 'facility', id, 'variations'] as const,
  reallocations: (id: string) => ['facilities', 'facility', id, 'reallocations'] as const,
  presales: (id: string, cursor: string | null) =>
    ['facilities', 'facility', id, 'presales', cursor] as const,
  presaleCover: (id: string) => ['facilities', 'facility', id, 'presale-cover'] as const,
  settlements: (id: string) => ['facilities', 'facility', id, 'settlements'] as const,
  retention: (id: string) => ['facilities', 'facility', id, 'retention'] as const,
  covenants: (id: string) => ['facilities', 'facility', id, 'covenants'] as const,
  covenantHistory: (id: string) => ['facilities', 'facility', id, 'covenant-history'] as const,
  reports: (id: string) => ['facilities', 'facility', id, 'reports'] as const,
  presaleSettings: (id: string) => ['facilities', 'facility', id, 'presale-settings'] as const,
  variationSettings: (id: string) => ['facilities', 'facility', id, 'variation-settings'] as const,
  dealDocuments: (id: string) => ['facilities', 'facility', id, 'deal-documents'] as const,
};
