/**
 * NODE_ENV=production closes what a public deployment must not leave open, each with its own
 * variable to reopen it: introspection and GraphiQL off, a missing upstream URL fatal, C's admin
 * fields only for the `admin` scope (also without identity configured), and X-Forwarded-For
 * believed only from trusted hops. CSRF prevention is on in every environment. The gateways here
 * take their posture, identity and limits from `loadConfig` with a production environment, as
 * `npm start` does; sandboxes on port 0 stand in for the vendors.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { createCounterStore } from '../../src/gateway/callers/counter-store.js';
import { Identity, identityEnabled } from '../../src/gateway/callers/identity.js';
import { loadConfig, UPSTREAM_VARIABLES } from '../../src/gateway/config.js';
import { silentLogger } from '../../src/gateway/logger.js';
import { createGateway } from '../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../src/gateway/upstream/upstream-fetch.js';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/sandbox-server.js';
import { spawnGateway } from './ops/gateway-process.js';
import { ROOT } from '../support/gateway.js';
import { VENDORS } from '../support/vendors.js';

const READER_KEY = 'gw_reader_POSTURE_1';
const ADMIN_KEY = 'gw_admin_POSTURE_2';
const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');

let schema: GraphQLSchema;
let destroyMesh: () => void;
let dataRoot: string;
const sandboxes: RunningSandbox[] = [];
const upstreams: ResolvedUpstream[] = [];
/** The production environment with every vendor URL set (to the sandboxes). */
const productionEnv: Record<string, string> = { NODE_ENV: 'production' };

beforeAll(async () => {
  dataRoot = mkdtempSync(join(tmpdir(), 'gateway-posture-'));
  for (const entry of SANDBOXES) {
    const sandbox = await startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream), clock: () => new Date() }));
    sandboxes.push(sandbox);
    upstreams.push({ name: entry.upstream, url: sandbox.url, credentials: entry.credentials, vendor: VENDORS[entry.upstream] });
    productionEnv[UPSTREAM_VARIABLES[entry.upstream].url] = sandbox.url;
  }
  writeFileSync(
    join(dataRoot, 'keys.json'),
    JSON.stringify([
      { id: 'reader', sha256: sha256(READER_KEY), scopes: ['read'] },
      { id: 'operator', sha256: sha256(ADMIN_KEY), scopes: ['admin'] },
    ]),
  );
  ({ schema, destroy: destroyMesh } = await buildGatewaySchema(ROOT));
}, 60_000);

afterAll(async () => {
  destroyMesh();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

/** A gateway configured as `npm start` would configure it from `env` on top of the production environment. */
function productionGateway(env: Record<string, string> = {}) {
  const config = loadConfig({ ...productionEnv, ...env });
  const identity = identityEnabled(config.identity) ? new Identity(config.identity) : undefined;
  return createGateway({
    schema,
    upstreams,
    upstreamTimeoutMs: 10_000,
    cacheTtlMs: 0,
    posture: config.posture,
    ...(identity ? { identity } : {}),
    ...(config.callerLimits
      ? { callerLimits: { settings: config.callerLimits, counters: createCounterStore({ logger: silentLogger }) } }
      : {}),
  });
}

type Gateway = ReturnType<typeof productionGateway>;
interface Answer {
  status: number;
  headers: Headers;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions: { code: string } }[] };
}

/** POSTs `query` as JSON; `peer` is the connection's address, as node:http would report it. */
async function post(gateway: Gateway, query: string, headers: Record<string, string> = {}, peer?: string): Promise<Answer> {
  const request = new Request('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
  const response = await gateway.fetch(request, peer ? { req: { socket: { remoteAddress: peer } } } : {});
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

describe('NODE_ENV=production', () => {
  it('refuses introspection with GRAPHQL_VALIDATION_FAILED (HTTP 400), still answering __typename', async () => {
    const gateway = productionGateway();
    const refused = await post(gateway, '{ __schema { queryType { name } } }');
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(refused.body.errors?.[0]?.message).toMatch(/Introspection .* is off .*INTROSPECTION=true/);
    expect((await post(gateway, '{ __typename }')).body.data).toEqual({ __typename: 'Query' });
    expect((await post(productionGateway({ INTROSPECTION: 'true' }), '{ __type(name: "Country") { name } }')).body.data).toEqual({
      __type: { name: 'Country' },
    });
  });

  it('serves no GraphiQL page unless GRAPHIQL=true', async () => {
    const page = (gateway: Gateway) => gateway.fetch('http://gateway.test/graphql', { headers: { accept: 'text/html' } });
    const closed = await page(productionGateway());
    expect(closed.status).toBe(406);
    expect(await closed.text()).not.toMatch(/<html/i);
    expect((await page(productionGateway({ GRAPHIQL: 'true' }))).headers.get('content-type')).toContain('text/html');
  });

  it('fails start-up naming each missing *_API_URL instead of starting a sandbox', async () => {
    const gateway = spawnGateway({ NODE_ENV: 'production', PORT: '0', COUNTRY_API_URL: 'http://127.0.0.1:9' });
    expect(await gateway.exited).toBe(1);
    const output = gateway.output();
    for (const variable of ['CRYPTO_API_URL', 'BLOCKCHAIN_API_URL', 'ADDRESS_API_URL'])
      expect(output).toContain(`${variable} is not set: in production`);
    expect(output).not.toContain('COUNTRY_API_URL is not set');
    expect(output).toContain('ALLOW_SANDBOXES=true');
  });

  it("refuses C's admin fields to anonymous callers (401) even without identity configured", async () => {
    const { status, body } = await post(productionGateway(), '{ apiKeyLookups(key: "iddqd") }');
    expect(status).toBe(401);
    expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(body.errors?.[0]?.message).toContain('ADDRESS_ADMIN_OPERATIONS=true');
  });

  it("with identity, serves C's admin fields to the admin scope only (403 without it)", async () => {
    const gateway = productionGateway({ AUTH_API_KEYS_FILE: join(dataRoot, 'keys.json') });
    const query = '{ apiKeyLookups(key: "iddqd") }';
    const reader = await post(gateway, query, { 'x-api-key': READER_KEY });
    expect(reader.status).toBe(403);
    expect(reader.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const admin = await post(gateway, query, { 'x-api-key': ADMIN_KEY });
    expect(admin.body.data).toHaveProperty('apiKeyLookups');
    expect((await post(gateway, query)).status).toBe(401);
  });

  it("serves C's admin fields to anyone with ADDRESS_ADMIN_OPERATIONS=true", async () => {
    const { body } = await post(productionGateway({ ADDRESS_ADMIN_OPERATIONS: 'true' }), '{ apiKeyLookups(key: "iddqd") }');
    // The call reached C (whose sandbox then judges the key and user token itself).
    expect(body.data).toHaveProperty('apiKeyLookups');
  });

  it('refuses a cross-site form POST (CSRF prevention), and serves the same with a preflight header', async () => {
    const form = (headers: Record<string, string>) =>
      productionGateway().fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: `query=${encodeURIComponent('mutation { deleteLicensee(key: "iddqd", licensee: "x") { __typename } }')}`,
      });
    const refused = await form({ origin: 'https://evil.example' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Answer['body']).errors?.[0]?.extensions.code).toBe('BAD_REQUEST');
    expect((await form({ 'apollo-require-preflight': 'true' })).status).not.toBe(400);
  });

  it('ignores X-Forwarded-For from an untrusted (public) peer, for the visitor and for the per-address rate limit', async () => {
    const gateway = productionGateway({ RATE_LIMIT_PER_MINUTE_ANONYMOUS: '2' });
    const spoofed = (address: string) => post(gateway, '{ visitor { ip } }', { 'x-forwarded-for': address }, '203.0.113.5');
    expect((await spoofed('81.2.69.142')).body.data).toEqual({ visitor: { ip: '203.0.113.5' } });
    expect((await spoofed('81.2.69.143')).status).toBe(200);
    // A new address in the header is not a new caller: the third request is over the limit of 2.
    expect((await spoofed('81.2.69.144')).status).toBe(429);
    // Through a proxy on the private network (TRUST_PROXY's default), the address it appended is the caller.
    const proxied = await post(gateway, '{ visitor { ip } }', { 'x-forwarded-for': '198.51.100.7, 81.2.69.142' }, '10.0.0.2');
    expect(proxied.body.data).toEqual({ visitor: { ip: '81.2.69.142' } });
    const untrusting = productionGateway({ TRUST_PROXY: 'false' });
    expect((await post(untrusting, '{ visitor { ip } }', { 'x-forwarded-for': '81.2.69.142' }, '10.0.0.2')).body.data).toEqual({
      visitor: { ip: '10.0.0.2' },
    });
  });
});

describe('APQ', () => {
  it("a registration is a request, so it spends a token of the caller's rate limit", async () => {
    const gateway = productionGateway({ RATE_LIMIT_PER_MINUTE_ANONYMOUS: '2' });
    const query = '{ __typename }';
    const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(query) } };
    const send = (body: Record<string, unknown>) =>
      gateway.fetch(
        new Request('http://gateway.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        { req: { socket: { remoteAddress: '203.0.113.9' } } },
      );
    const registration = await send({ query, extensions });
    expect(registration.status).toBe(200);
    expect(registration.headers.get('ratelimit')).toMatch(/r=1\b/);
    expect((await send({ extensions })).headers.get('ratelimit')).toMatch(/r=0\b/);
    expect((await send({ query, extensions })).status).toBe(429);
  });
});
