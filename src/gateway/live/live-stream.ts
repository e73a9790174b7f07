/**
 * One subscriber's stream of outcomes of one live key: the current outcome at once, then each
 * new one. A subscriber that reads slower than the key changes gets the latest outcome, never a
 * backlog: every event is a whole value. Ending the stream (the client went away, the operation
 * ended, the drain) leaves the key and gives the subscription slot back.
 */
import type { GatewayContext } from '../context.js';
import type { LiveSource } from './live-poller.js';
import { liveSessionOf } from './live-session.js';
import type { LiveOutcome } from './poll-registry.js';

export interface LiveStream extends AsyncIterableIterator<LiveOutcome> {
  /** What the key holds now (the stream's first event). */
  readonly current: LiveOutcome;
  /** Leaves the key and gives the subscription slot back (idempotent). */
  return(): Promise<IteratorResult<LiveOutcome>>;
}

/**
 * Opens a stream of `source` for the request behind `context`: takes a subscription slot, joins
 * (or starts) the key's poll and waits for its current outcome. Throws the limits' errors; the
 * caller closes the stream with `return()` when it refuses it after all.
 */
export async function openLiveStream(context: GatewayContext, source: LiveSource): Promise<LiveStream> {
  const session = liveSessionOf(context);
  const { registry, limits, pollSpec } = session.runtime;
  const spec = pollSpec(source, session.headers);
  const release = limits.acquire(session.connection, session.caller);
  let pending: LiveOutcome | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const subscriber = {
    next(outcome: LiveOutcome) {
      pending = outcome;
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
  };
  let joined: Awaited<ReturnType<typeof registry.subscribe>>;
  try {
    joined = await registry.subscribe(spec, subscriber);
  } catch (error) {
    release();
    throw error;
  }
  let first: LiveOutcome | undefined = joined.current;
  const finish = (): IteratorResult<LiveOutcome> => {
    ended = true;
    wake?.();
    joined.leave();
    release();
    return { done: true, value: undefined };
  };
  const stream: LiveStream = {
    current: joined.current,
    async next() {
      if (first) {
        const value = first;
        first = undefined;
        return { done: false, value };
      }
      while (!pending && !ended) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (ended || !pending) return finish();
      const value = pending;
      pending = undefined;
      session.renew(context);
      return { done: false, value };
    },
    return: () => Promise.resolve(finish()),
    throw: () => Promise.resolve(finish()),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return stream;
}
