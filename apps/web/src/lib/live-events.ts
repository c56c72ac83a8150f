import { type LiveEvent, liveEvent } from '@plinth/domain/events';
import { useEffect, useEffectEvent } from 'react';

/**
 * What a subscriber hears: a live event from GET /api/events, or `resync` when events may have
 * been missed (the stream came back after being down, or the fallback poll while it is down).
 * Either way the subscriber refetches what it shows: events name what changed, never the data.
 */
export type LiveSignal = LiveEvent | { type: 'resync' };
export type LiveListener = (signal: LiveSignal) => void;

/** While the stream is down, subscribers are told to refetch this often. */
export const LIVE_FALLBACK_POLL_MS = 60_000;
// The browser retries a dropped stream by itself; a refused one (401, 5xx, wrong content type)
// it gives up on, so we reopen it ourselves with a growing delay.
const REOPEN_DELAYS_MS = [3_000, 6_000, 15_000, 30_000, 60_000];

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;
let isDown = false;
let failedOpens = 0;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let pollTimer: ReturnType<typeof setInterval> | undefined;

function emit(signal: LiveSignal) {
  for (const listener of [...listeners]) {
    try {
      listener(signal);
    } catch (error) {
      console.error('live event listener failed', error);
    }
  }
}

function markDown() {
  if (isDown) return;
  isDown = true;
  pollTimer = setInterval(() => emit({ type: 'resync' }), LIVE_FALLBACK_POLL_MS);
}

function markUp() {
  failedOpens = 0;
  if (!isDown) return;
  isDown = false;
  clearInterval(pollTimer);
  pollTimer = undefined;
  // Whatever happened while the stream was down was not pushed.
  emit({ type: 'resync' });
}

function open() {
  clearTimeout(reopenTimer);
  reopenTimer = undefined;
  const stream = new EventSource('/api/events');
  source = stream;
  stream.onopen = markUp;
  stream.onmessage = (message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    // Events this build does not know (a newer server) are ignored rather than misread.
    const parsed = liveEvent.safeParse(data);
    if (parsed.success) emit(parsed.data);
  };
  stream.onerror = () => {
    markDown();
    if (stream.readyState !== EventSource.CLOSED) return; // the browser is reconnecting
    stream.close();
    if (source !== stream) return;
    source = null;
    const delay = REOPEN_DELAYS_MS[Math.min(failedOpens, REOPEN_DELAYS_MS.length - 1)]!;
    failedOpens += 1;
    reopenTimer = setTimeout(open, delay);
  };
}

function shutDown() {
  source?.close();
  source = null;
  clearTimeout(reopenTimer);
  clearInterval(pollTimer);
  reopenTimer = undefined;
  pollTimer = undefined;
  isDown = false;
  failedOpens = 0;
}

/**
 * Listens to the signed-in user's live events. The tab holds one stream however many parts of the
 * page listen; it opens with the first subscriber and closes with the last (so signing out, which
 * unmounts the signed-in shell, ends it). Returns the unsubscribe function.
 */
export function subscribeLiveEvents(listener: LiveListener): () => void {
  listeners.add(listener);
  if (!source && reopenTimer === undefined) {
    // Without EventSource (very old browsers) the fallback poll is all there is.
    if (typeof EventSource === 'undefined') markDown();
    else open();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) shutDown();
  };
}

/** `subscribeLiveEvents` for a component's lifetime; the latest `listener` is always the one called. */
export function useLiveEvents(listener: LiveListener) {
  const onSignal = useEffectEvent(listener);
  useEffect(() => subscribeLiveEvents((signal) => onSignal(signal)), []);
}
