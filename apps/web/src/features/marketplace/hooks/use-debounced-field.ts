import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** The spec's filter debounce (spec 000 section 9). */
export const FILTER_DEBOUNCE_MS = 300;

/**
 * A field whose value lives in the address but is typed into: the input follows every keystroke
 * while the address (and the request) follows 300 ms after the last one. A change made elsewhere
 * (a saved search, Clear filters, the back button) replaces what is typed and drops a pending commit.
 */
export function useDebouncedField<T>(value: T, commit: (next: T) => void) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  const debouncedCommit = useDebouncedCallback(commit, FILTER_DEBOUNCE_MS);

  if (!Object.is(value, committed)) {
    // Adjusting state while rendering (React's pattern for props that change under the state).
    setCommitted(value);
    if (!Object.is(value, draft)) {
      debouncedCommit.cancel();
      setDraft(value);
    }
  }

  const change = (next: T) => {
    setDraft(next);
    debouncedCommit(next);
  };

  return [draft, change] as const;
}
