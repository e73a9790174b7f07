/**
 * What every handler shares: the clock and the state store, and the one way to touch
 * the chain: `withChain` first lets the simulated chain catch up with the clock (payment
 * requests move on), then runs the handler's work as one locked read-modify-write of the
 * store (shared with any other process on the same data directory).
 */
import type { JsonFileStore } from '../json-file-store.js';
import { advancePayments } from './payments.js';
import type { ChainState } from './state.js';

export interface SandboxContext {
  /** The current time, in milliseconds since the Unix epoch. */
  now(): number;
  /** The simulated chain, in `<dataDir>/chain-state.json`. */
  store: JsonFileStore<ChainState>;
}

/** Runs `work` on the chain as of now; whatever it changes is persisted, unless it throws. */
export function withChain<T>(context: SandboxContext, work: (state: ChainState, now: number) => T): Promise<T> {
  const now = context.now();
  return context.store.update((state) => {
    advancePayments(state, now);
    return work(state, now);
  });
}
