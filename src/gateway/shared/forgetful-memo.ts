/**
 * A memo of at most `capacity` entries that forgets all of them at once when full. Used where a
 * repeated key must cost one Map read on the request path (media types, Accept-Encoding,
 * request texts, anonymous callers, cache keys per viewer): least-recently-used eviction
 * (lru-cache) keeps recency up to date on every read, which is the work these memos exist to save,
 * and keys that recur come back within one refill anyway.
 */
export class ForgetfulMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Remembers `value` under `key`, forgetting everything first when `capacity` entries are held; returns `value`. */
  remember(key: K, value: V): V {
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}
