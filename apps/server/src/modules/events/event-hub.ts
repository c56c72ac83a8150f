import type { LiveEvent } from '@plinth/domain/events';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Unlisten } from '../../db/database';
import { LIVE_EVENTS_CHANNEL, liveEnvelope } from './events.service';

/** One open event stream of one user. */
export interface LiveSubscriber {
  send(event: LiveEvent): void;
}

/**
 * The process's side of live events: one LISTEN connection per process, fanning each committed
 * event out to the open streams of the users it names. Users with no stream here are skipped;
 * another process may hold theirs.
 */
export interface EventHub {
  start(): Promise<void>;
  /** Adds a stream for `userId`; returns the function that removes it. */
  subscribe(userId: string, subscriber: LiveSubscriber): () => void;
  /** Open streams in this process. */
  readonly streamCount: number;
  stop(): Promise<void>;
}

export function createEventHub(options: {
  listen: DatabaseHandle['listen'];
  log: FastifyBaseLogger;
}): EventHub {
  const { listen, log } = options;
  const streams = new Map<string, Set<LiveSubscriber>>();
  let unlisten: Unlisten | null = null;
  let streamCount = 0;

  const deliver = (payload: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      log.warn({ payload }, 'live event: payload is not JSON');
      return;
    }
    const envelope = liveEnvelope.safeParse(parsed);
    if (!envelope.success) {
      // Another version of the server may publish events this one does not know: skip them.
      log.warn({ payload }, 'live event: unknown shape');
      return;
    }
    for (const userId of envelope.data.user_ids) {
      for (const subscriber of streams.get(userId) ?? []) {
        try {
          subscriber.send(envelope.data.event);
        } catch (error) {
          log.warn({ err: error }, 'live event: a stream refused a write');
        }
      }
    }
  };

  return {
    async start() {
      if (unlisten) return;
      unlisten = await listen(LIVE_EVENTS_CHANNEL, deliver, {
        onError: (error) => log.warn({ err: error }, 'live events: LISTEN connection lost, reconnecting'),
        onReconnect: () => log.info('live events: listening again'),
      });
    },
    subscribe(userId, subscriber) {
      let own = streams.get(userId);
      if (!own) {
        own = new Set();
        streams.set(userId, own);
      }
      own.add(subscriber);
      streamCount++;
      let isSubscribed = true;
      return () => {
        if (!isSubscribed) return;
        isSubscribed = false;
        streamCount--;
        own.delete(subscriber);
        if (own.size === 0 && streams.get(userId) === own) streams.delete(userId);
      };
    },
    get streamCount() {
      return streamCount;
    },
    async stop() {
      const current = unlisten;
      unlisten = null;
      streams.clear();
      streamCount = 0;
      await current?.();
    },
  };
}
