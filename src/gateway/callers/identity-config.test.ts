import { describe, expect, it } from 'vitest';
import { identityEnabled } from './identity.js';
import { loadIdentitySettings } from './identity-config.js';
import { UPSTREAM_VARIABLES } from '../config.js';

const JWT_ENV = {
  AUTH_JWKS_URL: 'https://id.example.test/.well-known/jwks.json',
  AUTH_ISSUER: 'https://id.example.test/',
  AUTH_AUDIENCE: 'gateway-api',
};

describe('AUTH_* variables', () => {
  it('leave identity off by default', () => {
    const settings = loadIdentitySettings({}, UPSTREAM_VARIABLES);
    expect(settings.required).toBe(false);
    expect(identityEnabled(settings)).toBe(false);
  });

  it('configure JWTs with asymmetric algorithms only, and the tier claim', () => {
    const settings = loadIdentitySettings(
      {
        ...JWT_ENV,
        AUTH_AUDIENCE: 'gateway-api, gateway-admin',
        AUTH_TIER_CLAIM: 'plan',
        AUTH_REQUIRED: 'true',
      },
      UPSTREAM_VARIABLES,
    );
    expect(settings.required).toBe(true);
    expect(settings.jwt).toMatchObject({ audience: ['gateway-api', 'gateway-admin'], tierClaim: 'plan' });
    expect(settings.jwt?.algorithms).not.toContain('HS256');
    expect(loadIdentitySettings({ ...JWT_ENV, AUTH_ALGORITHMS: 'ES256,EdDSA' }, UPSTREAM_VARIABLES).jwt?.algorithms).toEqual([
      'ES256',
      'EdDSA',
    ]);
  });

  it.each([
    [{ ...JWT_ENV, AUTH_ALGORITHMS: 'HS256' }, /AUTH_ALGORITHMS must name asymmetric/],
    [{ ...JWT_ENV, AUTH_ALGORITHMS: 'RS256,none' }, /AUTH_ALGORITHMS must name asymmetric/],
    [{ AUTH_JWKS_URL: JWT_ENV.AUTH_JWKS_URL }, /needs AUTH_ISSUER and AUTH_AUDIENCE/],
    [{ ...JWT_ENV, AUTH_JWKS_URL: 'ftp://id.example.test/jwks' }, /AUTH_JWKS_URL must be an http\(s\) URL/],
    [{ AUTH_ISSUER: 'https://id.example.test/' }, /need AUTH_JWKS_URL/],
    [{ AUTH_REQUIRED: 'true' }, /AUTH_REQUIRED=true needs AUTH_JWKS_URL or AUTH_API_KEYS_FILE/],
    [{ AUTH_REQUIRED: 'yes' }, /AUTH_REQUIRED must be true or false/],
    [{ AUTH_TIERS: 'partner,Gold Plan' }, /AUTH_TIERS must be/],
    [{ AUTH_TIERS: 'anonymous' }, /AUTH_TIERS must be/],
  ])('refuse %o', (env, message) => {
    expect(() => loadIdentitySettings(env, UPSTREAM_VARIABLES)).toThrow(message);
  });
});
