/**
 * The one place where the environment becomes typed configuration (see the README's table).
 * An interface without a URL runs against its built-in sandbox.
 */

export type UpstreamName = 'crypto-analytics' | 'blockchain-utility' | 'address' | 'country-data';

export interface UpstreamConfig {
  name: UpstreamName;
  /** Base URL without a trailing slash, or undefined to use the sandbox. */
  url: string | undefined;
  /** The configured key (and C's user token); a client's own key header wins per request. */
  key: string | undefined;
  userToken?: string | undefined;
}

export interface GatewayConfig {
  port: number;
  upstreams: Record<UpstreamName, UpstreamConfig>;
  /** Time allowed for one upstream request before it fails as UPSTREAM_TIMEOUT. */
  upstreamTimeoutMs: number;
  /** How long slowly changing data (country records, currency symbols) is reused by default; 0 = never. */
  cacheTtlMs: number;
  /** TYPE_PREFIX: prepended to every type's name so peers' same-named types compose beside ours. */
  typePrefix: string;
}

type Env = Record<string, string | undefined>;

/** REST Countries' documented public demo key. */
export const COUNTRY_DEMO_KEY = 'rc_live_demo';

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function baseUrl(env: Env, name: string): string | undefined {
  const value = optional(env, name);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('not http');
  } catch {
    throw new TypeError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function port(env: Env): number {
  const raw = optional(env, 'PORT') ?? '4000';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new TypeError(`PORT must be a port number, got "${raw}"`);
  return value;
}

function wholeNumber(env: Env, name: string, fallback: number, minimum: 0 | 1): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum)
    throw new TypeError(`${name} must be a whole number of at least ${minimum}, got "${raw}"`);
  return value;
}

/** TYPE_PREFIX: a GraphQL name start (letter or underscore, then letters, digits, underscores), or ''. */
export function readTypePrefix(env: Env): string {
  const value = optional(env, 'TYPE_PREFIX') ?? '';
  if (value !== '' && !/^[A-Za-z][A-Za-z0-9_]*$/.test(value))
    throw new TypeError(`TYPE_PREFIX must be a GraphQL name such as Rest, got "${value}"`);
  return value;
}

/** Reads the configuration; throws a TypeError naming the variable when a value is malformed. */
export function loadConfig(env: Env = process.env): GatewayConfig {
  return {
    port: port(env),
    upstreamTimeoutMs: wholeNumber(env, 'UPSTREAM_TIMEOUT_MS', 10_000, 1),
    cacheTtlMs: wholeNumber(env, 'CACHE_TTL_SECONDS', 3600, 0) * 1000,
    typePrefix: readTypePrefix(env),
    upstreams: {
      'crypto-analytics': { name: 'crypto-analytics', url: baseUrl(env, 'CRYPTO_API_URL'), key: optional(env, 'CRYPTO_API_KEY') },
      'blockchain-utility': { name: 'blockchain-utility', url: baseUrl(env, 'BLOCKCHAIN_API_URL'), key: undefined },
      address: {
        name: 'address',
        url: baseUrl(env, 'ADDRESS_API_URL'),
        key: optional(env, 'ADDRESS_API_KEY'),
        userToken: optional(env, 'ADDRESS_USER_TOKEN'),
      },
      'country-data': {
        name: 'country-data',
        url: baseUrl(env, 'COUNTRY_API_URL'),
        // The vendor publishes a demo key; the sandbox accepts it too.
        key: optional(env, 'COUNTRY_API_KEY') ?? COUNTRY_DEMO_KEY,
      },
    },
  };
}
