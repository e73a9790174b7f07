/**
 * What one GraphQL request's upstream answers allow of its own answer: the shortest lifetime of
 * every answer it used (a cached one counts with the time it has left), whether every one of them
 * may sit in a shared cache, and whether any was `private`. An answer built from nothing upstream
 * is not cacheable: the recorder only vouches for what it has seen.
 */
import type { Lifetime } from './answer-lifetime.js';

export class FreshnessRecorder {
  private shortestMs = Number.POSITIVE_INFINITY;
  private allShared = true;
  private anyPrivate = false;
  private parts = 0;

  /** One upstream answer the request used, with the lifetime it has left. */
  readonly record = (lifetime: Lifetime): void => {
    this.parts += 1;
    this.shortestMs = Math.min(this.shortestMs, lifetime.ttlMs);
    this.allShared &&= lifetime.shared;
    this.anyPrivate ||= lifetime.private;
  };

  /** The request's answer's lifetime: the shortest of its parts, shared only when all were. */
  lifetime(): Lifetime {
    if (this.parts === 0) return { ttlMs: 0, shared: false, private: false };
    return { ttlMs: this.shortestMs, shared: this.allShared && this.shortestMs > 0, private: this.anyPrivate };
  }
}
