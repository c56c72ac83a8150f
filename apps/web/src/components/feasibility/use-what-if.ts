import {
  type Feasibility,
  type FeasibilityInputs,
  type FeasibilityProject,
  feasibility,
  feasibilityInputsOf,
} from '@plinth/domain/broker-ai/feasibility';
import { useMemo, useState } from 'react';

export type WhatIfField = keyof FeasibilityInputs;

/** The parts total project cost is made of; changing one re-derives the total (issue 37 item 9). */
export const costParts = ['land', 'constructionCost'] as const satisfies readonly WhatIfField[];

/**
 * Total project cost from its parts: the listing's other costs (its total less its land and
 * construction, never below $0; a part the listing does not give counts as $0) plus the parts as
 * they now stand.
 * Null while the listing gives no total and no part.
 */
export function derivedTotalCost(listing: FeasibilityInputs, parts: Partial<FeasibilityInputs>) {
  const listed = (f: (typeof costParts)[number]) => listing[f] ?? 0;
  // A part cleared (not given) is not a part of $0: the total keeps the listing's figure for it.
  const now = (f: (typeof costParts)[number]) => parts[f] ?? listing[f] ?? 0;
  const listedParts = costParts.reduce((sum, f) => sum + listed(f), 0);
  if (listing.totalCost === null && listedParts === 0) return null;
  const other = Math.max(0, (listing.totalCost ?? listedParts) - listedParts);
  return costParts.reduce((sum, f) => sum + now(f), other);
}

export interface WhatIf {
  /** The listing's own figures. */
  listing: FeasibilityInputs;
  /** The figures the tab shows: the listing's, with any the viewer changed. */
  inputs: FeasibilityInputs;
  result: Feasibility;
  isChanged: boolean;
  change: (field: WhatIfField, value: number | null) => void;
  reset: () => void;
}

/**
 * A 'what if' over a listing's feasibility, held in this page only: nothing is sent to the server.
 * Only the changed figures are kept, so a live refresh of the listing still updates the rest.
 */
export function useWhatIf(project: FeasibilityProject): WhatIf {
  const listing = useMemo(() => feasibilityInputsOf(project), [project]);
  const [changes, setChanges] = useState<Partial<FeasibilityInputs>>({});
  const inputs = useMemo(() => {
    const merged = { ...listing, ...changes };
    // A changed part moves the total with it, unless the viewer typed a total of their own.
    const partChanged = costParts.some((f) => f in changes);
    if (partChanged && !('totalCost' in changes)) merged.totalCost = derivedTotalCost(listing, changes);
    return merged;
  }, [listing, changes]);
  const result = useMemo(() => feasibility(inputs), [inputs]);
  return {
    listing,
    inputs,
    result,
    isChanged: Object.keys(changes).length > 0,
    change: (field, value) =>
      setChanges((current) => {
        const next = { ...current };
        if (value === listing[field]) delete next[field];
        else next[field] = value;
        return next;
      }),
    reset: () => setChanges({}),
  };
}
