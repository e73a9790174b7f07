/**
 * Settles who is calling from a request's headers: a bearer JWT (jwt.ts), a static key in
 * `X-Api-Key` (static-keys.ts), or nobody. No credentials make an anonymous caller unless
 * AUTH_REQUIRED; credentials that do not check out are always refused, so a client with a bad
 * token learns it instead of silently getting an anonymous caller's answers. The refusal says
 * why in words, never echoing the credential.
 */
import type { HeaderReader } from '../upstream/upstream-fetch.js';
import { anonymousCaller, type Caller } from './caller.js';
import { JwtVerifier, KeysUnavailable, TokenRefused, type JwtSettings } from './jwt.js';
import { API_KEY_HEADER, type StaticKeys } from './static-keys.js';

export interface IdentitySettings {
  /** AUTH_REQUIRED: refuse requests without credentials. */
  required: boolean;
  /** The realm named in `WWW-Authenticate`. */
  realm: string;
  /** Bearer JWTs, when AUTH_JWKS_URL is set. */
  jwt?: JwtSettings | undefined;
  /** Static keys, when AUTH_API_KEYS_FILE is set. */
  apiKeys?: StaticKeys | undefined;
}

/** A request identity refuses: its HTTP status, catalogue code, message, headers, and a reason for the log. */
export interface Refusal {
  status: 401 | 503;
  code: 'UNAUTHENTICATED' | 'UPSTREAM_UNAVAILABLE';
  message: string;
  headers: Record<string, string>;
  /** What to log: which credential kind and why, never the credential. */
  reason: string;
}

export type Identification = { caller: Caller; refusal?: undefined } | { caller?: undefined; refusal: Refusal };

/** What a request offers: the parts of its headers and connection identity reads. */
export interface Presented {
  headers: HeaderReader;
  /** The caller's address, naming an anonymous caller. */
  address: string | undefined;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
/** How nearly every client writes the scheme: one space, the token, nothing after it. */
const BEARER_PREFIX = 'Bearer ';

/** Whether identity does anything: with neither JWTs nor keys configured, every caller is anonymous. */
export function identityEnabled(settings: IdentitySettings): boolean {
  return settings.jwt !== undefined || settings.apiKeys !== undefined;
}

/** Settles callers for one gateway; holds the JWKS cache, so create one per process. */
export class Identity {
  private readonly verifier: JwtVerifier | undefined;

  constructor(private readonly settings: IdentitySettings) {
    this.verifier = settings.jwt ? new JwtVerifier(settings.jwt) : undefined;
  }

  /** The `WWW-Authenticate` challenges of the configured credential kinds; `error` marks the one refused. */
  challenge(refused?: 'bearer' | 'api-key'): string {
    const realm = `realm="${this.settings.realm}"`;
    const challenges: string[] = [];
    if (this.verifier) challenges.push(`Bearer ${realm}${refused === 'bearer' ? ', error="invalid_token"' : ''}`);
    if (this.settings.apiKeys)
      challenges.push(`ApiKey ${realm}, header="X-Api-Key"${refused === 'api-key' ? ', error="invalid_token"' : ''}`);
    return challenges.join(', ');
  }

  private refuse(message: string, reason: string, refused?: 'bearer' | 'api-key'): Identification {
    return {
      refusal: { status: 401, code: 'UNAUTHENTICATED', message, reason, headers: { 'www-authenticate': this.challenge(refused) } },
    };
  }

  /**
   * Who sent `presented`: a caller, or the refusal to answer with. Settled at once, not in a
   * promise, when no key set needs asking: no credentials, a static key, a token verified before.
   */
  identify(presented: Presented): Identification | Promise<Identification> {
    if (!identityEnabled(this.settings)) return { caller: anonymousCaller(presented.address) };
    const authorization = presented.headers.get('authorization');
    const apiKey = presented.headers.get(API_KEY_HEADER);
    if (authorization !== null && apiKey !== null) {
      return this.refuse('Send one credential, a bearer token or an X-Api-Key, not both.', 'both credentials sent');
    }
    if (authorization !== null) return this.bearer(authorization);
    if (apiKey !== null) return this.staticKey(apiKey);
    if (this.settings.required) {
      const kinds = [this.verifier ? 'an Authorization: Bearer token' : '', this.settings.apiKeys ? 'an X-Api-Key' : ''].filter(Boolean);
      return this.refuse(`This gateway needs credentials: send ${kinds.join(' or ')}.`, 'no credentials');
    }
    return { caller: anonymousCaller(presented.address) };
  }

  private bearer(authorization: string): Identification | Promise<Identification> {
    if (!this.verifier)
      return this.refuse('This gateway takes no Authorization header; send the key as X-Api-Key.', 'bearer not configured');
    // A token verified before is found by the header's one plain spelling without the pattern, which
    // reads the whole token (about 800 bytes) again; every token it finds passed the pattern once.
    const remembered = authorization.startsWith(BEARER_PREFIX) ? this.verifier.known(authorization.slice(BEARER_PREFIX.length)) : undefined;
    if (remembered) return { caller: remembered };
    const token = BEARER.exec(authorization)?.[1];
    if (token === undefined) {
      return this.refuse('The Authorization header must be "Bearer <token>".', 'malformed authorization header', 'bearer');
    }
    const known = this.verifier.known(token);
    return known ? { caller: known } : this.verified(this.verifier, token);
  }

  private async verified(verifier: JwtVerifier, token: string): Promise<Identification> {
    try {
      return { caller: await verifier.verify(token) };
    } catch (error) {
      if (error instanceof TokenRefused) return this.refuse(`The bearer token was refused: ${error.message}.`, error.message, 'bearer');
      if (error instanceof KeysUnavailable) {
        return {
          refusal: {
            status: 503,
            code: 'UPSTREAM_UNAVAILABLE',
            message: "The identity provider's keys (AUTH_JWKS_URL) could not be fetched, so no token can be checked; retry shortly.",
            reason: `JWKS unavailable: ${error.message}`,
            headers: { 'retry-after': '5' },
          },
        };
      }
      throw error;
    }
  }

  private staticKey(key: string): Identification {
    if (!this.settings.apiKeys)
      return this.refuse('This gateway takes no X-Api-Key; send an Authorization: Bearer token.', 'api keys not configured');
    const caller = this.settings.apiKeys.find(key.trim());
    return caller ? { caller } : this.refuse('The X-Api-Key was refused: it is not a key of this gateway.', 'unknown api key', 'api-key');
  }
}
