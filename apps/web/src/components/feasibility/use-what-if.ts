import {
  type Feasibility,
  type FeasibilityInputs,
  type FeasibilityProject,
  feasibility,
  feasibilityInputsOf,
} from '@plinth/domain/broker-ai/feasibility';
import { useMemo, useState } from 'react';

export type WhatIfField = keyof FeasibilityInputs;

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
  const inputs = useMemo(() => ({ ...listing, ...changes }), [listing, changes]);
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
