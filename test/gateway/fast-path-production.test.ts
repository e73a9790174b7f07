/**
 * The request pipeline's two drivers agree in the production profile: the fast path (node:http,
 * createGatewayServer().listener) and Yoga's adapter alone (createGateway) get the same requests
 * with JWTs checked against a JWKS on loopback, caller rate limits and daily quotas, enforced
 * scopes, introspection off, APQ and a persisted-only pair, over POST, GET and SSE. Status, the
 * headers a client reads (RateLimit among them), the body, the log lines and the operation
 * counters must be the same; the fast gateway's `gateway_fast_path_operations_total` shows it
 * answered the production requests itself. Each gateway counts its callers in a store of its own,
 * so the same sequence of requests meets the same limits on both. Then a failure inside a step:
 * 500, the request id, INTERNAL_SERVER_ERROR, one error line with its cause.
 */
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { readCallerLimits } from '../../src/gateway/callers/caller-limits.js';
import { createCounterStore } from '../../src/gateway/callers/counter-store.js';
import { Identity } from '../../src/gateway/callers/identity.js';
import { loadIdentitySettings } from '../../src/gateway/callers/identity-config.js';
import { UPSTREAM_VARIABLES } from '../../src/gateway/config.js';
import { silentLogger } from '../../src/gateway/logger.js';
import { createGateway, createGatewayServer, type GatewayOptions } from '../../src/gateway/server.js';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/sandbox-server.js';
import { ROOT } from '../support/gateway.js';
import { sandboxUpstreams } from '../support/vendors.js';
import { type Answer, comparable, type Sent, send as sendTo, serve, type Served } from '../support/differential.js';

const ISSUER = 'https://issuer.test/';
const AUDIENCE = 'four-rest-one-graph';
const COMPARED_HEADERS = [
  'content-type',
  'content-length',
  'x-request-id',
  'vary',
  'www-authenticate',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'cache-control',
  'etag',
];
const ONE_COUNTRY = '{ country(code: "FR") { names { common official } codes { alpha2 alpha3 } population } }';
const ADMIN_QUERY = '{ keyConfigs(key: "ak_sandbox") { name } }';

let sandboxes: RunningSandbox[] = [];
let dataRoot: string;
let destroySchema: () => void;
let jwks: Server;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
/** The fast path in front of Yoga, and Yoga alone; then the same pair with PERSISTED_ONLY. */
let fast: Served;
let slow: Served;
let fastOnly: Served;
let slowOnly: Served;
/** The same pair with the whole-operation cache on. */
let fastCached: Served;
let slowCached: Served;

const PERSISTED_ID = 'one-country';

async function token(claims: Record<string, unknown>, expiresIn = 300): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'read', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now - 600)
    .setExpirationTime(now + expiresIn)
    .sign(keys.privateKey);
}

/** Sends `sent` to a gateway, reading the headers both drivers must agree on. */
const send = (port: number, sent: Sent): Promise<Answer> => sendTo(port, sent, COMPARED_HEADERS);

/** Sends `sent` to both gateways of a pair and expects the same answer and the same log lines. */
async function both(pair: [Served, Served], sent: Sent): Promise<Answer> {
  const [one, other] = pair;
  const from = [one.lines.length, other.lines.length] as const;
  const [a, b] = await Promise.all([send(one.port, sent), send(other.port, sent)]);
  expect({ sent, answer: a }).toEqual({ sent, answer: b });
  expect(one.lines.slice(from[0]).map(comparable)).toEqual(other.lines.slice(from[1]).map(comparable));
  return a;
}

async function fastPathCount(served: Served, result: 'answered' | 'handed_over'): Promise<number> {
  const metric = await served.metrics.registry.getSingleMetric('gateway_fast_path_operations_total')?.get();
  return metric?.values.find((value) => value.labels.result === result)?.value ?? 0;
}

/** Serves a gateway whose callers are counted in a store of its own, so both of a pair meet the same limits for the same requests. */
function serveCounting(
  make: (options: GatewayOptions) => RequestListener,
  base: Omit<GatewayOptions, 'logger' | 'metrics' | 'transport'>,
): Promise<Served> {
  const callerLimits = base.callerLimits && {
    settings: base.callerLimits.settings,
    counters: createCounterStore({ logger: silentLogger }),
  };
  return serve(make, { ...base, ...(callerLimits ? { callerLimits } : {}) });
}

beforeAll(async () => {
  const now = new Date();
  const clock = (): Date => now;
  dataRoot = mkdtempSync(join(tmpdir(), 'fast-path-production-'));
  keys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  sandboxes = await Promise.all(SANDBOXES.map((entry) => startSandbox(entry.create({ clock, dataDir: join(dataRoot, entry.upstream) }))));
  const built = await buildGatewaySchema(ROOT, {});
  destroySchema = built.destroy;
  const env = {
    AUTH_REQUIRED: 'true',
    AUTH_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
    AUTH_ISSUER: ISSUER,
    AUTH_AUDIENCE: AUDIENCE,
    AUTH_TIERS: 'metered',
    RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE_METERED: '3',
    [`${UPSTREAM_VARIABLES['country-data'].dailyQuota}_METERED`]: '1',
  };
  const base = {
    schema: built.schema,
    upstreams: sandboxUpstreams(sandboxes),
    upstreamTimeoutMs: 10_000,
    cacheTtlMs: 0,
    clock,
    sandboxUpstreams: SANDBOXES.map((entry) => entry.upstream),
    identity: new Identity(loadIdentitySettings(env, UPSTREAM_VARIABLES)),
    callerLimits: { settings: readCallerLimits(env, UPSTREAM_VARIABLES), counters: createCounterStore({ logger: silentLogger }) },
    posture: { introspection: 'off' as const, graphiql: false, addressAdminOperations: false },
  };
  const documents = new Map([[PERSISTED_ID, ONE_COUNTRY]]);
  const cached = { ...base, operationCache: { maxBytes: 1_000_000 } };
  [fast, slow, fastOnly, slowOnly, fastCached, slowCached] = await Promise.all([
    serveCounting((options) => createGatewayServer(options).listener, base),
    serveCounting((options) => createGateway(options), base),
    serveCounting((options) => createGatewayServer(options).listener, { ...base, persisted: { documents, only: true } }),
    serveCounting((options) => createGateway(options), { ...base, persisted: { documents, only: true } }),
    serveCounting((options) => createGatewayServer(options).listener, cached),
    serveCounting((options) => createGateway(options), cached),
  ]);
}, 90_000);

afterAll(async () => {
  for (const served of [fast, slow, fastOnly, slowOnly, fastCached, slowCached]) {
    await new Promise<void>((resolve) => served.server.close(() => resolve()));
    await served.transport.close();
  }
  destroySchema();
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

const post = (query: string, authorization?: string, extra: Record<string, unknown> = {}): Sent => ({
  headers: { 'content-type': 'application/json', ...(authorization ? { authorization: `Bearer ${authorization}` } : {}) },
  body: JSON.stringify({ query, ...extra }),
});

describe('in the production profile, the fast path answers as Yoga does', () => {
  it('a valid token: answered by the fast path itself, with its RateLimit fields', async () => {
    const reader = await token({ sub: 'reader-1' });
    await both([fast, slow], post(ONE_COUNTRY, reader));
    const answered = await fastPathCount(fast, 'answered');
    const answer = await both([fast, slow], post(ONE_COUNTRY, reader));
    expect(answer.status).toBe(200);
    expect(answer.headers.ratelimit).toBeDefined();
    expect(await fastPathCount(fast, 'answered')).toBe(answered + 1);
  });

  it('GET, and a token given again (remembered, not verified twice)', async () => {
    const reader = await token({ sub: 'reader-get' });
    const get: Sent = {
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent(ONE_COUNTRY)}`,
      headers: { authorization: `Bearer ${reader}` },
    };
    await both([fast, slow], get);
    const answered = await fastPathCount(fast, 'answered');
    for (let round = 0; round < 3; round += 1) expect((await both([fast, slow], get)).status).toBe(200);
    expect(await fastPathCount(fast, 'answered')).toBe(answered + 3);
  });

  it('expired, malformed and missing tokens: 401 with the challenge', async () => {
    await both([fast, slow], post(ONE_COUNTRY, await token({ sub: 'reader-1' })));
    for (const sent of [post(ONE_COUNTRY, await token({ sub: 'late' }, -60)), post(ONE_COUNTRY, 'not.a.token'), post(ONE_COUNTRY)]) {
      const answer = await both([fast, slow], sent);
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('a field needing a scope the token lacks: refused whole, 403, though an operator made its plan', async () => {
    const operator = await token({ sub: 'operator-1', scope: 'read admin' });
    for (let round = 0; round < 2; round += 1) expect((await both([fast, slow], post(ADMIN_QUERY, operator))).status).toBe(200);
    const reader = await token({ sub: 'reader-1' });
    for (let round = 0; round < 2; round += 1) {
      const answer = await both([fast, slow], post(ADMIN_QUERY, reader));
      expect(answer.status).toBe(403);
      expect(answer.body).toContain('FORBIDDEN');
    }
  });

  it('introspection off: refused to a caller with a token too', async () => {
    const reader = await token({ sub: 'reader-1' });
    for (let round = 0; round < 2; round += 1)
      expect((await both([fast, slow], post('{ __schema { queryType { name } } }', reader))).status).toBe(400);
  });

  it('a metered caller past its rate limit (3 a minute): 429 with Retry-After and RateLimit', async () => {
    const metered = await token({ sub: 'metered-rate', tier: 'metered' });
    const statuses: number[] = [];
    for (let round = 0; round < 5; round += 1) statuses.push((await both([fast, slow], post('{ __typename }', metered))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("a metered caller whose operation's estimate passes its daily quota at D: 429 QUOTA_EXCEEDED", async () => {
    const metered = await token({ sub: 'metered-quota', tier: 'metered' });
    const twoCountries = '{ fr: country(code: "FR") { population } de: country(code: "DE") { population } }';
    const answer = await both([fast, slow], post(twoCountries, metered));
    expect(answer.status).toBe(429);
    expect(answer.body).toContain('QUOTA_EXCEEDED');
    expect((await both([fast, slow], post(twoCountries, metered))).status).toBe(429);
  });

  it('a metered caller whose last unit goes to an answer with errors gets that answer, not a refusal of the unit it spent', async () => {
    const unknownProperty = '{ countriesWhere(property: "no.such.field", value: "x") { nodes { population } } }';
    // Another caller has the plan made, so the metered caller's one request is the fast path's: it
    // spends the unit, then hands the answer with its error over to Yoga's path.
    await both([fast, slow], post(unknownProperty, await token({ sub: 'reader-unknown' })));
    const handed = await fastPathCount(fast, 'handed_over');
    const answer = await both([fast, slow], post(unknownProperty, await token({ sub: 'metered-last-unit', tier: 'metered' })));
    expect(await fastPathCount(fast, 'handed_over')).toBe(handed + 1);
    expect(JSON.parse(answer.body)).toMatchObject({
      data: { countriesWhere: null },
      errors: [{ extensions: { code: 'NOT_FOUND' } }],
      extensions: { cost: { quota: { 'country-data': { remaining: 0 } } } },
    });
  });

  it("APQ: registered on Yoga's path, then run by its hash alone on the fast path", async () => {
    const reader = await token({ sub: 'reader-apq' });
    const query = '{ country(code: "JP") { names { common } } }';
    const hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
    expect((await both([fast, slow], post(query, reader, { extensions }))).status).toBe(200);
    const byHash: Sent = {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reader}` },
      body: JSON.stringify({ extensions }),
    };
    const answered = await fastPathCount(fast, 'answered');
    expect((await both([fast, slow], byHash)).status).toBe(200);
    expect(await fastPathCount(fast, 'answered')).toBe(answered + 1);
  });

  it('PERSISTED_ONLY: an id from the documents file runs on the fast path; a query text is refused', async () => {
    const reader = await token({ sub: 'reader-persisted' });
    const byId: Sent = {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reader}` },
      body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: PERSISTED_ID } } }),
    };
    expect((await both([fastOnly, slowOnly], byId)).status).toBe(200);
    const answered = await fastPathCount(fastOnly, 'answered');
    expect((await both([fastOnly, slowOnly], byId)).status).toBe(200);
    expect(await fastPathCount(fastOnly, 'answered')).toBe(answered + 1);
    const refused = await both([fastOnly, slowOnly], post(ONE_COUNTRY, reader));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('PERSISTED_QUERY_ONLY');
  });

  it('an SSE subscription is opened by the fast path, with the caller settled', async () => {
    const reader = await token({ sub: 'reader-sse' });
    const subscription = 'subscription { stablecoinState { reserveRatio } }';
    const open = async (served: Served): Promise<string> =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify({ query: subscription });
        const outgoing = httpRequest(
          {
            host: '127.0.0.1',
            port: served.port,
            path: '/graphql',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              authorization: `Bearer ${reader}`,
              'content-length': String(Buffer.byteLength(body)),
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              if (text.includes('event: next')) response.destroy();
            });
            response.on('close', () =>
              resolve(`${response.statusCode} ${response.headers['content-type']} ${text.includes('"reserveRatio"')}`),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    expect(await open(fast)).toBe(await open(slow));
    const answered = await fastPathCount(fast, 'answered');
    expect(await open(fast)).toBe('200 text/event-stream true');
    expect(await fastPathCount(fast, 'answered')).toBe(answered + 1);
  });

  it('with the whole-operation cache: a miss, then a hit with no vendor call, then a 304 to If-None-Match', async () => {
    const reader = await token({ sub: 'reader-cached' });
    const get: Sent = {
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent(ONE_COUNTRY)}`,
      headers: { authorization: `Bearer ${reader}` },
    };
    const first = await both([fastCached, slowCached], get);
    expect(first.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const hit = await both([fastCached, slowCached], get);
    expect(JSON.parse(hit.body).extensions.cost.answeredFromCache).toBe(true);
    const answered = await fastPathCount(fastCached, 'answered');
    const revalidated = await both([fastCached, slowCached], {
      ...get,
      headers: { ...get.headers, 'if-none-match': String(hit.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect(await fastPathCount(fastCached, 'answered')).toBe(answered + 1);
  });

  it('a metered caller out of quota is still answered from the cache, which spends none; a miss is refused', async () => {
    const metered = await token({ sub: 'metered-cached', tier: 'metered' });
    const get = (query: string): Sent => ({
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent(query)}`,
      headers: { authorization: `Bearer ${metered}` },
    });
    expect((await both([fastCached, slowCached], get(ONE_COUNTRY))).status).toBe(200);
    const hit = await both([fastCached, slowCached], get(ONE_COUNTRY));
    expect(hit.status).toBe(200);
    expect(JSON.parse(hit.body).extensions.cost).toMatchObject({
      answeredFromCache: true,
      quota: { 'country-data': { used: 1, remaining: 0 } },
    });
    const miss = await both([fastCached, slowCached], get('{ country(code: "DE") { population } }'));
    expect(miss.status).toBe(429);
    expect(miss.body).toContain('QUOTA_EXCEEDED');
  });

  it('any sequence of callers, operations and methods meets the same answers on both paths, cache off and on', async () => {
    const operations = [
      ONE_COUNTRY,
      '{ fr: country(code: "FR") { population } de: country(code: "DE") { population } }',
      '{ countriesWhere(property: "no.such.field", value: "x") { nodes { population } } }',
      ADMIN_QUERY,
      '{ __schema { queryType { name } } }',
      '{ __typename }',
      '{ country(code: "FR") { population }',
    ];
    const callers = ['reader', 'operator', 'metered', 'expired', 'malformed', 'none'] as const;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(fc.record({ caller: fc.constantFrom(...callers), operation: fc.constantFrom(...operations), get: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (cached, steps) => {
          // Callers of their own per run, so each run starts with fresh limits and quotas.
          run += 1;
          const tokens: Record<(typeof callers)[number], string | undefined> = {
            reader: await token({ sub: `property-${run}-reader` }),
            operator: await token({ sub: `property-${run}-operator`, scope: 'read admin' }),
            metered: await token({ sub: `property-${run}-metered`, tier: 'metered' }),
            expired: await token({ sub: `property-${run}-expired` }, -60),
            malformed: 'not.a.token',
            none: undefined,
          };
          for (const { caller, operation, get } of steps) {
            const authorization = tokens[caller];
            const sent: Sent = get
              ? {
                  method: 'GET',
                  path: `/graphql?query=${encodeURIComponent(operation)}`,
                  headers: authorization ? { authorization: `Bearer ${authorization}` } : {},
                }
              : post(operation, authorization);
            await both(cached ? [fastCached, slowCached] : [fast, slow], sent);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('counted the same operations, outcomes and error codes', async () => {
    const counters = async (served: Served): Promise<unknown> => {
      const values = await Promise.all(
        ['gateway_graphql_operations_total', 'gateway_graphql_errors_total'].map(
          async (name) => (await served.metrics.registry.getSingleMetric(name)?.get())?.values,
        ),
      );
      return values.map((list) => [...(list ?? [])].sort((a, b) => JSON.stringify(a.labels).localeCompare(JSON.stringify(b.labels))));
    };
    expect(await counters(fast)).toEqual(await counters(slow));
  });
});

describe('a failure inside a step', () => {
  it('answers 500 with the request id and INTERNAL_SERVER_ERROR, and logs one error line with its cause', async () => {
    class FailingIdentity extends Identity {
      override identify(): never {
        throw new Error('the identity step broke');
      }
    }
    const built = await buildGatewaySchema(ROOT, {});
    try {
      const broken = await serveCounting((options) => createGatewayServer(options).listener, {
        schema: built.schema,
        upstreams: sandboxUpstreams(sandboxes),
        upstreamTimeoutMs: 10_000,
        cacheTtlMs: 0,
        identity: new FailingIdentity({ required: true, realm: 'gateway' }),
      });
      try {
        const answer = await send(broken.port, {
          ...post(ONE_COUNTRY),
          headers: { ...post(ONE_COUNTRY).headers, 'x-request-id': 'req-broken-1' },
        });
        expect(answer.status).toBe(500);
        expect(answer.headers['x-request-id']).toBe('req-broken-1');
        expect(JSON.parse(answer.body)).toEqual({
          errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        });
        const errors = broken.lines.filter((line) => (line.level as number) >= 50);
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatchObject({ requestId: 'req-broken-1', err: { message: 'the identity step broke' } });
      } finally {
        await new Promise<void>((resolve) => broken.server.close(() => resolve()));
        await broken.transport.close();
      }
    } finally {
      built.destroy();
    }
  });
});
