/**
 * What every handler shares: the clock and the state store, and the one way to touch
 * the chain: `withChain` first lets the simulated chain catch up with the clock (payment
 * requests move on), then runs the handler's work in the store's queue.
 */
import { advancePayments } from './payments.js';
import type { ChainState } from './state.js';
import type { StateStore } from './store.js';

export interface SandboxContext {
  /** The current time, in milliseconds since the Unix epoch. */
  now(): number;
  store: StateStore;
}

/** Runs `work` on the chain as of now; whatever it changes is persisted, unless it throws. */
export function withChain<T>(context: SandboxContext, work: (state: ChainState, now: number) => T): Promise<T> {
  const now = context.now();
  return context.store.update((state) => {
    advancePayments(state, now);
    return work(state, now);
  });
}
