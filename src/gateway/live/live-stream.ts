/**
 * One stream of outcomes of one live key, for one shared execution (shared-live.ts) and so for all
 * its subscribers: the current outcome at once, then each new one. A stream read slower than the
 * key changes gets the latest outcome, never a backlog: every event is a whole value. Before each
 * new outcome is handed on, the context it will be executed with is given fresh per-event state.
 * Ending the stream (its last subscriber left, the drain) leaves the key.
 */
import type { GatewayContext } from '../context.js';
import type { LiveSource } from './live-poller.js';
import { liveSessionOf } from './live-session.js';
import type { LiveOutcome } from './poll-registry.js';

export interface LiveStream extends AsyncIterableIterator<LiveOutcome> {
  /** What the key holds now (the stream's first event). */
  readonly current: LiveOutcome;
  /** Leaves the key (idempotent). */
  return(): Promise<IteratorResult<LiveOutcome>>;
}

/**
 * Opens a stream of `source` for the request behind `context`: joins (or starts) the key's poll and
 * waits for its current outcome. Throws LIVE_KEY_LIMIT_EXCEEDED; the caller closes the stream with
 * `return()` when it refuses it after all. Subscription slots are each subscriber's, taken before
 * it joins a shared execution (use-live-events.ts).
 */
export async function openLiveStream(context: GatewayContext, source: LiveSource): Promise<LiveStream> {
  const { runtime, headers } = liveSessionOf(context);
  const { registry, pollSpec } = runtime;
  const spec = pollSpec(source, headers);
  const credentials = runtime.credentials(headers);
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
  const joined = await registry.subscribe(spec, subscriber);
  let first: LiveOutcome | undefined = joined.current;
  const finish = (): IteratorResult<LiveOutcome> => {
    ended = true;
    wake?.();
    joined.leave();
    return { done: true, value: undefined };
  };
  const stream: LiveStream = {
    current: joined.current,
    async next() {
      let value = first;
      first = undefined;
      if (!value) {
        while (!pending && !ended) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        if (ended || !pending) return finish();
        value = pending;
        pending = undefined;
      }
      // The first event too: the subscribe-time context is its opener's (address, quota), and the
      // event is everyone's.
      Object.assign(context, runtime.eventContext(credentials));
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
