import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/gateway/config.js';
import { COUNTRY_DEMO_KEY } from '../../src/gateway/interfaces/country-data/interface.js';

describe('loadConfig', () => {
  it('defaults to port 4000, sandboxes everywhere and the vendor demo key for D', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(Object.values(config.upstreams).map((upstream) => upstream.url)).toEqual([undefined, undefined, undefined, undefined]);
    expect(config.upstreams['country-data'].key).toBe(COUNTRY_DEMO_KEY);
  });

  it('reads URLs without their trailing slash, keys and the user token', () => {
    const config = loadConfig({
      PORT: '8080',
      COUNTRY_API_URL: 'https://api.restcountries.com/',
      COUNTRY_API_KEY: 'rc_live_x',
      ADDRESS_API_URL: 'https://api.ideal-postcodes.co.uk/v1',
      ADDRESS_API_KEY: 'ak_x',
      ADDRESS_USER_TOKEN: 'uk_x',
    });
    expect(config.port).toBe(8080);
    expect(config.upstreams['country-data']).toMatchObject({ url: 'https://api.restcountries.com', key: 'rc_live_x' });
    expect(config.upstreams.address).toMatchObject({ url: 'https://api.ideal-postcodes.co.uk/v1', key: 'ak_x', userToken: 'uk_x' });
  });

  it('names the variable when a value is malformed', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(() => loadConfig({ CRYPTO_API_URL: 'ftp://x' })).toThrow(/CRYPTO_API_URL/);
    expect(() => loadConfig({ COUNTRY_API_URL: 'not a url' })).toThrow(/COUNTRY_API_URL/);
    expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: '-5' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
    expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: '0' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
    expect(loadConfig({ CACHE_TTL_SECONDS: '0' }).cacheTtlMs).toBe(0);
  });

  it('reports every malformed variable at once and reads the operational settings', () => {
    expect(() => loadConfig({ PORT: 'x', HOST: 'a b', CORS_ORIGINS: 'nope', READINESS_CACHE_MS: '-1' })).toThrow(
      /HOST[\s\S]*PORT[\s\S]*CORS_ORIGINS[\s\S]*READINESS_CACHE_MS/,
    );
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', corsOrigins: undefined, shutdownTimeoutMs: 10_000, readinessCacheMs: 5_000 });
    expect(loadConfig({ HOST: '0.0.0.0', CORS_ORIGINS: 'https://app.example/, http://localhost:*' })).toMatchObject({
      host: '0.0.0.0',
      corsOrigins: ['https://app.example', 'http://localhost:*'],
    });
  });

  it('reads the HTTP server guards, defaulting to the production values, and refuses 0 or headers longer than the request', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 10_000,
    });
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: '1000',
        HTTP_REQUEST_TIMEOUT_MS: '2000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '3000',
        HTTP_MAX_CONNECTIONS: '50',
      }).http,
    ).toEqual({ headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 3_000, maxConnections: 50 });
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: '0', HTTP_KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(
      /HTTP_KEEP_ALIVE_TIMEOUT_MS[\s\S]*HTTP_MAX_CONNECTIONS/,
    );
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS \(40000\) must not exceed HTTP_REQUEST_TIMEOUT_MS/,
    );
  });

  it('reads READINESS_REQUIRES as interface names; an unknown one names the variable and the allowed names', () => {
    expect(loadConfig({}).readinessRequires).toEqual([]);
    expect(loadConfig({ READINESS_REQUIRES: 'country-data, address,country-data' }).readinessRequires).toEqual(['country-data', 'address']);
    expect(() => loadConfig({ READINESS_REQUIRES: 'country-data,countries' })).toThrow(
      /READINESS_REQUIRES names unknown interfaces: countries; allowed: crypto-analytics, blockchain-utility, address, country-data/,
    );
  });
  it('keeps development open and closes production, each setting overridable', () => {
    const development = loadConfig({});
    expect(development.posture).toMatchObject({ introspection: 'on', graphiql: true, addressAdminOperations: true });
    const urls = {
      CRYPTO_API_URL: 'http://a.test',
      BLOCKCHAIN_API_URL: 'http://b.test',
      ADDRESS_API_URL: 'http://c.test',
      COUNTRY_API_URL: 'http://d.test',
    };
    const production = loadConfig({ NODE_ENV: 'production', ...urls });
    expect(production.posture).toMatchObject({ introspection: 'off', graphiql: false, addressAdminOperations: false });
    expect(production.posture.trustProxy('10.0.0.2', 0)).toBe(true);
    expect(production.posture.trustProxy('203.0.113.5', 0)).toBe(false);
    const reopened = loadConfig({
      NODE_ENV: 'production',
      ...urls,
      INTROSPECTION: 'true',
      GRAPHIQL: 'true',
      ADDRESS_ADMIN_OPERATIONS: 'true',
      TRUST_PROXY: 'false',
    });
    expect(reopened.posture).toMatchObject({ introspection: 'on', graphiql: true, addressAdminOperations: true });
    expect(reopened.posture.trustProxy('127.0.0.1', 0)).toBe(false);
  });

  it('in production, names every missing *_API_URL unless ALLOW_SANDBOXES=true, and checks the posture variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', COUNTRY_API_URL: 'http://d.test' })).toThrow(
      /CRYPTO_API_URL is not set[^\n]*\n.*BLOCKCHAIN_API_URL is not set[^\n]*\n.*ADDRESS_API_URL is not set/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOXES: 'true' }).upstreams.address.url).toBeUndefined();
    expect(() => loadConfig({ INTROSPECTION: 'maybe', TRUST_PROXY: 'private' })).toThrow(
      /INTROSPECTION must be true, false or authenticated[\s\S]*TRUST_PROXY/,
    );
    expect(() => loadConfig({ INTROSPECTION: 'authenticated' })).toThrow(/INTROSPECTION=authenticated needs AUTH_JWKS_URL/);
  });
});
