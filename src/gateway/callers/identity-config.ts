/**
 * The AUTH_* variables (see docs/callers.md) as identity settings. The keys file is
 * read and checked here, at start, so a bad entry stops the deploy instead of refusing callers.
 */
import { DEFAULT_ALGORITHMS } from './jwt.js';
import type { IdentitySettings } from './identity.js';
import { type KnownInterfaces, StaticKeys } from './static-keys.js';
import { parseTiers } from './tiers.js';

type Env = Record<string, string | undefined>;

/** The realm named in `WWW-Authenticate` challenges. */
export const AUTH_REALM = 'gateway';

/** Symmetric algorithms would need a shared secret, which a JWKS does not publish; `none` signs nothing. */
const REFUSED_ALGORITHM = /^(none|HS\d+)$/i;

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function flag(env: Env, name: string): boolean {
  const value = optional(env, name)?.toLowerCase();
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new TypeError(`${name} must be true or false, got "${env[name] ?? ''}"`);
}

function jwksUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`AUTH_JWKS_URL must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`AUTH_JWKS_URL must be an http(s) URL, got "${value}"`);
  return url;
}

function algorithms(raw: string | undefined): string[] {
  if (raw === undefined) return [...DEFAULT_ALGORITHMS];
  const names = list(raw);
  const refused = names.filter((name) => REFUSED_ALGORITHM.test(name) || !DEFAULT_ALGORITHMS.includes(name));
  if (names.length === 0 || refused.length > 0) {
    throw new TypeError(`AUTH_ALGORITHMS must name asymmetric JWS algorithms from ${DEFAULT_ALGORITHMS.join(', ')}; got "${raw}"`);
  }
  return names;
}

/**
 * Reads the AUTH_* variables of a gateway serving `interfaces`; throws a TypeError naming the
 * first malformed one (or the keys file's first bad entry).
 */
export function loadIdentitySettings(env: Env, interfaces: KnownInterfaces): IdentitySettings {
  const required = flag(env, 'AUTH_REQUIRED');
  const tiers = parseTiers(optional(env, 'AUTH_TIERS'));
  const url = optional(env, 'AUTH_JWKS_URL');
  const issuer = optional(env, 'AUTH_ISSUER');
  const audience = optional(env, 'AUTH_AUDIENCE');
  const keysFile = optional(env, 'AUTH_API_KEYS_FILE');
  if (url === undefined && (issuer !== undefined || audience !== undefined)) {
    throw new TypeError('AUTH_ISSUER and AUTH_AUDIENCE need AUTH_JWKS_URL, where the keys that sign the tokens are published');
  }
  // A provider's JWKS signs tokens for every application it serves: without both checks, a token
  // issued for someone else's application would be accepted here.
  if (url !== undefined && (issuer === undefined || audience === undefined)) {
    throw new TypeError('AUTH_JWKS_URL needs AUTH_ISSUER and AUTH_AUDIENCE, the iss and aud every token must carry');
  }
  if (required && url === undefined && keysFile === undefined) {
    throw new TypeError('AUTH_REQUIRED=true needs AUTH_JWKS_URL or AUTH_API_KEYS_FILE, a way for callers to authenticate');
  }
  return {
    required,
    realm: AUTH_REALM,
    jwt:
      url === undefined || issuer === undefined || audience === undefined
        ? undefined
        : {
            jwksUrl: jwksUrl(url),
            issuer,
            audience: list(audience),
            algorithms: algorithms(optional(env, 'AUTH_ALGORITHMS')),
            tierClaim: optional(env, 'AUTH_TIER_CLAIM') ?? 'tier',
            tiers,
          },
    apiKeys: keysFile === undefined ? undefined : StaticKeys.load(keysFile, tiers, interfaces),
  };
}
