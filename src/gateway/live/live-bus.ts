/**
 * How replicas share live keys: a lease decides which one polls a key, and what it polls is
 * published to the others, which relay it to their own subscribers. The poll registry (one timer
 * per key) uses a bus and owns no transport; without Redis, `localBus` makes every process the
 * poller of its own keys.
 */

export interface LiveBus {
  /**
   * Takes, or renews, this replica's lease on polling `key` for `ttlMs`. True when this replica
   * polls the key now; false while another holds it. A bus that cannot decide (its store is down)
   * answers true, so each process polls alone rather than nobody polling.
   */
  lease(key: string, ttlMs: number): Promise<boolean>;
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
  lease: () => Promise.resolve(true),
  release: () => Promise.resolve(),
  publish: () => Promise.resolve(),
  listen: () => Promise.resolve(() => Promise.resolve()),
  close: () => Promise.resolve(),
};
