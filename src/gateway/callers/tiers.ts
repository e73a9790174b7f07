/**
 * Tiers name a caller's limits class and label its metrics, so they are a small fixed set: an
 * identity provider's or a key file's value outside it must not mint a new time series per value.
 */

/** The tier of every caller with valid credentials whose own tier is absent or unknown. */
export const AUTHENTICATED_TIER = 'authenticated';

/** The tier of a caller without credentials (see `anonymousCaller`); never granted by a credential. */
export const ANONYMOUS_TIER = 'anonymous';

/** AUTH_TIERS' default: the tiers a token claim or a key entry may name besides `authenticated`. */
export const DEFAULT_TIERS: readonly string[] = ['partner', 'internal'];

/** What a tier may be called: it is a metric label and a log field. */
export const TIER_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** The tier a credential's claimed `value` stands for: itself when it is one of `tiers`, else `authenticated`. */
export function tierOf(value: unknown, tiers: ReadonlySet<string>): string {
  return typeof value === 'string' && tiers.has(value) ? value : AUTHENTICATED_TIER;
}

/** Parses AUTH_TIERS (comma-separated names); `authenticated` is always included, `anonymous` never. */
export function parseTiers(raw: string | undefined): ReadonlySet<string> {
  const names =
    raw === undefined
      ? DEFAULT_TIERS
      : raw
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
  const bad = names.filter((name) => !TIER_NAME.test(name) || name === ANONYMOUS_TIER);
  if (bad.length > 0) {
    throw new TypeError(
      `AUTH_TIERS must be comma-separated lower-case names (not "anonymous"), such as partner,internal; got ${bad.map((name) => `"${name}"`).join(', ')}`,
    );
  }
  return new Set([AUTHENTICATED_TIER, ...names]);
}
