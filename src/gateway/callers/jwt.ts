/**
 * Bearer JWTs verified against the identity provider's JWKS (AUTH_JWKS_URL) with jose. The key
 * set is fetched on first use and cached; a token naming a key the cache lacks makes jose fetch
 * the set again (at most once per cooldown), so a key the provider rotates in is picked up
 * without a restart, and a key it removes stops verifying once the cache has been refreshed.
 *
 * A token verified once is remembered (its whole text, up to VERIFIED_TOKENS of them) until its
 * `exp` or until the key set is fetched again, whichever comes first: the signature check is most
 * of what identity costs a request, and a client sends the same token for its whole lifetime,
 * while a key the provider withdraws must stop verifying once the set has been refreshed. The set
 * is refreshed in the background every half of its cache lifetime, so no request waits for the
 * refetch that jose would otherwise make once it is stale.
 */
import { createRemoteJWKSet, errors, type JSONWebKeySet, type JWSHeaderParameters, type JWTPayload, jwksCache, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Caller } from './caller.js';
import { SCOPE_TOKEN } from './static-keys.js';
import { tierOf } from './tiers.js';

/** AUTH_ALGORITHMS' default: the asymmetric algorithms jose verifies. HS* and `none` are never allowed. */
export const DEFAULT_ALGORITHMS: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/** Clock skew tolerated between the identity provider and this gateway, for `exp` and `nbf`. */
const CLOCK_TOLERANCE_SECONDS = 5;

export interface JwtSettings {
  jwksUrl: URL;
  /** The `iss` every token must carry. */
  issuer: string;
  /** The `aud` values a token may carry (one of them must match). */
  audience: readonly string[];
  algorithms: readonly string[];
  /** The claim naming the caller's tier (AUTH_TIER_CLAIM). */
  tierClaim: string;
  /** The tiers a token may name; any other value is `authenticated`. */
  tiers: ReadonlySet<string>;
  /** jose's fetch timeout, cooldown between refetches and cache lifetime; jose's defaults (5 s, 30 s, 10 min) where absent. */
  jwksTimeoutMs?: number;
  jwksCooldownMs?: number;
  jwksCacheMaxAgeMs?: number;
}

/** A token refused for a reason that is the client's: the message says why, never what the token held. */
export class TokenRefused extends Error {
  override name = 'TokenRefused';
}

/** The identity provider's key set could not be fetched or read: nobody's token can be checked right now. */
export class KeysUnavailable extends Error {
  override name = 'KeysUnavailable';
}

/** Why jose refused a token, in words for the client (jose's own messages quote claim names only, but are terse). */
function refusalReason(error: errors.JOSEError): string {
  if (error instanceof errors.JWTExpired) return 'it has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `it has no "${error.claim}" claim`;
    if (error.claim === 'nbf' || error.claim === 'iat') return 'it is not valid yet';
    if (error.claim === 'iss') return 'it was issued by another issuer';
    if (error.claim === 'aud') return 'it is meant for another audience';
    return `its "${error.claim}" claim is not acceptable`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'its algorithm is not allowed';
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return 'it is signed with a key the issuer does not publish';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not verify';
  return 'it is not a well-formed signed JWT';
}

function scopesOf(payload: JWTPayload): Set<string> {
  const { scope, scp } = payload;
  const listed = typeof scope === 'string' ? scope.split(' ') : Array.isArray(scp) ? scp : typeof scp === 'string' ? scp.split(' ') : [];
  return new Set(listed.filter((value): value is string => typeof value === 'string' && SCOPE_TOKEN.test(value)));
}

/** Verifies bearer tokens against one issuer's JWKS. */
/** A verified token's caller, until when it stands, and the key that verified it (current while the set is unchanged). */
interface Remembered {
  /** The whole token: the cache files it by its end only. */
  token: string;
  caller: Caller;
  expiresAtMs: number;
  header: JWSHeaderParameters;
  key: unknown;
  /** The key set that verified it or last found its key; undefined when the set changed during the check. */
  set: JSONWebKeySet | undefined;
}

/** How many verified tokens are remembered: a replica's distinct callers within a token's lifetime. */
const VERIFIED_TOKENS = 10_000;

/**
 * The characters at a token's end that file it among the remembered: the end of its signature.
 * A Map hashes every character of a key, and a token (about 800 of them, in a new string per
 * request) cost 1.3 µs a lookup that way; the remembered token's whole text is then compared,
 * which does not hash, so two tokens sharing an end are two misses, never one caller for the other.
 */
const FILED_BY_LAST = 48;

function filing(token: string): string {
  return token.length > FILED_BY_LAST ? token.slice(-FILED_BY_LAST) : token;
}

/** jose's own default lifetime of a fetched key set. */
const DEFAULT_JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;

export class JwtVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;
  private readonly verified = new LRUCache<string, Remembered>({ max: VERIFIED_TOKENS });
  /** Where jose keeps the fetched key set: each fetch replaces `jwks` with a new object. */
  private readonly fetched: { jwks?: JSONWebKeySet; uat?: number } = {};

  constructor(
    private readonly settings: JwtSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.keys = createRemoteJWKSet(settings.jwksUrl, {
      ...(settings.jwksTimeoutMs === undefined ? {} : { timeoutDuration: settings.jwksTimeoutMs }),
      ...(settings.jwksCooldownMs === undefined ? {} : { cooldownDuration: settings.jwksCooldownMs }),
      ...(settings.jwksCacheMaxAgeMs === undefined ? {} : { cacheMaxAge: settings.jwksCacheMaxAgeMs }),
      [jwksCache]: this.fetched as Record<string, never>,
    });
    const refreshMs = (settings.jwksCacheMaxAgeMs ?? DEFAULT_JWKS_CACHE_MAX_AGE_MS) / 2;
    // A failed refresh changes nothing: the set in hand stays, and a request fetches as before.
    setInterval(() => void this.keys.reload().catch(() => undefined), refreshMs).unref();
  }

  /**
   * The caller `token` names. Throws TokenRefused when the token is not acceptable and
   * KeysUnavailable when the key set cannot be fetched.
   */
  async verify(token: string): Promise<Caller> {
    const remembered = this.remembered(token);
    if (remembered && this.now() < remembered.expiresAtMs) {
      if (this.inSetInHand(remembered) || (await this.stillPublished(remembered))) return remembered.caller;
    }
    return this.verifyOnce(token);
  }

  /**
   * The caller of a token verified before whose key set is the one in hand and fresh, with no wait;
   * undefined when `verify` must look (most requests of a bearer are answered here).
   */
  known(token: string): Caller | undefined {
    const remembered = this.remembered(token);
    return remembered && this.now() < remembered.expiresAtMs && this.inSetInHand(remembered) ? remembered.caller : undefined;
  }

  private remembered(token: string): Remembered | undefined {
    const remembered = this.verified.get(filing(token));
    return remembered?.token === token ? remembered : undefined;
  }

  /** Whether the very set that verified the token (or last found its key) is in hand, still fresh: nothing to look up. */
  private inSetInHand(remembered: Remembered): boolean {
    return remembered.set !== undefined && remembered.set === this.fetched.jwks && this.keys.fresh;
  }

  /** `set` (read before a check) if it is still the set in hand after it: a fetch replaces the object. */
  private stillInHand(set: JSONWebKeySet | undefined): JSONWebKeySet | undefined {
    return set !== undefined && set === this.fetched.jwks ? set : undefined;
  }

  /** Whether the key set in hand still resolves the remembered token's header to the key that verified it (a lookup, no signature check). */
  private async stillPublished(remembered: Remembered): Promise<boolean> {
    const set = this.fetched.jwks;
    try {
      const published = (await this.keys(remembered.header)) === remembered.key;
      // Looked up in one set throughout: the next request needs no lookup.
      if (published) remembered.set = this.stillInHand(set);
      return published;
    } catch {
      return false;
    }
  }

  private async verifyOnce(token: string): Promise<Caller> {
    let payload: JWTPayload;
    let header: JWSHeaderParameters;
    let key: unknown;
    const before = this.fetched.jwks;
    try {
      ({
        payload,
        protectedHeader: header,
        key,
      } = await jwtVerify(token, this.keys, {
        issuer: this.settings.issuer,
        audience: [...this.settings.audience],
        algorithms: [...this.settings.algorithms],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(this.now()),
        // A token without an expiry would be valid for ever once leaked.
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      // jose's generic error is the key set's answer: not 200, or not JSON.
      const keysFailed =
        error instanceof errors.JWKSTimeout ||
        error instanceof errors.JWKSInvalid ||
        (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC');
      if (error instanceof errors.JOSEError && !keysFailed) throw new TokenRefused(refusalReason(error));
      // The rest are fetch's own failures: a refused connection, an unknown host.
      throw new KeysUnavailable(error instanceof Error ? error.message : String(error));
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new TokenRefused('its "sub" claim is empty');
    const caller: Caller = {
      id: payload.sub,
      scopes: scopesOf(payload),
      tier: tierOf(payload[this.settings.tierClaim], this.settings.tiers),
      anonymous: false,
    };
    // `exp` is a required claim: jose has checked it is a number.
    if (typeof payload.exp === 'number')
      this.verified.set(filing(token), {
        token,
        caller,
        expiresAtMs: payload.exp * 1000,
        header,
        key,
        // A set fetched during the check may not hold the key that verified it: such a token is looked up next time.
        set: this.stillInHand(before),
      });
    return caller;
  }
}
