/**
 * How replicas share live keys: a lease decides which one polls a key, and what it polls is
 * published to the others, which relay it to their own subscribers. The poll registry (one timer
 * per key) uses a bus and owns no transport; without Redis, `localBus` makes every process the
 * poller of its own keys.
 */

/**
 * A lease answer: this replica polls the key now, or another does and its lease runs out in
 * `freeInMs` unless renewed (the moment a survivor should ask again to take a dead holder's key over).
 */
export type Lease = { readonly held: true } | { readonly held: false; readonly freeInMs: number };

export const HELD: Lease = { held: true };

export interface LiveBus {
  /**
   * Takes, or renews, this replica's lease on polling `key` for `ttlMs`. A bus that cannot decide
   * (its store is down) answers held, so each process polls alone rather than nobody polling.
   */
  lease(key: string, ttlMs: number): Promise<Lease>;
  /** Gives the lease up (the key has no subscriber left here), so another replica may take it at once. */
  release(key: string): Promise<void>;
  /** Sends one polled value (serialised) to the other replicas' subscribers of `key`. */
  publish(key: string, value: string): Promise<void>;
  /** Calls `onValue` with every value another replica publishes for `key`, until the returned function is called. */
  listen(key: string, onValue: (value: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** One process alone: it holds every lease, and there is nobody to publish to. */
export const localBus: LiveBus = {
  lease: () => Promise.resolve(HELD),
  release: () => Promise.resolve(),
  publish: () => Promise.resolve(),
  listen: () => Promise.resolve(() => Promise.resolve()),
  close: () => Promise.resolve(),
};
