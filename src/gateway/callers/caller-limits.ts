/**
 * How much each caller may use: requests per minute and upstream units per UTC day, by tier, with
 * a caller's own limits (`Caller.limits`: a static key's entry in AUTH_API_KEYS_FILE) winning over its tier.
 * Read from the environment once (`readCallerLimits`); the limiters ask `ratePerMinuteOf` and
 * `dailyQuotaOf` per caller, so a tier is never looked up in more than one place. Tier names are
 * identity's (tiers.ts: `anonymous`, `authenticated`, AUTH_TIERS); variables spell them upper-case.
 */
import type { UpstreamName } from '../config.js';
import type { VendorQuota } from '../upstream/vendor-profile.js';
import type { Caller } from './caller.js';

export interface TierLimits {
  /** Requests per minute; 0 is no limit. */
  ratePerMinute: number;
  /** Units per UTC day per upstream; an absent upstream has no quota. */
  dailyQuota: Partial<Record<UpstreamName, number>>;
}

export interface CallerLimitSettings {
  /** What a tier without its own entry gets (RATE_LIMIT_PER_MINUTE, DAILY_QUOTA_<VENDOR>). */
  defaults: TierLimits;
  /** Per tier, by the tier's name as `tierKey` spells it (RATE_LIMIT_PER_MINUTE_<TIER>, DAILY_QUOTA_<VENDOR>_<TIER>). */
  tiers: Readonly<Record<string, Partial<TierLimits>>>;
  /** How each interface counts units (quota-units.ts), as the composition root handed them to `readCallerLimits`. */
  vendors: QuotaDeclarations;
}

/**
 * Each interface's DAILY_QUOTA_<VENDOR> variable and how its calls count, as its folder declares
 * them (`variables.dailyQuota` and `vendor.quota` in interfaces/<name>/interface.ts); the
 * composition root derives the table from the registry (config.ts's `quotaDeclarations`).
 */
export type QuotaDeclarations = Readonly<
  Partial<Record<UpstreamName, { readonly dailyQuota: string; readonly quota?: VendorQuota | undefined }>>
>;

/** The limits when no variable is set: 600 requests a minute per caller, 60 per anonymous address, no daily quota. */
export const DEFAULT_CALLER_LIMITS: CallerLimitSettings = {
  defaults: { ratePerMinute: 600, dailyQuota: {} },
  tiers: { ANONYMOUS: { ratePerMinute: 60 } },
  vendors: {},
};

/** Tier names already spelt, for the limits every request looks up; a deployment has a handful. */
const spelt = new Map<string, string>();
const SPELT_TIERS = 256;

/** A tier's name as environment variables spell it: `partner-eu` → `PARTNER_EU`. */
export function tierKey(tier: string): string {
  let key = spelt.get(tier);
  if (key === undefined) {
    key = tier.toUpperCase().replace(/[^A-Z0-9]/g, '_');
    if (spelt.size < SPELT_TIERS) spelt.set(tier, key);
  }
  return key;
}

/** The caller's requests per minute: its own, else its tier's, else the default; 0 means unlimited. */
export function ratePerMinuteOf(settings: CallerLimitSettings, caller: Caller): number {
  return caller.limits?.ratePerMinute ?? settings.tiers[tierKey(caller.tier)]?.ratePerMinute ?? settings.defaults.ratePerMinute;
}

/** The caller's units per UTC day at `upstream`, resolved as `ratePerMinuteOf`; undefined when unlimited. */
export function dailyQuotaOf(settings: CallerLimitSettings, caller: Caller, upstream: UpstreamName): number | undefined {
  return (
    caller.limits?.dailyQuota?.[upstream] ??
    settings.tiers[tierKey(caller.tier)]?.dailyQuota?.[upstream] ??
    settings.defaults.dailyQuota[upstream]
  );
}

const RATE_VARIABLE = /^RATE_LIMIT_PER_MINUTE(?:_([A-Z0-9_]+))?$/;

function wholeNumber(name: string, raw: string, problems: string[]): number | undefined {
  const value = Number(raw.trim());
  if (raw.trim() !== '' && Number.isInteger(value) && value >= 0) return value;
  problems.push(`${name} must be a whole number of at least 0, got "${raw}"`);
  return undefined;
}

/**
 * RATE_LIMIT_PER_MINUTE[_<TIER>] and each interface's quota variable (`vendors`, e.g.
 * DAILY_QUOTA_ADDRESS)[_<TIER>]; throws one TypeError naming every malformed variable.
 */
export function readCallerLimits(env: Readonly<Record<string, string | undefined>>, vendors: QuotaDeclarations): CallerLimitSettings {
  const upstreamOf = new Map(
    Object.entries(vendors).flatMap(([upstream, declared]) => (declared ? [[declared.dailyQuota, upstream as UpstreamName] as const] : [])),
  );
  const quotaVariable = new RegExp(`^(${[...upstreamOf.keys()].join('|')})(?:_([A-Z0-9_]+))?$`);
  const problems: string[] = [];
  const defaults: TierLimits = { ...DEFAULT_CALLER_LIMITS.defaults, dailyQuota: {} };
  const tiers: Record<string, Partial<TierLimits>> = structuredClone({ ...DEFAULT_CALLER_LIMITS.tiers });
  for (const [name, raw] of Object.entries(env)) {
    if (raw === undefined || raw.trim() === '') continue;
    const rate = RATE_VARIABLE.exec(name);
    const quota = quotaVariable.exec(name);
    if (!rate && !quota) continue;
    const value = wholeNumber(name, raw, problems);
    if (value === undefined) continue;
    if (rate) {
      if (rate[1]) (tiers[rate[1]] ??= {}).ratePerMinute = value;
      else defaults.ratePerMinute = value;
    } else if (quota?.[1]) {
      const upstream = upstreamOf.get(quota[1]);
      if (!upstream) continue;
      const target = quota[2] ? ((tiers[quota[2]] ??= {}).dailyQuota ??= {}) : defaults.dailyQuota;
      target[upstream] = value;
    }
  }
  if (problems.length > 0) throw new TypeError(problems.join('; '));
  return { defaults, tiers, vendors };
}
