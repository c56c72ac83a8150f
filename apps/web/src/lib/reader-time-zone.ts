import { DEFAULT_TIME_ZONE } from '@plinth/domain/format';
import { readerTimeZoneOf } from '@plinth/domain/time-zone';
import { useSyncExternalStore } from 'react';

/**
 * The zone every date on screen is written in (issue 37 item 13, decision 074): the signed-in
 * person's profile zone, Sydney before sign-in; never the browser's own. Set from GET /auth/me
 * (lib/get-me.ts) and after the profile is saved; read by lib/format.ts.
 */
let current = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

export const getReaderTimeZone = () => current;

export function setReaderTimeZone(zone: string | null | undefined) {
  const next = readerTimeZoneOf(zone);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The reader's zone, re-rendering the caller when it changes. */
export const useReaderTimeZone = () => useSyncExternalStore(subscribe, getReaderTimeZone, getReaderTimeZone);
