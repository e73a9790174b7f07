/**
 * A store of strings with a time to live, shared by whatever reads it: in this process by default,
 * or a Redis that every replica reaches (redis-store.ts). The upstream response cache and the
 * automatic persisted queries keep their entries here. A store never fails its caller: when it
 * cannot answer, a read is a miss and a write is dropped, so an outage costs speed, not answers.
 */
export interface SharedStore {
  /** The value under `key`, or undefined when absent, expired or the store cannot answer. */
  get(key: string): Promise<string | undefined>;
  /** Keeps `value` under `key` for `ttlMs`; best effort. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Releases connections; the store answers misses afterwards. */
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** Bounded and in this process only: the oldest entries go first when it is full. */
export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Promise<string | undefined> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) this.entries.delete(key);
    return Promise.resolve(entry && entry.expiresAt > this.now() ? entry.value : undefined);
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    this.entries.delete(key);
    if (ttlMs > 0) this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }
}
