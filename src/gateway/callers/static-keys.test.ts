import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { Identity } from './identity.js';
import { loadIdentitySettings } from './identity-config.js';
import { StaticKeys } from './static-keys.js';
import { parseTiers } from './tiers.js';
import { callerOf } from './settled-callers.js';
import { useCallerIdentity } from './use-caller-identity.js';
import { UPSTREAM_VARIABLES } from '../config.js';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');
const tiers = parseTiers(undefined);
const BILLING = {
  id: 'billing',
  sha256: sha256('sk_billing_secret'),
  scopes: ['write'],
  tier: 'partner',
  limits: { ratePerMinute: 600, dailyQuota: { address: 5000 } },
};
const REPORTS = { id: 'reports', sha256: sha256('sk_reports_secret'), scopes: [] };

describe('the keys file', () => {
  it('resolves a key to its caller, scopes, tier and limits', () => {
    const keys = StaticKeys.parse(JSON.stringify([BILLING, REPORTS]), 'keys.json', tiers, UPSTREAM_VARIABLES);
    expect(keys.find('sk_billing_secret')).toEqual({
      id: 'billing',
      scopes: new Set(['write']),
      tier: 'partner',
      anonymous: false,
      limits: { ratePerMinute: 600, dailyQuota: { address: 5000 } },
    });
    expect(keys.find('sk_reports_secret')).toMatchObject({ id: 'reports', tier: 'authenticated' });
    expect(keys.find('sk_billing_secreT')).toBeUndefined();
    expect(keys.find('')).toBeUndefined();
  });

  it.each([
    ['{', /keys\.json is not JSON/],
    ['{}', /keys\.json must be a JSON array/],
    [JSON.stringify([{ ...REPORTS, sha256: 'sk_reports_secret' }]), /entry 0 \(id "reports"\) sha256 must be the 64 hexadecimal digits/],
    [JSON.stringify([REPORTS, { ...BILLING, scope: ['write'] }]), /entry 1 \(id "billing"\) has unknown properties scope/],
    [JSON.stringify([REPORTS, { ...REPORTS, sha256: sha256('other') }]), /entry 1 \(id "reports"\) repeats an id/],
    [JSON.stringify([REPORTS, { ...BILLING, sha256: REPORTS.sha256 }]), /entry 1 \(id "billing"\) has the same sha256/],
    [JSON.stringify([{ ...BILLING, tier: 'gold' }]), /tier must be one of authenticated, partner, internal/],
    [JSON.stringify([{ ...BILLING, scopes: 'write' }]), /scopes must be an array/],
    [JSON.stringify([{ ...BILLING, scopes: ['read write'] }]), /scopes must be an array/],
    [JSON.stringify([{ ...BILLING, id: 'anonymous:1.2.3.4' }]), /entry 0 \(id "anonymous:1.2.3.4"\) id must be/],
    [JSON.stringify([{ ...BILLING, limits: { ratePerMinute: 1.5 } }]), /limits\.ratePerMinute must be a whole number of at least 0/],
    [JSON.stringify([{ ...BILLING, limits: { dailyQuota: { postcodes: 10 } } }]), /dailyQuota names unknown interface "postcodes"/],
    [
      JSON.stringify([{ ...BILLING, limits: { dailyQuota: { address: -1 } } }]),
      /dailyQuota\["address"\] must be a whole number of at least 0/,
    ],
    [JSON.stringify(['sk_billing_secret']), /entry 0 must be an object/],
  ])('refuses %s', (text, message) => {
    expect(() => StaticKeys.parse(text, 'keys.json', tiers, UPSTREAM_VARIABLES)).toThrow(message);
  });

  it('is read at start through AUTH_API_KEYS_FILE, naming an unreadable file', () => {
    const directory = mkdtempSync(join(tmpdir(), 'keys-'));
    const path = join(directory, 'keys.json');
    writeFileSync(path, JSON.stringify([BILLING]));
    expect(loadIdentitySettings({ AUTH_API_KEYS_FILE: path }, UPSTREAM_VARIABLES).apiKeys?.size).toBe(1);
    expect(() => loadIdentitySettings({ AUTH_API_KEYS_FILE: join(directory, 'missing.json') }, UPSTREAM_VARIABLES)).toThrow(
      /missing\.json cannot be read \(ENOENT\)/,
    );
  });
});

describe('X-Api-Key on a request', () => {
  const identity = new Identity({
    required: false,
    realm: 'gateway',
    apiKeys: StaticKeys.parse(JSON.stringify([BILLING]), 'keys.json', tiers, UPSTREAM_VARIABLES),
  });
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: 'type Query { whoami: String }',
      resolvers: { Query: { whoami: (_root: unknown, _args: unknown, context: { request: Request }) => callerOf(context.request)?.id } },
    }),
    logging: false,
    plugins: [useCallerIdentity({ identity, logger: silentLogger })],
  });
  const ask = (headers: Record<string, string>) =>
    yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ whoami }' }),
    });

  it('the right key names its caller', async () => {
    const response = await ask({ 'x-api-key': 'sk_billing_secret' });
    expect(await response.json()).toEqual({ data: { whoami: 'billing' } });
  });

  it('a wrong key is 401 with an ApiKey challenge, and the key is not echoed', async () => {
    const response = await ask({ 'x-api-key': 'sk_guessed_key' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('ApiKey realm="gateway", header="X-Api-Key", error="invalid_token"');
    const text = await response.text();
    expect(JSON.parse(text).errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect(text).not.toContain('sk_guessed');
  });

  it('a bearer token, when only keys are configured, or both credentials at once, are 401', async () => {
    expect((await ask({ authorization: 'Bearer abc.def.ghi' })).status).toBe(401);
    expect((await ask({ authorization: 'Bearer abc.def.ghi', 'x-api-key': 'sk_billing_secret' })).status).toBe(401);
  });
});
