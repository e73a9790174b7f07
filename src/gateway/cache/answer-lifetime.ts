/**
 * How long one upstream answer stays good, per RFC 9111 as `http-cache-semantics` reads it: for a
 * shared cache (the gateway serves many callers), so `s-maxage` wins over `max-age`, which wins
 * over `Expires` counted from the answer's `Date`; `Age` is subtracted; `no-store` and `no-cache`
 * give nothing. `private` keeps an answer out of every shared cache, but a caller's own browser may
 * still keep it for its `max-age`. Where the vendor states no lifetime (no `max-age`, `s-maxage` or
 * `Expires`), the lifetime its interface declares stands in (the slowly-changing paths'
 * CACHE_TTL_SECONDS, else 0) instead of a heuristic from `Last-Modified`.
 */
import CachePolicy from 'http-cache-semantics';
import { withFields } from '../shared/with-fields.js';

export interface Lifetime {
  /** Milliseconds the answer stays fresh from now; 0 when it may not be reused. */
  ttlMs: number;
  /** Whether a cache shared by several callers (the gateway's, a CDN) may keep it. */
  shared: boolean;
  /** Whether the vendor marked it `private`: only the caller's own agent may keep it. */
  private: boolean;
}

/** The lifetime of an answer nobody may keep. */
export const NOT_STORABLE: Lifetime = Object.freeze({ ttlMs: 0, shared: false, private: false });

/** What the lifetime is read from: the answer's status and lower-case headers, and the request's method. */
export interface AnsweredRequest {
  method: string;
  status: number;
  headers: Readonly<Record<string, string>>;
}

/** What the lifetime needs of a policy. */
interface Policy {
  storable(): boolean;
  /** Fresh time left, in ms; unlike `timeToLive()` without the stale-while-revalidate and stale-if-error grace. */
  freshMs(): number;
}

type PolicyClass = new (answered: AnsweredRequest, shared: boolean) => Policy;

const policyClasses = new WeakMap<() => number, PolicyClass>();

/**
 * CachePolicy on `clock` (tests inject one) instead of Date.now: a class per clock, since the
 * library reads the clock in its own constructor, before a subclass could set a field.
 */
function policyOn(clock: () => number): PolicyClass {
  let made = policyClasses.get(clock);
  if (!made) {
    made = class extends CachePolicy implements Policy {
      constructor(answered: AnsweredRequest, shared: boolean) {
        // The request's own headers are left out: the gateway keys every entry by the credentials
        // sent, so an Authorization header does not make the answer personal as it would for a proxy.
        super(
          { method: answered.method, url: '/', headers: {} },
          { status: answered.status, headers: { ...answered.headers } },
          { shared, cacheHeuristic: 0 },
        );
      }

      /** Read once: the library asks the clock again for the age, which must be the age at receipt. */
      declare private readAt: number | undefined;

      now(): number {
        this.readAt ??= clock();
        return this.readAt;
      }

      freshMs(): number {
        return Math.max(0, Math.round((this.maxAge() - this.age()) * 1000));
      }
    };
    policyClasses.set(clock, made);
  }
  return made;
}

/** Whether the answer states its own lifetime (`max-age`, `s-maxage` or `Expires`). */
function statesLifetime(headers: Readonly<Record<string, string>>): boolean {
  return headers['expires'] !== undefined || /(?:^|[\s,])(?:s-maxage|max-age)\s*=/i.test(headers['cache-control'] ?? '');
}

/**
 * The answer's lifetime now: what its headers allow a shared cache, or the caller's browser when
 * `private`; `declaredMs` (the interface's) where the vendor states no lifetime of its own.
 */
export function answerLifetime(answered: AnsweredRequest, declaredMs: number, now: () => number = Date.now): Lifetime {
  if (answered.status < 200 || answered.status > 299) return NOT_STORABLE;
  const stated = statesLifetime(answered.headers);
  if (!stated && declaredMs <= 0) return NOT_STORABLE;
  // Without a lifetime of its own the answer is read as if it stated the declared one, so its
  // other directives (no-store, no-cache, private) still decide whether it may be kept at all.
  const headers = stated
    ? answered.headers
    : {
        ...answered.headers,
        'cache-control': [answered.headers['cache-control'], `max-age=${Math.ceil(declaredMs / 1000)}`].filter(Boolean).join(', '),
      };
  const Clocked = policyOn(now);
  const shared = new Clocked(withFields(answered, { headers }), true);
  const ttlOf = (policy: Policy): number => (stated ? policy.freshMs() : policy.freshMs() > 0 ? declaredMs : 0);
  if (shared.storable()) return { ttlMs: ttlOf(shared), shared: true, private: false };
  const own = new Clocked(withFields(answered, { headers }), false);
  return own.storable() && /\bprivate\b/i.test(headers['cache-control'] ?? '')
    ? { ttlMs: ttlOf(own), shared: false, private: true }
    : NOT_STORABLE;
}
