/**
 * Who is calling: settled once per request, before parsing (identity.ts), and carried in the
 * context for scopes, limits and quotas. An anonymous caller is known by its address only.
 */
import type { UpstreamName } from '../config.js';

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

/** The caller of a request that carried no credentials, known by its address. */
export function anonymousCaller(address: string | undefined): Caller {
  return { id: `anonymous:${address ?? 'unknown'}`, scopes: new Set(), tier: 'anonymous', anonymous: true };
}
