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
 * Total project cost from its parts: the listing's total moved by what each part (land,
 * construction) changed by, so the listing's other costs stay as they were. A listing whose parts add
 * up to more than its total (a land value above what the land cost) is not jumped to its parts. A
 * part cleared (not given) changes nothing; without a listed total the parts as they stand are it.
 */
export function derivedTotalCost(listing: FeasibilityInputs, parts: Partial<FeasibilityInputs>) {
  const now = (f: (typeof costParts)[number]) => parts[f] ?? listing[f];
  if (listing.totalCost === null) {
    const given = costParts.map(now).filter((v): v is number => v !== null);
    return given.length === 0 ? null : given.reduce((sum, v) => sum + v, 0);
  }
  return costParts.reduce((total, f) => total + ((now(f) ?? 0) - (listing[f] ?? 0)), listing.totalCost);
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
