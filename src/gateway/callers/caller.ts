/**
 * Who is calling: settled once per request, before parsing (identity.ts), and carried in the
 * context for scopes, limits and quotas. An anonymous caller is known by its address only.
 */
import type { UpstreamName } from '../config.js';
import { ForgetfulMemo } from '../shared/forgetful-memo.js';

/** A static key's own limits, overriding its tier's (read by the limits module). */
export interface CallerLimits {
  /** Requests per minute; 0 is unlimited. */
  ratePerMinute?: number;
  /** Upstream units per UTC day, per interface. */
  dailyQuota?: Partial<Record<UpstreamName, number>>;
}

export interface Caller {
  /** The JWT's `sub`, a static key's id, or `anonymous:<address>` for a caller without credentials. */
  readonly id: string;
  /** What the caller may do (`scope`/`scp` claims, or the key's scopes); empty when anonymous. */
  readonly scopes: ReadonlySet<string>;
  /** The limits class it belongs to (a metric label, so a small fixed set): `anonymous` without credentials. */
  tier: string;
  anonymous: boolean;
  /** Limits set for this caller alone (a static key's `limits`); its tier's apply where absent. */
  limits?: CallerLimits;
}

/** Addresses whose anonymous caller is remembered at most; past it they are forgotten together. */
const ANONYMOUS_REMEMBERED = 4096;
const anonymousByAddress = new ForgetfulMemo<string, Caller>(ANONYMOUS_REMEMBERED);

/**
 * The caller of a request that carried no credentials, known by its address: one frozen object per
 * address, shared by its requests, so what is remembered per caller object (its quota state, its
 * counters' keys, its cache view) serves them all rather than being made anew per request.
 */
export function anonymousCaller(address: string | undefined): Caller {
  const known = address ?? 'unknown';
  return (
    anonymousByAddress.get(known) ??
    anonymousByAddress.remember(
      known,
      Object.freeze({ id: `anonymous:${known}`, scopes: new Set<string>(), tier: 'anonymous', anonymous: true }),
    )
  );
}
