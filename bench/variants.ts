/**
 * The variants of this gateway the feature-cost benches run (`npm run bench:instructions`,
 * `npm run bench:paired`): each profile of `npm run bench`, the production profile with one of
 * its features left out, and development with one added, by the variables that make the
 * difference.
 */
import { GATEWAYS, type Gateway } from './gateways.js';
import type { ProductionServices } from './production.js';

export interface Variant {
  profile: 'development' | 'production';
  cached: boolean;
  /** How it differs from its profile, as the table says it; absent for the profile itself. */
  differs?: string;
  /** Variables over the profile's, which make that difference. */
  env?: (production: ProductionServices) => Record<string, string>;
  /** Whether its requests carry the production profile's bearer token: in the production profile unless said otherwise. */
  token?: boolean;
}

/** The variables that turn tracing off: the gateway reads an empty variable as unset. */
const NO_TRACING = { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_TRACES_SAMPLER: '', OTEL_TRACES_SAMPLER_ARG: '' };
const NO_QUOTAS = { DAILY_QUOTA_CRYPTO: '', DAILY_QUOTA_BLOCKCHAIN: '', DAILY_QUOTA_ADDRESS: '', DAILY_QUOTA_COUNTRY: '' };
/** The production profile's rate limits (generous: counted, never refusing), on in development. */
const RATE_LIMITS = (production: ProductionServices): Record<string, string> => ({
  RATE_LIMIT_PER_MINUTE: production.env.RATE_LIMIT_PER_MINUTE ?? '',
  RATE_LIMIT_PER_MINUTE_ANONYMOUS: production.env.RATE_LIMIT_PER_MINUTE_ANONYMOUS ?? '',
});
/** The production profile's JWT settings, on in development. */
const JWT = (production: ProductionServices): Record<string, string> => ({
  AUTH_JWKS_URL: production.env.AUTH_JWKS_URL ?? '',
  AUTH_ISSUER: production.env.AUTH_ISSUER ?? '',
  AUTH_AUDIENCE: production.env.AUTH_AUDIENCE ?? '',
  AUTH_REQUIRED: 'true',
});

/** How a variant differs from its profile, declared once for a difference counted on a miss and on a hit. */
type Difference = Omit<Variant, 'profile' | 'cached'>;
const WITHOUT_TRACING: Difference = { differs: 'without tracing', env: () => NO_TRACING };
const WITHOUT_QUOTAS: Difference = { differs: 'without the daily quotas', env: () => NO_QUOTAS };
const WITH_JWT_AND_RATE_LIMIT: Difference = {
  differs: 'with the JWT and the rate limit',
  env: (production) => ({ ...JWT(production), ...RATE_LIMITS(production) }),
  token: true,
};

export const VARIANT_SETTINGS: Readonly<Record<string, Variant>> = {
  dev: { profile: 'development', cached: false },
  prod: { profile: 'production', cached: false },
  'prod-no-tracing': { profile: 'production', cached: false, ...WITHOUT_TRACING },
  'prod-no-quota': { profile: 'production', cached: false, ...WITHOUT_QUOTAS },
  'prod-unsampled': {
    profile: 'production',
    cached: false,
    differs: 'tracing on, no request sampled',
    env: () => ({ OTEL_TRACES_SAMPLER_ARG: '0' }),
  },
  'prod-no-tracing-no-quota': {
    profile: 'production',
    cached: false,
    differs: 'without tracing and the daily quotas',
    env: () => ({ ...NO_TRACING, ...NO_QUOTAS }),
  },
  'prod-no-jwt': {
    profile: 'production',
    cached: false,
    differs: 'without the JWT (anonymous callers, limited by address)',
    env: () => ({ AUTH_JWKS_URL: '', AUTH_ISSUER: '', AUTH_AUDIENCE: '', AUTH_REQUIRED: 'false' }),
    token: false,
  },
  'prod-no-vendor-keys': {
    profile: 'production',
    cached: false,
    differs: "without the vendors' keys",
    env: () => ({ CRYPTO_API_KEY: '', COUNTRY_API_KEY: '', ADDRESS_API_KEY: '' }),
  },
  'dev-rate-limit': { profile: 'development', cached: false, differs: 'with the rate limit (anonymous callers)', env: RATE_LIMITS },
  'dev-jwt': { profile: 'development', cached: false, differs: 'with the JWT', env: JWT, token: true },
  'dev-jwt-rate-limit': { profile: 'development', cached: false, ...WITH_JWT_AND_RATE_LIMIT },
  'dev-cached': { profile: 'development', cached: true },
  'dev-cached-jwt-rate-limit': { profile: 'development', cached: true, ...WITH_JWT_AND_RATE_LIMIT },
  'prod-cached': { profile: 'production', cached: true },
  'prod-cached-no-tracing': { profile: 'production', cached: true, ...WITHOUT_TRACING },
  'prod-cached-no-quota': { profile: 'production', cached: true, ...WITHOUT_QUOTAS },
};

/** The variants `list` names (comma-separated ids), in its order; throws naming the unknown ones and the known. */
export function chosenVariants(list: string): { id: string; variant: Variant }[] {
  const chosen: { id: string; variant: Variant }[] = [];
  const unknown: string[] = [];
  for (const id of list.split(',').map((name) => name.trim())) {
    const variant = VARIANT_SETTINGS[id];
    if (variant) chosen.push({ id, variant });
    else unknown.push(id);
  }
  if (unknown.length > 0) throw new Error(`VARIANTS: unknown ${unknown.join(', ')}; known: ${Object.keys(VARIANT_SETTINGS).join(', ')}`);
  return chosen;
}

/** This gateway's bench entry for the variant's profile, with or without its answer cache. */
export function variantGateway(variant: Variant): Gateway {
  const gateway = GATEWAYS.find((candidate) => candidate.self?.profile === variant.profile && candidate.self.cached === variant.cached);
  if (!gateway) throw new Error(`no entry of this gateway in gateways.ts for ${variant.profile}${variant.cached ? ', cached' : ''}`);
  return gateway;
}

/** The variant's environment over `upstream`'s (plain or cacheable) and the headers its requests carry. */
export function variantSetting(
  variant: Variant,
  production: ProductionServices,
  upstream: NodeJS.ProcessEnv,
): { env: NodeJS.ProcessEnv; headers: Record<string, string> } {
  const inProduction = variant.profile === 'production';
  return {
    env: { ...upstream, ...(inProduction ? production.env : {}), ...variant.env?.(production) },
    headers: (variant.token ?? inProduction) ? production.headers : {},
  };
}

/** QUERY (`Q1` or `Q2`; `Q1`) as this gateway is asked it, once the gateway is built (its bench entry's `prepare`). */
export function preparedQuery(environment: NodeJS.ProcessEnv): { id: string; query: string } {
  const id = environment.QUERY ?? 'Q1';
  const self = GATEWAYS.find((gateway) => gateway.id === 'this');
  if (!self) throw new Error('no gateway "this" in gateways.ts');
  const query = id === 'Q1' ? self.q1 : id === 'Q2' ? self.q2 : undefined;
  if (!query) throw new Error(`QUERY must be Q1 or Q2, got "${id}"`);
  self.prepare(environment);
  return { id, query };
}
